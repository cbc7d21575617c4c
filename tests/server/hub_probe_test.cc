// The probe of hidden information over the hub: a whole game between two seats played by the
// test (each seat's moves chosen by the game's heuristic, sent through that seat's connection),
// while the test collects every message the other seat and an observer receive: state messages,
// game summaries, logs, the observation endpoint and odds answers for the deciding seat's
// actions. None may name what the other seat holds hidden at that moment: Pocket Battles' picked
// troops (while face down) and the DP they cost, Rivet Wars' Action! cards in hand and secret
// missions (ids and names).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "engine/player.h"
#include "engine/session.h"
#include "games/pocket/pocket.h"
#include "games/rivet/rivet.h"
#include "hub_fixture.h"

namespace feldherr::server::hubtest {
namespace {

// What `viewer` must not read about `owner` in `state`: strings that name the owner's hidden
// things. Pocket: a troop type that the viewer's own observation contains (the same type face up
// elsewhere) is not a secret. Rivet Wars: every card and secret mission exists once, so its id or
// name anywhere the viewer reads, the observation included, tells where it is.
std::vector<std::string> secrets_of(const State& state, int owner, int viewer) {
  std::vector<std::string> out;
  if (const auto* p = dynamic_cast<const pocket::PocketState*>(&state)) {
    for (int t = 0; t < p->n_troops; ++t) {
      const pocket::Troop& tr = p->troops[static_cast<size_t>(t)];
      if (tr.owner != owner || p->troop_visible(t, viewer)) continue;
      out.push_back(p->pgame().army(owner).troops[tr.type].id);
    }
    // The selection prompt's count of the owner's DP (PB Aufbau 4: picks are secret).
    const int dp = p->players[static_cast<size_t>(owner)].picked_dp;
    if (dp > 0 && p->phase <= pocket::kForm)
      out.push_back(
          fmt::format("{}: pick a troop or say done ({} of", state.game().side_name(owner).en, dp));
  } else if (const auto* r = dynamic_cast<const rivet::RivetState*>(&state)) {
    const rivet::RivetData& data = r->rgame().data();
    for (int c : r->hands[static_cast<size_t>(owner)]) {
      out.push_back(data.actions[static_cast<size_t>(c)].id);
      out.push_back(data.actions[static_cast<size_t>(c)].name);
    }
    for (int s : r->secrets[static_cast<size_t>(owner)]) {
      out.push_back(data.secrets[static_cast<size_t>(s)].id);
      out.push_back(data.secrets[static_cast<size_t>(s)].name);
    }
    return out;
  }
  const std::string seen = state.observe(viewer).dump();
  out.erase(std::remove_if(out.begin(), out.end(),
                           [&](const std::string& s) { return seen.find(s) != std::string::npos; }),
            out.end());
  return out;
}

struct Leak {
  int step;
  std::string viewer, channel, secret, excerpt;
};

// Plays `game` between two seats driven by the test and returns every leak found.
// `reactions` counts the reaction windows met (Rivet Wars: a card in hand may be played).
std::vector<Leak> probe(const std::string& game_id, int max_steps, int& steps, bool& finished,
                        int& reactions) {
  HubFixture f("probe");
  json c = f.create({{"game", game_id}});
  const std::string id = c["id"];
  const GameModule* module = test_registry().find(game_id.substr(0, game_id.find('/')));
  std::optional<StoredGame> stored = f.store().find_game(id);
  auto game = test_registry().create(game_id, {});
  const auto& sides = game->seats();
  std::vector<std::string> tokens;
  for (const std::string& side : sides) tokens.push_back(c["seats"][side]["token"]);
  std::vector<Conn> seats(sides.size());
  Conn observer;
  for (size_t i = 0; i < sides.size(); ++i)
    EXPECT_TRUE(seats[i].open(f.hub(), id, tokens[i]).is_null());
  EXPECT_TRUE(observer.open(f.hub(), id, "").is_null());
  std::vector<std::unique_ptr<Player>> drivers;
  for (size_t i = 0; i < sides.size(); ++i)
    drivers.push_back(module->make_heuristic(static_cast<int>(i), 1000 + i));
  Session referee(game);
  size_t applied = 0;
  std::vector<Leak> leaks;
  std::vector<size_t> log_seen(sides.size() + 1, 0);  // per viewer (observer first)
  finished = false;
  for (steps = 0; steps < max_steps; ++steps) {
    std::vector<StoredRow> rows = f.store().rows(id);
    for (; applied < rows.size(); ++applied) {
      if (rows[applied].kind == "action") {
        EXPECT_EQ(referee.act(Action::from_id(rows[applied].action_id)), "");
      }
    }
    const State& state = referee.state();
    if (state.is_terminal()) {
      finished = true;
      break;
    }
    const int decider = state.current_seat();
    if (state.decision().kind == "reaction") ++reactions;
    EXPECT_GE(decider, 0);
    if (decider < 0) break;
    // The decider's legal texts, as it sees them: asked about by everyone else.
    json mine = seats[static_cast<size_t>(decider)].state(f.hub());
    std::vector<json> asks;
    for (size_t i = 0; i < mine["legal"].size() && i < 3; ++i)
      asks.push_back({{"type", "odds"}, {"action", mine["legal"][i]["text"]}});
    // Every viewer's messages now.
    for (int v = -1; v < static_cast<int>(sides.size()); ++v) {
      if (v == decider) continue;
      const int viewer = v < 0 ? kObserver : v;
      Conn& conn = v < 0 ? observer : seats[static_cast<size_t>(v)];
      const std::string token = v < 0 ? "" : tokens[static_cast<size_t>(v)];
      const std::string q = token.empty() ? "" : "?token=" + token;
      std::vector<std::pair<std::string, json>> got = {{"state", conn.state(f.hub())},
                                                       {"summary", f.summary(id, token)}};
      if (steps % 10 == 0) {
        // The log's entries since the last look (older ones were checked when they were new: a
        // card named in a public event long ago, e.g. a deviation card, may be in a hand now).
        json log = f.http("GET", "/api/games/" + id + "/log" + q)["actions"];
        size_t& from = log_seen[static_cast<size_t>(v + 1)];
        json fresh = json::array();
        for (size_t i = from; i < log.size(); ++i) fresh.push_back(log[i]);
        from = log.size();
        got.emplace_back("log", fresh);
        got.emplace_back(
            "observation",
            f.http("GET", "/api/games/" + id + "/observation" + q +
                              (token.empty() ? "" : "&view=" + sides[static_cast<size_t>(v)])));
      }
      for (const json& ask : asks)
        for (const json& answer : conn.send(f.hub(), ask)) got.emplace_back("odds", answer);
      for (int owner = 0; owner < static_cast<int>(sides.size()); ++owner) {
        if (owner == viewer) continue;
        for (const std::string& secret : secrets_of(state, owner, viewer))
          for (const auto& [channel, message] : got) {
            const std::string text = message.dump();
            auto at = text.find(secret);
            if (at == std::string::npos) continue;
            leaks.push_back({steps, v < 0 ? "observer" : sides[static_cast<size_t>(v)], channel,
                             secret, text.substr(at > 80 ? at - 80 : 0, 200)});
          }
      }
    }
    // The decider moves (its heuristic on the true position: it plays its own seat).
    Action a = drivers[static_cast<size_t>(decider)]->choose(state);
    std::vector<json> r =
        seats[static_cast<size_t>(decider)].send(f.hub(), {{"type", "action"},
                                                           {"state_id", mine["state_id"]},
                                                           {"action_id", std::to_string(a.id())}});
    for (const json& m : r) EXPECT_NE(m["type"], "error") << m;
  }
  return leaks;
}

std::string report(const std::vector<Leak>& leaks) {
  std::string out;
  for (size_t i = 0; i < leaks.size() && i < 12; ++i)
    out += fmt::format("step {} to {} via {}: '{}' in ...{}...\n", leaks[i].step, leaks[i].viewer,
                       leaks[i].channel, leaks[i].secret, leaks[i].excerpt);
  return out + fmt::format("({} leaks)", leaks.size());
}

TEST(HubProbe, AWholePocketGameShowsNoPickToTheOtherSeatOrObservers) {
  int steps = 0, reactions = 0;
  bool finished = false;
  std::vector<Leak> leaks = probe("pocket/orcs-vs-elves", 3000, steps, finished, reactions);
  EXPECT_TRUE(finished) << steps << " steps";
  EXPECT_TRUE(leaks.empty()) << report(leaks);
}

TEST(HubProbe, AWholeRivetMissionShowsNoCardOrSecretMissionToTheOtherSeatOrObservers) {
  // The dice (a fresh secret per game) decide whether a card may be played in reply: missions
  // are played until three reaction windows were met.
  int reactions = 0;
  for (int mission = 0; mission < 8 && reactions < 3; ++mission) {
    int steps = 0;
    bool finished = false;
    std::vector<Leak> leaks = probe("rivet/mission-3", 6000, steps, finished, reactions);
    EXPECT_TRUE(finished) << steps << " steps";
    EXPECT_TRUE(leaks.empty()) << report(leaks);
  }
  EXPECT_GE(reactions, 3);
}

}  // namespace
}  // namespace feldherr::server::hubtest
