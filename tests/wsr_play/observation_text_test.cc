// The observation the server sends (WsrState::append_observation, written without a JSON tree)
// is byte for byte the dump of observe() for both seats and the observer, in every position of
// random games to their end: a basic scenario (B1 noville), one on two sheets (koeln) and
// advanced ones with artillery, smoke, aircraft and exits (paderborn, omaha, arnhem).
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "engine/rng.h"
#include "tests/wsr_play/wsr_play_util.h"

namespace feldherr::wsr::testing {
namespace {

// Plays `games` random games of scenario `id` (uniform choice among the legal actions, no
// concession unless nothing else is legal; chance by sample_chance) and compares the text with
// the dump for every viewer before every action and at the end. Returns the positions compared;
// `seen` collects the optional parts (kParts) met in them.
// (A passenger's `carried_by` and an exited unit's `exited`, which random play seldom reaches,
// are compared by the carrier battery and WsrExit.G_12_StackOnAnExitHexLeavesTheMap.)
const char* const kParts[] = {"\"moving\":{", "\"assault\":{", "\"strike\":{\"caller\"",
                              "\"aa_hits\"",  "\"level\":",    "\"wreck\":true",
                              "\"ip\":true"};
int CompareObservationText(const std::string& id, int games, uint64_t seed,
                           std::set<std::string>& seen) {
  auto game = ScenarioGame(id);
  Rng rng(seed);
  int positions = 0;
  for (int g = 0; g < games; ++g) {
    auto st = game->new_initial_state();
    for (int n = 0;; ++n) {
      EXPECT_LT(n, 40000) << id << ": runaway game";
      if (n >= 40000) return positions;
      std::string dumped;
      for (int viewer : {kObserver, 0, 1}) {
        std::string text = "[";  // appended to what is there
        st->append_observation(viewer, text);
        dumped = "[" + st->observe(viewer).dump();
        if (text != dumped) {
          size_t at = 0;
          while (at < text.size() && at < dumped.size() && text[at] == dumped[at]) ++at;
          const size_t from = at > 60 ? at - 60 : 0;
          ADD_FAILURE() << id << " game " << g << " action " << n << " viewer " << viewer
                        << ": differs at byte " << at << "\n text: " << text.substr(from, 160)
                        << "\n dump: " << dumped.substr(from, 160);
          return positions;
        }
      }
      ++positions;
      for (const char* part : kParts)
        if (dumped.find(part) != std::string::npos) seen.insert(part);
      if (st->is_terminal()) break;
      ActionList legal = st->legal_actions();
      Action a;
      if (st->current_seat() == kChance) {
        a = st->sample_chance(rng);
      } else {
        ActionList choices;
        for (const Action& x : legal)
          if (!st->is_concession(x)) choices.push_back(x);
        if (choices.empty()) choices = legal;
        a = choices[rng.below(static_cast<uint32_t>(choices.size()))];
      }
      st->apply(a);
    }
  }
  return positions;
}

TEST(WsrObservation, TextIsTheDumpOfObserveForBothSeatsAndTheObserverToTheEnd) {
  std::set<std::string> seen;
  for (const char* id : {"noville", "koeln", "paderborn", "omaha", "arnhem"}) {
    const int positions = CompareObservationText(id, 2, 17, seen);
    EXPECT_GT(positions, 100) << id;
  }
  // The rare parts were compared too: a moving stack, an assault, an artillery strike, an
  // aircraft's sortie, smoke, wrecks and improved positions.
  for (const char* part : kParts) EXPECT_EQ(seen.count(part), 1u) << part << " never met";
}

}  // namespace
}  // namespace feldherr::wsr::testing
