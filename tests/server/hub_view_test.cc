// Every text the hub sends a viewer is that viewer's own (engine/view.h): the state message, the
// game summary, the observation endpoint and the error texts come from decision_for(viewer),
// describe_for and legal_json(view_of(state, viewer)), never from the referee's decision().
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>
#include <random>

#include "engine/session.h"
#include "engine/view.h"
#include "hub_fixture.h"

namespace feldherr::server::hubtest {
namespace {

// The game's current state, rebuilt from the stored rows (the referee's view, for comparing).
std::unique_ptr<State> stored_state(HubFixture& f, const std::string& id,
                                    std::shared_ptr<const Game>& game) {
  json s = f.summary(id);
  std::optional<StoredGame> stored = f.store().find_game(id);
  EXPECT_TRUE(stored);
  Options options;
  json opts = json::parse(stored->options_json);
  for (auto it = opts.begin(); it != opts.end(); ++it)
    options.emplace_back(it.key(), it->get<std::string>());
  game = test_registry().create(stored->game + "/" + stored->scenario, options);
  Session session(game);
  for (const StoredRow& r : f.store().rows(id)) {
    if (r.kind == "action") {
      EXPECT_EQ(session.act(Action::from_id(r.action_id)), "");
    } else if (r.kind == "undo") {
      EXPECT_TRUE(session.undo());
    }
  }
  return session.state().clone();
}

// Dice Race with the planted bug "prompt-names-card": decision_for() (the viewer's form) differs
// from decision() (the referee's) by a suffix naming a card. The hub must send the former.
const json kBuggedRace = {{"game", "dice-race/race"},
                          {"options", {{"bug", "prompt-names-card"}}},
                          {"seats", {{"red", "human"}, {"blue", "human"}}}};

TEST(HubView, StateSummaryAndObservationSendTheViewersDecisionForAndLegalTexts) {
  HubFixture f("view");
  json c = f.create(kBuggedRace);
  const std::string id = c["id"];
  const std::string red = c["seats"]["red"]["token"], blue = c["seats"]["blue"]["token"];
  Conn rc, bc, oc;
  ASSERT_TRUE(rc.open(f.hub(), id, red).is_null());  // red joins: the deal is rolled
  ASSERT_TRUE(bc.open(f.hub(), id, blue).is_null());
  ASSERT_TRUE(oc.open(f.hub(), id, "").is_null());
  std::shared_ptr<const Game> game;
  std::unique_ptr<State> state = stored_state(f, id, game);
  ASSERT_EQ(state->current_seat(), toy::kRed);
  ASSERT_NE(state->decision_for(toy::kRed).prompt, state->decision().prompt);  // the fixture
  struct Viewer {
    int seat;
    std::string token;
    Conn* conn;
  };
  for (const Viewer& v :
       {Viewer{toy::kRed, red, &rc}, Viewer{toy::kBlue, blue, &bc}, Viewer{kObserver, "", &oc}}) {
    View view = view_of(*state, v.seat);
    json expected_decision = decision_json(*game, view);
    json expected_legal = legal_json(view);
    json msg = v.conn->state(f.hub());
    EXPECT_EQ(msg["decision"], expected_decision) << v.seat;
    EXPECT_EQ(msg["legal"], expected_legal) << v.seat;
    EXPECT_EQ(msg["observation"], view.observation) << v.seat;
    json sum = f.summary(id, v.token);
    EXPECT_EQ(sum["decision"], expected_decision) << v.seat;
    EXPECT_EQ(sum["legal"], expected_legal) << v.seat;
  }
  json obs = f.http("GET", "/api/games/" + id + "/observation");
  EXPECT_EQ(obs["decision"], state->decision_for(kObserver).prompt);
  // The deciding seat's legal actions carry the game's notes (annotate) next to their texts.
  json legal = rc.state(f.hub())["legal"];
  ASSERT_FALSE(legal.empty());
  for (const json& a : legal) EXPECT_TRUE(a["text"].is_string());
}

// docs/protocol.md "Two languages": a legal action's note comes in German too (`note_de`, where it
// differs): a WSR move's cost in Bewegungspunkte. Both sides set up at once, then the drawn
// formation's side selects a unit (WSR 4.4), whose moves carry their cost (WSR 5.0).
TEST(HubView, WSR5_0_TheNotesOfAMoveComeInGermanToo) {
  HubFixture f("view-note-de");
  json c = f.create({{"game", "wsr/noville"}, {"seats", {{"us", "human"}, {"de", "human"}}}});
  const std::string id = c["id"];
  Conn us, de;
  ASSERT_TRUE(us.open(f.hub(), id, c["seats"]["us"]["token"]).is_null());
  ASSERT_TRUE(de.open(f.hub(), id, c["seats"]["de"]["token"]).is_null());
  // The first of `prefixes` that begins a legal action's text, in that order.
  auto pick = [](const json& legal, std::initializer_list<const char*> prefixes) -> json {
    for (const char* p : prefixes)
      for (const json& a : legal)
        if (a["text"].get<std::string>().rfind(p, 0) == 0) return a;
    return nullptr;
  };
  json noted = nullptr;
  for (int step = 0; step < 40 && noted.is_null(); ++step) {
    json msg = us.state(f.hub());
    Conn* deciding = &us;
    if (msg["legal"].empty()) {
      msg = de.state(f.hub());
      deciding = &de;
    }
    ASSERT_FALSE(msg["legal"].empty()) << msg["decision"].dump();
    for (const json& a : msg["legal"])
      if (a.contains("note_de")) noted = a;
    if (!noted.is_null()) break;
    json a = pick(msg["legal"], {"auto-setup", "no-fate", "select", "draw", "pass"});
    ASSERT_FALSE(a.is_null()) << msg["legal"].dump();
    deciding->send(f.hub(),
                   {{"type", "action"}, {"state_id", msg["state_id"]}, {"action_id", a["id"]}});
  }
  ASSERT_FALSE(noted.is_null());
  EXPECT_EQ(noted["verb"], "move");
  EXPECT_THAT(noted["note"].get<std::string>(), ::testing::MatchesRegex("[0-9]+ MP, [0-9]+ left"));
  EXPECT_THAT(noted["note_de"].get<std::string>(),
              ::testing::MatchesRegex("[0-9]+ BP, noch [0-9]+"));
}

TEST(HubView, NotYourTurnAndIllegalErrorsQuoteNoPromptOfAnotherSeat) {
  HubFixture f("errors");
  json c = f.create(kBuggedRace);
  const std::string id = c["id"];
  Conn rc, bc;
  ASSERT_TRUE(rc.open(f.hub(), id, c["seats"]["red"]["token"]).is_null());
  ASSERT_TRUE(bc.open(f.hub(), id, c["seats"]["blue"]["token"]).is_null());
  std::shared_ptr<const Game> game;
  std::unique_ptr<State> state = stored_state(f, id, game);
  const std::string referee_prompt = state->decision().prompt;
  const std::string red_prompt = state->decision_for(toy::kRed).prompt;
  int64_t sid = rc.state(f.hub())["state_id"];
  // Blue acts out of turn: the refusal names whose decision it is, not red's prompt.
  std::vector<json> r =
      bc.send(f.hub(), {{"type", "action"}, {"state_id", sid}, {"action", "pass"}});
  ASSERT_FALSE(r.empty());
  EXPECT_EQ(r[0]["code"], "not_your_turn");
  const std::string text = r[0]["message"];
  EXPECT_EQ(text.find(referee_prompt), std::string::npos) << text;
  EXPECT_EQ(text.find(red_prompt), std::string::npos) << text;
  EXPECT_EQ(text.find("holds"), std::string::npos) << text;
  // Red sends an id that is no legal action: the refusal quotes red's own prompt.
  r = rc.send(f.hub(), {{"type", "action"}, {"state_id", sid}, {"action_id", "999999999999"}});
  ASSERT_FALSE(r.empty());
  EXPECT_EQ(r[0]["code"], "illegal");
  EXPECT_NE(r[0]["message"].get<std::string>().find(red_prompt), std::string::npos) << r[0];
}

// Pocket Battles: the orcs' first pick is secret (PB Aufbau 4). The elves and observers see
// "pick (hidden)"; no text they receive names the troop or the orcs' DP used.
// Depends on Pocket's decision_for override (the selection and forming prompts).
TEST(HubView, PocketPickStaysHiddenFromTheOpponentAndObservers) {
  HubFixture f("pocket-pick");
  json c = f.create(
      {{"game", "pocket/orcs-vs-elves"}, {"seats", {{"orcs", "human"}, {"elves", "human"}}}});
  const std::string id = c["id"];
  const std::string orcs = c["seats"]["orcs"]["token"], elves = c["seats"]["elves"]["token"];
  Conn oc, ec, xc;
  ASSERT_TRUE(oc.open(f.hub(), id, orcs).is_null());
  ASSERT_TRUE(ec.open(f.hub(), id, elves).is_null());
  ASSERT_TRUE(xc.open(f.hub(), id, "").is_null());
  json s = oc.state(f.hub());
  ASSERT_EQ(s["decision"]["seat"], "orcs");
  // The orcs pick their most expensive troop (the troll: the only 10-DP troop).
  std::string pick;
  for (const json& a : s["legal"]) {
    std::string t = a["text"];
    if (t.find("troll") != std::string::npos) pick = t;
  }
  ASSERT_FALSE(pick.empty()) << s["legal"].dump();
  std::vector<json> r =
      oc.send(f.hub(), {{"type", "action"}, {"state_id", s["state_id"]}, {"action", pick}});
  EXPECT_TRUE(r.empty()) << r[0].dump();
  // Then whatever the orcs owe while the troll is still unformed or unrevealed: form it.
  for (int i = 0; i < 3; ++i) {
    json m = oc.state(f.hub());
    if (m["decision"]["seat"] != "orcs" || m["decision"]["kind"] != "form") break;
    oc.send(f.hub(),
            {{"type", "action"}, {"state_id", m["state_id"]}, {"action_id", m["legal"][0]["id"]}});
  }
  json orcs_view = oc.state(f.hub());
  std::shared_ptr<const Game> game;
  std::unique_ptr<State> state = stored_state(f, id, game);
  const std::string dp_used = "(10 of ";  // the orcs' DP used after the troll
  for (Conn* conn : {&ec, &xc}) {
    std::vector<json> seen = {conn->state(f.hub()), f.summary(id, conn == &ec ? elves : ""),
                              f.http("GET", "/api/games/" + id + "/log" +
                                                (conn == &ec ? "?token=" + elves : std::string())),
                              f.http("GET", "/api/games/" + id + "/observation")};
    for (const json& m : seen) {
      const std::string text = m.dump();
      EXPECT_EQ(text.find("troll"), std::string::npos) << text;
      EXPECT_EQ(text.find("Troll"), std::string::npos) << text;  // the log's labels
      EXPECT_EQ(text.find(dp_used), std::string::npos) << text;
    }
  }
  (void)orcs_view;
  // The orcs read their own pick in their log by its label, in both languages.
  const json own = f.http("GET", "/api/games/" + id + "/log?token=" + orcs)["actions"];
  bool labelled = false;
  for (const json& a : own)
    if (a["text"] == pick) {
      EXPECT_EQ(a["label"]["en"], "Pick Troll") << a.dump();
      EXPECT_EQ(a["label"]["de"], "Troll wählen") << a.dump();
      labelled = true;
    }
  EXPECT_TRUE(labelled) << own.dump();
}

// Odds are for the asking seat's own decision (docs/protocol.md "odds"): an observer or the
// other seat gets one refusal, the same for a legal action, an illegal one, a text that does not
// parse and an unknown id, so the answer says nothing about what the deciding seat holds.
TEST(HubOdds, AnyoneButTheDecidingSeatGetsTheSameRefusalWhateverIsAsked) {
  HubFixture f("odds");
  json c = f.create(
      {{"game", "pocket/orcs-vs-elves"}, {"seats", {{"orcs", "human"}, {"elves", "human"}}}});
  const std::string id = c["id"];
  Conn oc, ec, xc;
  ASSERT_TRUE(oc.open(f.hub(), id, c["seats"]["orcs"]["token"]).is_null());
  ASSERT_TRUE(ec.open(f.hub(), id, c["seats"]["elves"]["token"]).is_null());
  ASSERT_TRUE(xc.open(f.hub(), id, "").is_null());
  json s = oc.state(f.hub());
  ASSERT_EQ(s["decision"]["seat"], "orcs");
  std::vector<json> asks;
  for (size_t i = 0; i < s["legal"].size() && i < 4; ++i) {
    asks.push_back({{"type", "odds"}, {"action", s["legal"][i]["text"]}});
    asks.push_back({{"type", "odds"}, {"action_id", s["legal"][i]["id"]}});
  }
  asks.push_back({{"type", "odds"}, {"action", "pick elves.archer"}});  // the other army's troop
  asks.push_back({{"type", "odds"}, {"action", "fly to the moon"}});
  asks.push_back({{"type", "odds"}, {"action_id", "999999999999"}});
  asks.push_back({{"type", "odds"}, {"action_id", "12x"}});
  std::optional<json> first;
  for (Conn* conn : {&ec, &xc}) {
    for (const json& ask : asks) {
      std::vector<json> r = conn->send(f.hub(), ask);
      ASSERT_EQ(r.size(), 1u) << ask;
      EXPECT_EQ(r[0]["type"], "error") << ask;
      EXPECT_EQ(r[0]["code"], "not_your_decision") << ask << " -> " << r[0];
      if (!first) first = r[0];
      EXPECT_EQ(r[0], *first) << ask;
    }
  }
  // The deciding seat is answered about its own actions.
  std::vector<json> mine = oc.send(f.hub(), asks[0]);
  ASSERT_EQ(mine.size(), 1u);
  EXPECT_NE(mine[0]["code"], "not_your_decision") << mine[0];
}

// The network threads answer a live game's summary themselves (Hub::http_now): the same reply
// as http(), and never when answering could wait for the disk (a game to load, an opening to
// roll) — those go to the handler pool (nullopt).
TEST(HubView, SummaryAnsweredAtOnceEqualsThePooledReplyAndNeverRollsOrLoads) {
  HubOptions o = HubFixture::no_worker();
  o.idle = std::chrono::seconds(0);
  HubFixture f("http-now", o);
  json c = f.create(
      {{"game", "rivet/mission-1"}, {"seats", {{"allies", "human"}, {"bismark", "human"}}}});
  const std::string id = c["id"];
  const std::string allies = c["seats"]["allies"]["token"];
  const std::string target = "/api/games/" + id + "?token=" + allies;
  // The opening (initiative) is not rolled yet: the seat's first look must roll it, on the pool.
  EXPECT_FALSE(f.hub().http_now("GET", target));
  // An observer's look rolls nothing: answered at once, and nothing was rolled.
  std::optional<HttpReply> observer = f.hub().http_now("GET", "/api/games/" + id);
  ASSERT_TRUE(observer);
  EXPECT_EQ(json::parse(observer->body)["to_move"], "chance");
  json pooled = f.summary(id, allies);  // rolls the opening
  ASSERT_NE(pooled["to_move"], "chance");
  std::optional<HttpReply> now = f.hub().http_now("GET", target);
  ASSERT_TRUE(now);
  EXPECT_EQ(now->status, 200);
  json fast = json::parse(now->body);
  EXPECT_EQ(fast, pooled);
  // A wrong token is refused at once; other requests are not answered here.
  std::optional<HttpReply> bad = f.hub().http_now("GET", "/api/games/" + id + "?token=00");
  ASSERT_TRUE(bad);
  EXPECT_EQ(bad->status, 403);
  EXPECT_FALSE(f.hub().http_now("GET", "/api/games"));
  EXPECT_FALSE(f.hub().http_now("GET", "/api/games/" + id + "/log"));
  EXPECT_FALSE(f.hub().http_now("POST", "/api/games/" + id + "/action"));
  // An evicted game must be loaded from the store: not here.
  f.hub().evict_idle();
  ASSERT_FALSE(f.hub().is_live(id));
  EXPECT_FALSE(f.hub().http_now("GET", target));
  EXPECT_FALSE(f.hub().is_live(id));
}

// docs/server.md "Throughput": the summary (GET /api/games/{id}) is written as text, byte for byte
// the dump() of its JSON object with the legal actions' text last (dump_with): for both seats
// and an observer at every state of a random game played to its end (or conceded), the body is the
// dump of its own parse (members sorted, as dump() writes them) followed by "legal", and its list
// members are the game's entry in the lobby list.
TEST(HubView, SummaryTextIsTheDumpOfItsJsonForBothSeatsAndTheObserverToTheEnd) {
  HubFixture f("summary-text");
  json c = f.create(
      {{"game", "pocket/orcs-vs-elves"}, {"seats", {{"orcs", "human"}, {"elves", "human"}}}});
  const std::string id = c["id"];
  const std::map<std::string, std::string> tokens = {{"orcs", c["seats"]["orcs"]["token"]},
                                                     {"elves", c["seats"]["elves"]["token"]},
                                                     {"observer", ""}};
  std::mt19937 rng(20);
  auto body_of = [&](const std::string& token) {
    HttpReply r =
        f.hub().http("GET", "/api/games/" + id + (token.empty() ? "" : "?token=" + token), "");
    EXPECT_EQ(r.status, 200) << r.body;
    return r.body;
  };
  auto check = [&](bool against_list) {
    for (const auto& [seat, token] : tokens) {
      const std::string body = body_of(token);
      const json j = json::parse(body);
      // The members as dump() writes them (sorted by name), then "legal" last, the text of
      // append_legal_json (engine/view.h) as it is.
      json rest = j;
      rest.erase("legal");
      std::string dumped = rest.dump();
      dumped.pop_back();
      const size_t legal_at = body.rfind(",\"legal\":[");
      ASSERT_NE(legal_at, std::string::npos);
      dumped += body.substr(legal_at);
      if (dumped != body) {
        const size_t at = static_cast<size_t>(
            std::mismatch(
                dumped.begin(),
                dumped.begin() + static_cast<std::ptrdiff_t>(std::min(dumped.size(), body.size())),
                body.begin())
                .first -
            dumped.begin());
        const size_t from = at > 60 ? at - 60 : 0;
        FAIL() << seat << " at byte " << at << ": " << dumped.substr(from, 160) << " vs "
               << body.substr(from, 160);
      }
      EXPECT_EQ(j["seat"], seat);
      if (!against_list) continue;
      json entry;
      const json list = f.http("GET", "/api/games");
      for (const json& e : list["games"])
        if (e["id"] == id) entry = e;
      ASSERT_FALSE(entry.is_null());
      // `updated` too: the summary shows the time the store wrote with the last action.
      for (const auto& [key, value] : entry.items()) EXPECT_EQ(j[key], value) << key;
      EXPECT_EQ(j["seed_commitment"], c["seed_commitment"]);
    }
  };
  for (int i = 0; i < 400; ++i) {
    check(i % 20 == 0);
    const json s = f.summary(id, tokens.at("orcs"));
    if (s["status"] == "finished") break;
    const std::string side = s["to_move"];
    ASSERT_TRUE(tokens.count(side)) << s.dump();
    const json mine = f.summary(id, tokens.at(side));
    const json& legal = mine["legal"];
    ASSERT_FALSE(legal.empty());
    std::vector<json> ordinary;  // conceding only at the end
    for (const json& a : legal)
      if (a.value("role", "") != "confirm") ordinary.push_back(a);
    if (ordinary.empty()) break;
    const json& pick = ordinary[std::uniform_int_distribution<size_t>(0, ordinary.size() - 1)(rng)];
    int status = 0;
    json r = f.http(
        "POST", "/api/games/" + id + "/action",
        {{"token", tokens.at(side)}, {"state_id", mine["state_id"]}, {"action_id", pick["id"]}},
        &status);
    ASSERT_EQ(status, 200) << r.dump();
  }
  if (f.summary(id)["status"] == "active") {
    int status = 0;
    f.http("POST", "/api/games/" + id + "/concede", {{"token", tokens.at("elves")}}, &status);
    ASSERT_EQ(status, 200);
  }
  check(true);
  EXPECT_EQ(f.summary(id)["status"], "finished");
  EXPECT_FALSE(f.summary(id)["result"].is_null());
}

// A scenario the game does not offer is refused with its reason in both languages (message_de,
// as an illegal action's); an unknown one in English only (docs/protocol.md "Errors").
TEST(HubHttp, AScenarioThatIsNotPlayableIsRefusedInBothLanguages) {
  HubFixture f("unplayable", HubFixture::no_worker());
  int status = 0;
  json bad = f.http("POST", "/api/games", {{"game", "dice-race/marathon"}}, &status);
  EXPECT_EQ(status, 400);
  EXPECT_EQ(bad["code"], "bad_request") << bad;
  EXPECT_EQ(bad["message"], "dice-race/marathon is not playable: needs the rule 'stamina'");
  EXPECT_EQ(bad["message_de"],
            "dice-race/marathon ist nicht spielbar: braucht die Regel 'stamina'");
  json unknown = f.http("POST", "/api/games", {{"game", "dice-race/sprint"}}, &status);
  EXPECT_EQ(status, 400);
  EXPECT_FALSE(unknown.contains("message_de")) << unknown;
}

// Request targets are read by Boost.URL: percent escapes and '+' in the query are decoded, a
// target that is not a valid origin form is refused with 400 (docs/protocol.md "Errors").
TEST(HubHttp, RequestTargetsAreDecodedAndAMalformedOneIsRefused) {
  HubFixture f("targets", HubFixture::no_worker());
  json c = f.create({{"game", "pocket/orcs-vs-elves"}});
  const std::string id = c["id"];
  const std::string orcs = c["seats"]["orcs"]["token"];
  int status = 0;
  // "%6F" is 'o': the escaped path and token name the same game and seat.
  json view = f.http("GET", "/api/games/" + id + "?t%6Fken=" + orcs + "&x=a+b", nullptr, &status);
  EXPECT_EQ(status, 200);
  EXPECT_EQ(view["seat"], "orcs");
  json bad = f.http("GET", "/api/games/" + id + "?token=%zz", nullptr, &status);
  EXPECT_EQ(status, 400);
  EXPECT_EQ(bad["code"], "bad_request") << bad;
  f.http("GET", "/api/games/" + id + "/log?token=a b", nullptr, &status);
  EXPECT_EQ(status, 400);
}

}  // namespace
}  // namespace feldherr::server::hubtest
