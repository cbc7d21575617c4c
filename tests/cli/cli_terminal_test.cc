// The terminal player's safeguards (docs/cli.md "The human seat"): a move played for the player
// is said as such and drops what was typed ahead; ending a phase while units could still move
// asks first.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "engine/registry.h"
#include "tests/cli/cli_test_util.h"

namespace feldherr {
namespace {

using cli_test::CliRun;
using cli_test::last_line;
using cli_test::run_cli;
using cli_test::run_typed;
using cli_test::TempDir;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

// ---- moves played for the player, type-ahead ----

// Westerplatte (WP 7.1), seed 1: p1's sixth choice (move o2 A) leaves `end` the only legal
// action, which is played for p1 at once. The player typed `end` ahead with that move, meaning
// this phase; it must not end the next one (the play-test's finding).
TEST(CliTerminal, MovePlayedForThePlayerIsSaidAndTypeAheadIsDropped_WP7_1) {
  for (const std::string lang : {"en", "de"}) {
    CliRun r = run_typed(
        all_games(),
        {"play", "westerplatte/easy", "--seed", "1", "--seat", "p1=human", "--lang", lang},
        {"1", "1", "1", "1", "1", "1\nend\n", "quit\n"});
    EXPECT_EQ(r.code, cli::kExitUnfinished) << r.err;
    if (lang == "en") {
      EXPECT_THAT(r.out, HasSubstr("15. p1: move o2 A\n"));
      EXPECT_THAT(r.out, HasSubstr("played for you: End the phase  · end  (the only legal action)\n"
                                   "ignored, typed before this was shown: \"end\"\n"));
      EXPECT_THAT(r.out, HasSubstr("16. p1: end  (played for you)\n"));
    } else {
      EXPECT_THAT(r.out, HasSubstr("für dich gespielt: Phase beenden  · end  (die einzige "
                                   "erlaubte Aktion)\nverworfen, weil vorab eingegeben: "
                                   "\"end\"\n"));
      EXPECT_THAT(r.out, HasSubstr("16. p1: end  (für dich gespielt)\n"));
    }
    // The next phase is asked, and left with quit: the dropped `end` did not end it.
    EXPECT_THAT(r.out, HasSubstr(lang == "en" ? "=== p1 to play (action 18) ===\n"
                                              : "=== p1 am Zug (Aktion 18) ===\n"));
    EXPECT_THAT(r.out, Not(HasSubstr("18. p1: end")));
  }
}

// A script on a pipe is read whole: a line that follows a move played for the player is the
// next decision's, as the script's author wrote it.
TEST(CliTerminal, AScriptIsNeverDropped) {
  CliRun r = run_cli(all_games(),
                     {"play", "westerplatte/easy", "--seed", "1", "--seat", "p1=human", "--quiet"},
                     "1\n1\n1\n1\n1\n1\nmove o1 B\nquit\n");
  EXPECT_EQ(r.code, cli::kExitUnfinished) << r.err;
  EXPECT_THAT(r.out, HasSubstr("played for you: End the phase  · end  (the only legal action)\n"));
  EXPECT_THAT(r.out, Not(HasSubstr("ignored, typed before")));
  EXPECT_THAT(r.out, HasSubstr("Turn of p1: moves used 1"));
}

// ---- ending a phase with units that could still move ----

// Rivet Wars, mission 1, seed 1: the allies deploy two riflemen (RW §7) and end the combat
// phase, where no unit can attack (no question). In the movement phase (RW §9) `end` would end
// the whole phase with both riflemen unmoved: the terminal asks, `n` keeps the decision, and
// after one segment is activated `end` still names the units left.
TEST(CliTerminal, EndWhileUnitsCanStillMoveAsksFirst_RW9) {
  const std::string input = "1\n5\nend\nend\nend\nn\nactivate a6\nend\ny\nquit\n";
  CliRun r = run_cli(all_games(),
                     {"play", "rivet/mission-1", "--seed", "1", "--seat", "allies=human", "--seat",
                      "bismark=heuristic"},
                     input);
  EXPECT_EQ(r.code, cli::kExitUnfinished) << r.err;
  EXPECT_THAT(r.out, HasSubstr("allies> 5. allies: end\n"));  // the combat phase: no question
  EXPECT_THAT(r.out, HasSubstr("allies> 2 units can still move (Rifleman u1, Rifleman u2). End "
                               "the phase anyway? (y/n) not ended; still your decision\n"));
  EXPECT_THAT(r.out, HasSubstr("6. allies: activate a6\n"));
  EXPECT_THAT(r.out, HasSubstr("End the phase anyway? (y/n) 7. allies: end\n"));

  CliRun de = run_cli(all_games(),
                      {"play", "rivet/mission-1", "--seed", "1", "--seat", "allies=human", "--seat",
                       "bismark=heuristic", "--lang", "de"},
                      "1\n5\nend\nend\nend\nn\nquit\n");
  EXPECT_THAT(de.out, HasSubstr("2 Einheiten können noch ziehen (Schütze u1, Schütze u2). "
                                "Trotzdem: Phase beenden? (j/n) nicht beendet; weiter am Zug\n"));
}

// At a terminal the answer must be typed after the question: an answer typed ahead with `end`
// is dropped, and the question waits for the next line.
TEST(CliTerminal, AnAnswerTypedAheadOfTheQuestionIsDropped) {
  CliRun r = run_typed(all_games(),
                       {"play", "rivet/mission-1", "--seed", "1", "--seat", "allies=human",
                        "--seat", "bismark=heuristic", "--quiet"},
                       {"1", "5", "end", "end", "end\ny\n", "n", "quit"});
  EXPECT_EQ(r.code, cli::kExitUnfinished) << r.err;
  EXPECT_THAT(r.out, HasSubstr("ignored, typed before this was shown: \"y\"\n2 units can still "
                               "move (Rifleman u1, Rifleman u2). End the phase anyway? (y/n) not "
                               "ended; still your decision\n"));
}

// A concession asks in the player's language too (PB Spielende 1).
TEST(CliTerminal, ConcedeAsksInGerman) {
  CliRun r = run_cli(all_games(),
                     {"play", "pocket/orcs-vs-elves", "--seed", "7", "--seat", "orcs=human",
                      "--seat", "elves=heuristic", "--lang", "de"},
                     "concede\nnein\nquit\n");
  EXPECT_EQ(r.code, cli::kExitUnfinished) << r.err;
  EXPECT_THAT(r.out, HasSubstr("Wirklich die Partie aufgeben? Zum Aufgeben yes eingeben: "
                               "nicht ausgeführt; die Partie geht weiter\n"));
}

}  // namespace
}  // namespace feldherr
