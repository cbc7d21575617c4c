#include "engine/conformance.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "engine/replay.h"
#include "engine/session.h"

namespace feldherr {

namespace {

std::string clip(const std::string& s) {
  return s.size() <= 160 ? s : s.substr(0, 157) + "...";
}

// The first part of two views of one viewer that differs ("" when none), with both texts.
std::string view_difference(const View& a, const View& b) {
  if (a.observation != b.observation) {
    // Name the first differing field, so that the report points at the leak.
    if (a.observation.is_object() && b.observation.is_object())
      for (auto it = a.observation.begin(); it != a.observation.end(); ++it) {
        auto other = b.observation.find(it.key());
        if (other == b.observation.end() || *other != *it)
          return fmt::format("observe() field '{}': {} vs {}", it.key(), clip(it->dump()),
                             other == b.observation.end() ? "missing" : clip(other->dump()));
      }
    return "observe()";
  }
  auto both = [](const char* what, const std::string& x, const std::string& y) {
    return fmt::format("{} '{}' vs '{}'", what, clip(x), clip(y));
  };
  if (a.decision.seat != b.decision.seat)
    return both("the seat to decide", std::to_string(a.decision.seat),
                std::to_string(b.decision.seat));
  if (a.decision.kind != b.decision.kind)
    return both("decision kind", a.decision.kind, b.decision.kind);
  if (a.decision.prompt != b.decision.prompt)
    return both("decision_for() prompt", a.decision.prompt, b.decision.prompt);
  if (a.decision.prompt_de != b.decision.prompt_de)
    return both("decision_for() German prompt", a.decision.prompt_de, b.decision.prompt_de);
  if (a.decline != b.decline) return both("the decline", a.decline, b.decline);
  if (a.decision.roll_seat != b.decision.roll_seat)
    return both("the seat of the roll", std::to_string(a.decision.roll_seat),
                std::to_string(b.decision.roll_seat));
  if (a.legal.size() != b.legal.size())
    return both("the number of legal actions", std::to_string(a.legal.size()),
                std::to_string(b.legal.size()));
  for (size_t i = 0; i < a.legal.size(); ++i) {
    if (a.legal[i].action != b.legal[i].action || a.legal[i].info.text != b.legal[i].info.text)
      return both("a legal action", a.legal[i].info.text, b.legal[i].info.text);
    if (a.legal[i].note.en != b.legal[i].note.en)
      return both("the note of a legal action", a.legal[i].note.en, b.legal[i].note.en);
    if (a.legal[i].note.de != b.legal[i].note.de)
      return both("the German note of a legal action", a.legal[i].note.de, b.legal[i].note.de);
    if (action_info_json(a.legal[i].info) != action_info_json(b.legal[i].info))
      return both("the structured form of a legal action", action_info_json(a.legal[i].info).dump(),
                  action_info_json(b.legal[i].info).dump());
  }
  if (a.text != b.text) return both("render_text()", a.text, b.text);
  if (a.text_de != b.text_de) return both("render_text_in(German)", a.text_de, b.text_de);
  return "";
}

// Whether a game's own texts come in German: a game that gives German for some of them must
// give it for all (engine/text.h). Counted over a whole run of the battery.
struct GermanTally {
  long long german = 0;
  std::string missing;  // the first text without German ("" when none)

