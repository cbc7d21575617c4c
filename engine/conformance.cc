#include "engine/conformance.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>

#include "engine/replay.h"
#include "engine/session.h"

namespace feldherr {

namespace {

// Checks one position; returns the failures found ("" entries are not added).
void check_position(const Game& game, const State& state, Rng& rng, bool expensive,
                    const ConformanceOptions& options, std::vector<std::string>& out) {
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
  {
    std::vector<std::pair<uint64_t, std::string>> children;
    for (size_t i = 0; i < legal.size() && i < 64; ++i) {
      auto child = state.clone();
      child->apply(legal[i]);
      children.emplace_back(child->hash(), child->to_json().dump());
    }
    std::sort(children.begin(), children.end());
    for (size_t i = 1; i < children.size(); ++i)
      if (children[i].first == children[i - 1].first &&
          children[i].second != children[i - 1].second) {
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
  // Observations must not change when the hidden information is re-sampled.
  int seats = static_cast<int>(game.seats().size());
  for (int s = -1; s < seats; ++s) {
    int viewer = s < 0 ? kObserver : s;
    auto other = state.determinize(viewer, rng);
    if (other->observe(viewer) != state.observe(viewer))
      fail(fmt::format("observe({}) changes when hidden information is re-sampled (leak)",
                       s < 0 ? "observer" : game.seats()[static_cast<size_t>(s)]));
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
    Rng rng(options.seed + static_cast<uint64_t>(g) * 0x9E3779B97F4A7C15ULL);
    Session session(shared);
    bool concede_game = g % 16 == 15;
    std::vector<std::string> failures;
    int n = 0;
    while (true) {
      const State& state = session.state();
      bool expensive = options.check_stride <= 1 || n % options.check_stride == 0;
      check_position(game, state, rng, expensive, options, failures);
      if (!failures.empty() || state.is_terminal()) break;
      if (n >= options.max_actions) {
        failures.push_back(fmt::format("runaway: no end after {} actions", n));
        break;
      }
      Action action;
      int seat = state.current_seat();
      if (seat == kChance) {
        action = state.sample_chance(rng);
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