  void check(const std::string& en, const std::string& de, const char* what) {
    if (en.empty()) return;
    if (!de.empty())
      ++german;
    else if (missing.empty())
      missing = fmt::format("{} '{}'", what, clip(en));
  }
  void check(const Event& e) {
    check(e.text, e.text_de, "event");
    if (e.others) check(*e.others, e.others_de.value_or(""), "event (others' text)");
  }
};

// Checks one position; returns the failures found ("" entries are not added). `before` holds the
// legal actions of the position before (empty at the start and after Chance): those illegal here
// are refused, and their reasons are read by the German check.
void check_position(const Game& game, const State& state, Rng& rng, bool expensive,
                    const ConformanceOptions& options, std::vector<std::string>& out,
                    GermanTally& german, const ActionList& before) {
  auto fail = [&](const std::string& what) { out.push_back(what); };
  int seat = state.current_seat();
  if ((seat == kNobody) != state.is_terminal()) fail("current_seat() and is_terminal() disagree");

  ActionList legal;
  state.legal_actions(legal);
  if (seat >= 0 && legal.empty()) fail("dead end: a seat owes a decision but has no legal action");
  if (seat == kNobody && !legal.empty()) fail("legal actions listed after the game ended");
  std::set<uint64_t> ids;
  for (const Action& a : legal)
    if (!ids.insert(a.id()).second) fail("duplicate legal action: " + state.describe(a));
  if (seat == kChance) {
    auto outcomes = state.chance_outcomes();
    double total = 0;
    std::set<uint64_t> outcome_ids;
    for (const auto& o : outcomes) {
      total += o.probability;
      if (o.probability <= 0) fail("chance outcome with probability <= 0");
      outcome_ids.insert(o.action.id());
    }
    if (std::abs(total - 1.0) > 1e-9) fail(fmt::format("chance probabilities sum to {}", total));
    if (outcome_ids != ids) fail("legal_actions() differs from chance_outcomes() at a chance node");
  }

  // Clone equality and hash stability.
  auto copy = state.clone();
  if (copy->hash() != state.hash()) fail("clone has a different hash");
  if (state.hash() != state.hash()) fail("hash() is not stable");

  if (!expensive) return;
  json j = state.to_json();
  if (copy->to_json() != j) fail("clone differs from the original (JSON)");
  try {
    auto restored = game.state_from_json(j);
    if (restored->to_json() != j) fail("JSON round trip changes the state");
    if (restored->hash() != state.hash()) fail("JSON round trip changes the hash");
  } catch (const std::exception& e) {
    fail(std::string("state_from_json failed on to_json output: ") + e.what());
  }
  // The hash must see every part of the state: the positions reached by the different legal
  // actions share their history, so two of them with different JSON but one hash mean the hash
  // ignores what those actions changed.
  struct Child {
    Action action;
    std::unique_ptr<State> state;
    EventList events;
    uint64_t hash = 0;
  };
  std::vector<Child> children;
  for (size_t i = 0; i < legal.size() && i < 64; ++i) {
    Child c{legal[i], state.clone(), {}, 0};
    c.state->apply(legal[i], &c.events);
    c.hash = c.state->hash();
    children.push_back(std::move(c));
  }
  // Every text a player reads here, in German where the game gives German anywhere.
  for (const Child& c : children)
    for (const Event& e : c.events) german.check(e);
  for (int v = -1; v < static_cast<int>(game.seats().size()); ++v) {
    const Decision d = state.decision_for(v < 0 ? kObserver : v);
    german.check(d.prompt, d.prompt_de, "decision prompt");
  }
  // The notes beside the legal actions (State::annotate: costs, odds).
  for (const Action& a : legal) {
    const Text note = state.annotate(a);
    german.check(note.en, note.de, "action note");
  }
  // The refusals of actions that were legal a moment ago (a sample): in German too.
  for (size_t i = 0, checked = 0; i < before.size() && checked < 16 && !state.is_terminal(); ++i) {
    if (std::find(legal.begin(), legal.end(), before[i]) != legal.end()) continue;
    const Text why = state.why_illegal_text(before[i]);
    german.check(why.en, why.de, "refusal");
    ++checked;
  }
  if (state.is_terminal()) {
    const Result r = state.result();
    german.check(r.reason, r.reason_de, "result reason");
    german.check(r.headline_in(Lang::kEn), r.headline.de, "result headline");
  }
  {
    std::vector<std::pair<uint64_t, std::string>> hashed;
    for (const Child& c : children) hashed.emplace_back(c.hash, c.state->to_json().dump());
    std::sort(hashed.begin(), hashed.end());
    for (size_t i = 1; i < hashed.size(); ++i)
      if (hashed[i].first == hashed[i - 1].first && hashed[i].second != hashed[i - 1].second) {
        fail("hash ignores part of the state: two actions lead to different states, one hash");
        break;
      }
  }
  // Text forms round-trip for every legal action.
  for (const Action& a : legal) {
    Action parsed;
    std::string error;
    std::string text = state.describe(a);
    if (!state.parse(text, parsed, error) || parsed != a)
      fail(fmt::format("parse(describe(a)) != a for '{}' {}", text, error));
  }
  // A text that names no action is refused with a reason, in German where the game gives German
  // anywhere (the terminal shows it in its player's language): an unknown verb, and for a sample
  // of the legal actions one word too many and the last argument replaced by a word that names
  // nothing.
  std::vector<std::string> bad = {"?x"};
  for (size_t i = 0; i < legal.size() && i < 8; ++i) {
    const std::string text = state.describe(legal[i]);
    bad.push_back(text + " ?x");
    if (const size_t space = text.rfind(' '); space != std::string::npos)
      bad.push_back(text.substr(0, space) + " ?x");
  }
  for (const std::string& text : bad) {
    Action parsed;
    Text error;
    if (state.parse_text(text, parsed, error)) continue;
    if (error.en.empty()) fail(fmt::format("parse_text('{}') refuses it without a reason", text));
    german.check(error.en, error.de, "parse error");
  }
  // Hidden information stays hidden: what each viewer is sent does not change when what it
  // cannot see is re-sampled (engine/view.h).
  int seats = static_cast<int>(game.seats().size());
  for (int s = -1; s < seats; ++s) {
    const int viewer = s < 0 ? kObserver : s;
    const std::string who = seat_label(game, viewer);
    // The observation as text (what the server sends) is the observation's dump, byte for byte.
    std::string observation_text;
    state.append_observation(viewer, observation_text);
    if (const std::string dumped = state.observe(viewer).dump(); observation_text != dumped) {
      const size_t at = static_cast<size_t>(
          std::mismatch(observation_text.begin(),
                        observation_text.begin() + static_cast<std::ptrdiff_t>(std::min(
                                                       observation_text.size(), dumped.size())),
                        dumped.begin())
              .first -
          observation_text.begin());
      const size_t from = at > 40 ? at - 40 : 0;
      fail(fmt::format(
          "append_observation() for {} differs from observe().dump() at byte {}: '{}' vs '{}'", who,
          at, clip(observation_text.substr(from)), clip(dumped.substr(from))));
    }
    // The decision as text (what the server sends) is the dump of its JSON, byte for byte.
    {
      ViewOptions decision_only;
      decision_only.legal = false;
      decision_only.observation_text = true;
      const View v = view_of(state, viewer, decision_only);
      std::string decision_text;
      append_decision_json(game, v, decision_text);
      if (const std::string dumped = decision_json(game, v).dump(); decision_text != dumped)
        fail(
            fmt::format("append_decision_json() for {} differs from decision_json().dump(): "
                        "'{}' vs '{}'",
                        who, clip(decision_text), clip(dumped)));
    }
    auto other = state.determinize(viewer, rng);
    // A determinisation equal to the position (nothing hidden from this viewer differs) shows
    // the same view by determinism: only the text check below is left to do.
    const bool hidden = other->hash() != state.hash();
    ViewOptions vo;
    vo.text = true;
    if (std::string diff =
            hidden ? view_difference(view_of(state, viewer, vo), view_of(*other, viewer, vo)) : "";
        !diff.empty())
      fail(fmt::format("the view of {} changes when hidden information is re-sampled (leak): {}",
                       who, diff));
    // Odds: the deciding seat's answers for a sample of its actions, one refusal for the others.
    if (hidden && !legal.empty() && seat != kChance) {
      const int samples = viewer == seat ? options.odds_samples : 1;
      for (int k = 0; k < samples && k < static_cast<int>(legal.size()); ++k) {
        const Action& a =
            legal[static_cast<size_t>(k) * legal.size() / static_cast<size_t>(samples)];
        OddsAnswer mine = odds_for(state, viewer, a, options.odds);
        OddsAnswer theirs = odds_for(*other, viewer, a, options.odds);
        if (mine.code != theirs.code || mine.odds != theirs.odds || mine.action != theirs.action)
          fail(
              fmt::format("odds of '{}' for {} change when hidden information is re-sampled "
                          "(leak): {} {} vs {} {}",
                          state.describe(a), who, mine.code, clip(mine.odds.dump()), theirs.code,
                          clip(theirs.odds.dump())));
      }
    }
    // An action's text and events as this viewer reads them may tell two outcomes apart only
    // where its observation does (or the positions are the same): else they show it something
    // hidden, like the card drawn into the opponent's hand.
    std::map<std::string, std::pair<const Child*, std::string>> seen;  // observation -> shown
    for (const Child& c : children) {
      if (viewer == seat) break;  // a seat knows its own choice
      // A result that holds nothing hidden from the viewer cannot be shown too much of.
      Rng local(c.hash ^ static_cast<uint64_t>(viewer + 16));
      if (c.state->determinize(viewer, local)->hash() == c.hash) continue;
      std::string shown = state.describe_for(c.action, viewer);
      for (const Event& e : c.events)
        shown += "\n[" + event_rule(e, viewer) + "] " + event_text(e, viewer) + "\n" +
                 event_text(e, viewer, Lang::kDe);
      auto [it, fresh] = seen.try_emplace(c.state->observe(viewer).dump(), &c, shown);
      if (fresh || it->second.second == shown || it->second.first->hash == c.hash) continue;
      fail(
          fmt::format("the text of '{}' for {} tells apart outcomes that its observation does "
                      "not (leak): '{}' vs '{}'",
                      state.describe(c.action), who, clip(it->second.second), clip(shown)));
      break;
    }
    // An action of another seat that reveals nothing (State::reveals_information) has the same
    // consequences, as this viewer sees them, in a position it cannot tell apart: else the
    // result shows what the action's author holds (a pause that comes only with a card in hand).
    if (!hidden || seat < 0 || viewer == seat) continue;
    const ActionList other_legal = other->legal_actions();
    ViewOptions quick;
    quick.notes = false;
    for (const Child& c : children) {
      // (The end of the game may show everything.)
      if (state.reveals_information(c.action) || c.state->is_terminal() ||
          std::find(other_legal.begin(), other_legal.end(), c.action) == other_legal.end())
        continue;
      auto twin = other->clone();
      twin->apply(c.action);
      if (std::string diff =
              view_difference(view_of(*c.state, viewer, quick), view_of(*twin, viewer, quick));
          !diff.empty()) {
        fail(
            fmt::format("'{}' reveals no information, yet what {} sees after it changes when "
                        "hidden information is re-sampled (leak): {}",
                        state.describe(c.action), who, diff));
        break;
      }
    }
  }
  if (options.invariant) {
    if (std::string why = options.invariant(state); !why.empty()) fail("invariant: " + why);
  }
}

}  // namespace

ConformanceReport run_conformance(const Game& game, const ConformanceOptions& options) {
  ConformanceReport report;
  std::shared_ptr<const Game> shared(&game, [](const Game*) {});
  for (int g = 0; g < options.games; ++g) {
    Rng rng(options.seed + static_cast<uint64_t>(g) * uint64_t{0x9E3779B97F4A7C15});
    Session session(shared);
    bool concede_game = g % 16 == 15;
    std::vector<std::string> failures;
    GermanTally german;
    ActionList last_legal;  // the legal actions of the seat that acted last (none after Chance)
    int n = 0;
    while (true) {
      const State& state = session.state();
      bool expensive = options.check_stride <= 1 || n % options.check_stride == 0;
      check_position(game, state, rng, expensive, options, failures, german, last_legal);
      if (!failures.empty() || state.is_terminal()) break;
      if (n >= options.max_actions) {
        failures.push_back(fmt::format("runaway: no end after {} actions", n));
        break;
      }
      Action action;
      int seat = state.current_seat();
      if (seat == kChance) {
        action = state.sample_chance(rng);
        last_legal.clear();
      } else {
        // Concessions are played in 1 of 16 games, at a random moment; otherwise avoided so
        // that the games reach their end by the rules.
        ActionList legal = state.legal_actions();
        ActionList playable;
        for (const Action& a : legal)
          if (!state.is_concession(a) || (concede_game && rng.below(200) == 0))
            playable.push_back(a);
        if (playable.empty()) playable = legal;
        action = playable[rng.below(static_cast<uint32_t>(playable.size()))];
        last_legal = std::move(legal);
      }
      // Determinism: applying the same action to a clone gives the same state.
      auto twin = state.clone();
      std::string text = state.describe(action);
      uint64_t before = state.hash();
      if (std::string why = session.act(action); !why.empty()) {
        failures.push_back(fmt::format("legal action '{}' refused: {}", text, why));
        break;
      }
      twin->apply(action);
      if (twin->hash() != session.state().hash())
        failures.push_back(fmt::format("apply is not deterministic for '{}'", text));
      // Undo round trip where the rules leave undo open.
      if (session.can_undo()) {
        uint64_t after = session.state().hash();
        session.undo();
        if (session.state().hash() != before)
          failures.push_back(fmt::format("undo of '{}' does not restore the state", text));
        session.act(action);
        if (session.state().hash() != after)
          failures.push_back(fmt::format("redo of '{}' after undo differs", text));
      }
      ++n;
      if (german.german > 0 && !german.missing.empty())
        failures.push_back("a text without German, while the game gives German elsewhere (" +
                           german.missing + ")");
      if (!failures.empty()) {
        for (auto& f : failures) f = fmt::format("game {} action {} ({}): {}", g, n, text, f);
        break;
      }
    }
    if (!failures.empty()) {
      // Leave a replay of the failing game so that `feldherr replay FILE` narrates it.
      std::string path =
          (std::filesystem::temp_directory_path() /
           fmt::format("feldherr-conformance-{}-{}-game{}.jsonl", game.id(), game.scenario(), g))
              .string();
      try {
        ReplayWriter writer(path, game, options.seed);
        int i = 0;
        for (const LoggedAction& h : session.history())
          writer.action(++i, h.seat >= 0 ? game.seats()[static_cast<size_t>(h.seat)] : "chance",
                        h.text, h.action.id());
        failures.back() += " (replay of the game: " + path + ")";
      } catch (const std::exception&) {
        // No replay if the temporary directory is not writable; the failure text stands alone.
      }
    }
    for (auto& f : failures) {
      if (f.rfind("game ", 0) != 0) f = fmt::format("game {} action {}: {}", g, n, f);
      report.failures.push_back(f);
    }
    report.games++;
    report.actions += n;
    if (session.state().is_terminal()) report.terminated++;
    if (report.failures.size() > 20) break;
  }
  return report;
}

}  // namespace feldherr
