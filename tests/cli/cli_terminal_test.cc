// The terminal player's safeguards (docs/cli.md "The human seat"): a move played for the player
// is said as such and drops what was typed ahead; ending a phase while units could still move
// asks first; a game left with `quit` goes on with `play --resume LOG`.
#include <fcntl.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "cli/commands.h"
#include "engine/registry.h"
#include "engine/text.h"
#include "tests/cli/cli_test_util.h"

namespace feldherr {
namespace {

using cli_test::CliRun;
using cli_test::last_line;
using cli_test::run_cli;
using cli_test::run_typed;
using cli_test::TempDir;
using ::testing::ContainsRegex;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

std::string file_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void put_text(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

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
      EXPECT_THAT(r.out, HasSubstr("15. Defender 1: Move o2 to A\n"));
      EXPECT_THAT(r.out, HasSubstr("played for you: End the phase  · end  (the only legal action)\n"
                                   "ignored, typed before this was shown: \"end\"\n"));
      EXPECT_THAT(r.out, HasSubstr("16. Defender 1: End the phase  (played for you)\n"));
    } else {
      EXPECT_THAT(r.out, HasSubstr("für dich gespielt: Phase beenden  · end  (die einzige "
                                   "erlaubte Aktion)\nverworfen, weil vorab eingegeben: "
                                   "\"end\"\n"));
      EXPECT_THAT(r.out, HasSubstr("16. Verteidiger 1: Phase beenden  (für dich gespielt)\n"));
    }
    // The next phase is asked, and left with quit: the dropped `end` did not end it.
    EXPECT_THAT(r.out, HasSubstr(lang == "en" ? "=== Defender 1 to play (action 18) ===\n"
                                              : "=== Verteidiger 1 am Zug (Aktion 18) ===\n"));
    EXPECT_THAT(r.out, Not(HasSubstr("18. Defender 1: End the phase")));
    EXPECT_THAT(r.out, Not(HasSubstr("18. Verteidiger 1: Phase beenden")));
  }
}

// Runs the built command at a terminal (a pseudo-terminal), typing burst i once the output has
// shown `prompt` i+1 times; returns what the terminal showed (typed lines echoed, no '\r'), ""
// when the system has no pseudo-terminal to give.
std::string at_terminal(const std::vector<std::string>& args, const std::string& prompt,
                        const std::vector<std::string>& bursts) {
  const int master = ::posix_openpt(O_RDWR | O_NOCTTY);
  if (master < 0 || ::grantpt(master) != 0 || ::unlockpt(master) != 0) return "";
  const std::string slave_name = ::ptsname(master);
  const std::string binary = FELDHERR_BINARY_DIR "/cli/feldherr";
  std::vector<char*> argv{const_cast<char*>(binary.c_str())};
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::setsid();
    const int slave = ::open(slave_name.c_str(), O_RDWR);
    ::dup2(slave, 0);
    ::dup2(slave, 1);
    ::dup2(slave, 2);
    ::close(master);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  std::string shown;
  size_t typed = 0;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (std::chrono::steady_clock::now() < deadline) {
    pollfd p{master, POLLIN, 0};
    if (::poll(&p, 1, 200) > 0) {
      char buffer[4096];
      const ssize_t n = ::read(master, buffer, sizeof buffer);
      if (n <= 0) break;  // the command ended: the terminal is closed
      for (ssize_t i = 0; i < n; ++i)
        if (buffer[i] != '\r') shown += buffer[i];
    }
    size_t prompts = 0;
    for (size_t at = shown.find(prompt); at != std::string::npos; at = shown.find(prompt, at + 1))
      ++prompts;
    while (typed < bursts.size() && typed < prompts) {
      const std::string& burst = bursts[typed++];
      if (::write(master, burst.data(), burst.size()) != static_cast<ssize_t>(burst.size())) break;
    }
  }
  ::kill(pid, SIGKILL);
  ::waitpid(pid, nullptr, 0);
  ::close(master);
  return shown;
}

// The same at a real terminal: `end` typed in one go with the move that forces the end of the
// phase is read from the terminal's queue and dropped (WP 7.1).
TEST(CliTerminal, AtARealTerminalTypeAheadIsDropped_WP7_1) {
  const std::string shown =
      at_terminal({"play", "westerplatte/easy", "--seed", "1", "--seat", "p1=human", "--quiet"},
                  "Defender 1> ", {"1\n", "1\n", "1\n", "1\n", "1\n", "1\nend\n", "quit\n"});
  if (shown.empty()) GTEST_SKIP() << "no pseudo-terminal on this system";
  EXPECT_THAT(shown,
              HasSubstr("Defender 1> 1\nend\nplayed for you: End the phase  · end  (the only "
                        "legal action)\nignored, typed before this was shown: \"end\"\n"))
      << shown;
  EXPECT_THAT(shown, HasSubstr("Turn of Defender 1: moves used 0, actions 0\n"));
  EXPECT_THAT(shown, HasSubstr("quit: the game is left unfinished"));
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
  EXPECT_THAT(r.out, HasSubstr("Turn of Defender 1: moves used 1"));
}

// ---- ending a phase with units that could still move ----

// Rivet Wars, mission 1, seed 1: the allies deploy two riflemen (RW §7), end the deployment
// with 2 DP left (`y` to the question) and end the combat phase, where no unit can attack (no
// question). In the movement phase (RW §9) `end` would end the whole phase with both riflemen
// unmoved: the terminal asks, `n` keeps the decision, and after one segment is activated `end`
// still names the units left.
TEST(CliTerminal, EndWhileUnitsCanStillMoveAsksFirst_RW9) {
  const std::string input = "1\n5\nend\ny\nend\nend\nn\nactivate a6\nend\ny\nquit\n";
  CliRun r = run_cli(all_games(),
                     {"play", "rivet/mission-1", "--seed", "1", "--seat", "allies=human", "--seat",
                      "bismark=heuristic"},
                     input);
  EXPECT_EQ(r.code, cli::kExitUnfinished) << r.err;
  EXPECT_THAT(r.out,
              HasSubstr("Allies> 5. Allies: End the phase\n"));  // the combat phase: no question
  EXPECT_THAT(r.out, HasSubstr("Allies> 2 units can still move (Rifleman u1, Rifleman u2). End "
                               "the phase anyway? (y/n) not done; still your decision\n"));
  EXPECT_THAT(r.out, HasSubstr("6. Allies: Activate a6\n"));
  EXPECT_THAT(r.out, HasSubstr("End the phase anyway? (y/n) 7. Allies: End the phase\n"));

  CliRun de = run_cli(all_games(),
                      {"play", "rivet/mission-1", "--seed", "1", "--seat", "allies=human", "--seat",
                       "bismark=heuristic", "--lang", "de"},
                      "1\n5\nend\nj\nend\nend\nn\nquit\n");
  EXPECT_THAT(de.out,
              HasSubstr("2 Einheiten können noch ziehen (Schütze u1, Schütze u2). "
                        "Trotzdem: Phase beenden? (j/n) nicht ausgeführt; weiter am Zug\n"));
}

// Rivet Wars, mission 1, seed 1: ending the deployment (RW §7) with DP left to deploy more units
// asks first, naming the kinds that could still be deployed; `n` keeps the decision, and after
// `y` the phase ends.
TEST(CliTerminal, EndingTheDeploymentWithDpLeftAsksFirst_RW7) {
  CliRun r = run_cli(all_games(),
                     {"play", "rivet/mission-1", "--seed", "1", "--seat", "allies=human", "--seat",
                      "bismark=heuristic", "--quiet"},
                     "1\nend\nn\nend\ny\nquit\n");
  EXPECT_EQ(r.code, cli::kExitUnfinished) << r.err;
  EXPECT_THAT(r.out,
              HasSubstr("Allies> Units can still be deployed (Rifleman, Rocket Cycle, Hammer "
                        "65 Pounder). End the phase anyway? (y/n) not done; still your "
                        "decision\nAllies> Units can still be deployed"));
  // `y` ends the deployment; the combat phase comes next (RW §8.1).
  EXPECT_THAT(r.out,
              HasSubstr("End the phase anyway? (y/n) \n=== Allies to play (action 4) ===\n"));
  EXPECT_THAT(r.out, HasSubstr("or end the combat phase (RW §8.1)"));

  CliRun de = run_cli(all_games(),
                      {"play", "rivet/mission-1", "--seed", "1", "--seat", "allies=human", "--seat",
                       "bismark=heuristic", "--quiet", "--lang", "de"},
                      "1\nend\nn\nquit\n");
  EXPECT_THAT(de.out, HasSubstr("Es können noch Einheiten aufgestellt werden (Schütze, "));
  // The question is cut at 100 columns with a hanging indent, like the prompts.
  EXPECT_THAT(de.out,
              HasSubstr("Trotzdem:\n  Phase beenden? (j/n) nicht ausgeführt; weiter am Zug\n"));

  // Three riflemen deployed, 1 DP left: only another rifleman could still come in.
  CliRun one = run_cli(all_games(),
                       {"play", "rivet/mission-1", "--seed", "1", "--seat", "allies=human",
                        "--seat", "bismark=heuristic", "--quiet"},
                       "1\n5\n9\nend\nn\nquit\n");
  EXPECT_THAT(one.out, HasSubstr("Allies> Units can still be deployed (Rifleman). End the phase "
                                 "anyway? (y/n) not done; still your decision\n"));
}

// White Star Rising, Noville, seed 1: the US activates Combat Command A (WSR 4.4); its units are
// offered by `select` (moves follow it, naming no unit), and `end-impulse` would end the impulse
// with all of them unused: the terminal asks. Ending one stack's move (`end-move`, WSR 5.0) is
// not asked: the units left in the hex can still be selected after it.
TEST(CliTerminal, EndingTheImpulseWithUnitsToSelectAsksFirst_WSR4_4) {
  for (const std::string lang : {"en", "de"}) {
    CliRun r = run_cli(
        all_games(),
        {"play", "wsr/noville", "--seed", "1", "--seat", "us=human", "--quiet", "--lang", lang},
        "auto-setup\ny\nno-fate\nno-fate\nend-impulse\nn\nselect "
        "us.m4a3e8\nend-move\nquit\n");
    EXPECT_EQ(r.code, cli::kExitUnfinished) << r.err;
    if (lang == "en") {
      EXPECT_THAT(r.out,
                  HasSubstr("US> 7 units can still move (M4A3E8 \"Easy Eight\", M4A1 "
                            "Sherman 1, M4A1 Sherman 2, Mechanized infantry 1,\n  Mechanized "
                            "infantry 2, M5A1 Stuart, 81mm mortar). End the impulse anyway? "
                            "(y/n) not done; still your decision\n"));
    } else {
      EXPECT_THAT(
          r.out, HasSubstr("US> 7 Einheiten können noch ziehen (M4A3E8 \"Easy Eight\", M4A1 "
                           "Sherman 1, M4A1 Sherman 2, Mechanisierte\n  Infanterie 1, "
                           "Mechanisierte Infanterie 2, M5A1 Stuart, 81mm Granatwerfer). "
                           "Trotzdem: Impuls\n  beenden? (j/n) nicht ausgeführt; weiter am Zug\n"));
    }
    EXPECT_THAT(r.out, Not(HasSubstr("Bewegung beenden? (j/n)")));
    EXPECT_THAT(r.out, Not(HasSubstr("End the move anyway?")));
  }
}

// Planspiel, PS-2, seed 1: after red's set-up in its listed fields (scenarios §1.5), red's
// grenadiers R-G1..R-G3 sit in their carriers and have no move of their own, but after
// dismounting they move one more field on foot (PS §6.4): FERTIG counts them with the seven
// units that can move now.
TEST(CliTerminal, FertigCountsUnitsThatCouldDismountAndMove_PS6_4) {
  CliRun r = run_cli(all_games(),
                     {"play", "planspiel/ps-2", "--seed", "1", "--seat", "red=human", "--quiet"},
                     "fertig\ny\nfertig\nn\nquit\n");
  EXPECT_EQ(r.code, cli::kExitUnfinished) << r.err;
  EXPECT_THAT(r.out, HasSubstr("Red> 10 units can still move (R-T1, R-T2, R-T3, R-A1, R-G1, R-A2, "
                               "R-A3, R-Z1, ...). FERTIG: end the\n  half-turn anyway? (y/n) not "
                               "done; still your decision\n"));
}

// ---- long lists ----

// A card's rules in the board picture are longer than the screen (content §6.3, AC-10 Smoke
// Screen in the Allies' hand at seed 4): they are cut at spaces, indented past the card's line.
TEST(CliTerminal, TheBoardPictureFitsTheScreen_RW5_1) {
  CliRun r = run_cli(all_games(),
                     {"play", "rivet/mission-3", "--seed", "4", "--seat", "allies=human", "--seat",
                      "bismark=heuristic", "--quiet"},
                     "quit\n");
  EXPECT_EQ(r.code, cli::kExitUnfinished) << r.err;
  ASSERT_THAT(r.out, HasSubstr("    AC-10 Smoke Screen (W5): Choose any segment on the map."));
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);)
    EXPECT_LE(display_columns(line), cli::kScreenColumns) << line;
  EXPECT_THAT(r.out, ContainsRegex("\n      [a-z(]"));  // a continuation of the card's text
}

// A whole game in German, to its end: the annihilation's sentence (Planspiel scenarios §1.7) is
// longer than the screen and is cut at spaces like every other line.
TEST(CliTerminal, AWholeGameToItsEndFitsTheScreen_PS_Scenarios_1_7) {
  CliRun r = run_cli(all_games(), {"play", "planspiel/ps-1", "--seed", "5", "--lang", "de"}, "");
  EXPECT_EQ(r.code, cli::kExitOk) << r.err;
  ASSERT_THAT(r.out, HasSubstr("Ende: Blau hat kein Kampfelement mehr auf der Platte"));
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);)
    EXPECT_LE(display_columns(line), cli::kScreenColumns) << line;
}

// Rivet Wars' deployment (RW §7) offers 109 actions: runs of one verb and one type are folded
// into a line each, numbered as in the whole list; `list` unfolds all, a range or a word, and a
// number inside a folded run still chooses its action.
TEST(CliTerminal, LongActionListsAreFoldedAndListUnfoldsThem_RW7) {
  CliRun r = run_cli(all_games(),
                     {"play", "rivet/mission-1", "--seed", "1", "--seat", "allies=human", "--seat",
                      "bismark=heuristic", "--quiet"},
                     "list rocket\nlist 108-200\nlist zzz\n40\nquit\n");
  EXPECT_EQ(r.code, cli::kExitUnfinished) << r.err;
  EXPECT_THAT(r.out,
              HasSubstr("Allies: deploy units with 4 DP and 0 rivets, or end (RW §7).\n"
                        "  1-36) Deploy Rifleman in a6 (NW) … Deploy Rifleman in i6 (SE)  [36]\n"
                        "  37-72) Deploy Rocket Cycle in a6 (N) … Deploy Rocket Cycle in i6 (E)  "
                        "[36]\n"
                        "  73-108) Deploy Hammer 65 Pounder in a6 (N) … Deploy Hammer 65 Pounder "
                        "in i6 (E)  [36]\n"
                        "  109) End the phase  · end\n"
                        "  (108 actions folded: list shows them all, list 5-40 or list WORD "
                        "some)\n"));
  EXPECT_THAT(r.out, HasSubstr("Allies>   37) Deploy Rocket Cycle in a6 (N)  · deploy "
                               "rocket_cycle a6 N   [2 DP, 0 rivets]\n"));
  EXPECT_THAT(r.out, Not(HasSubstr("  36) Deploy Rifleman in i6 (SE)")));
  EXPECT_THAT(r.out, HasSubstr("Allies>   108) Deploy Hammer 65 Pounder in i6 (E)  · deploy "
                               "hammer_65_pounder i6 E   [2 DP, 0 rivets]\n  109) End the phase  "
                               "· end\nAllies> no action matches \"zzz\"\n"));
  // The numbers are the whole list's: 40 deploys a rocket cycle in a6 facing east.
  EXPECT_THAT(r.out, HasSubstr("  u1 Allies Rocket Cycle in a6.E, 1/1 HP\n"));
}

// Lines longer than the terminal's 100 columns are cut at spaces (docs/cli.md "The human seat"):
// the German Planspiel prompt of the first half-turn, with umlauts counted as one column each.
TEST(CliTerminal, LongLinesAreCutAtSpacesToOneHundredColumns_PS3_2) {
  CliRun r = run_cli(all_games(),
                     {"play", "planspiel/ps-1", "--seed", "5", "--seat", "red=human", "--seat",
                      "blue=heuristic", "--lang", "de"},
                     "quit\n");
  EXPECT_EQ(r.code, cli::kExitUnfinished) << r.err;
  EXPECT_THAT(r.out, HasSubstr("Nahkampf oder\n  FERTIG (PS §3.2)\n"));
  EXPECT_THAT(r.out, HasSubstr("R-I1, R-T1 bewegen sich gleichzeitig\n         (angesagt)  [10]"));
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);) {
    size_t columns = 0;
    for (char c : line) columns += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    EXPECT_LE(columns, cli::kScreenColumns) << line;
  }
}

// At a terminal the answer must be typed after the question: an answer typed ahead with `end`
// is dropped, and the question waits for the next line.
TEST(CliTerminal, AnAnswerTypedAheadOfTheQuestionIsDropped) {
  CliRun r = run_typed(all_games(),
                       {"play", "rivet/mission-1", "--seed", "1", "--seat", "allies=human",
                        "--seat", "bismark=heuristic", "--quiet"},
                       {"1", "5", "end", "y", "end", "end\ny\n", "n", "quit"});
  EXPECT_EQ(r.code, cli::kExitUnfinished) << r.err;
  EXPECT_THAT(r.out, HasSubstr("ignored, typed before this was shown: \"y\"\n2 units can still "
                               "move (Rifleman u1, Rifleman u2). End the phase anyway? (y/n) not "
                               "done; still your decision\n"));
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

// ---- resume ----

const Registry& resume_registry() {
  return cli_test::race_registry_with_heuristic();
}

// Dice Race (DR §2), seed 3: red (human) rolls once and quits. The log's header keeps who
// played each seat; `--resume` replays and verifies it, goes on with the same seats and appends
// to the same file, which verifies as one game; `--seat` replaces a seat's player.
TEST(CliResume, QuitThenResumeGoesOnInTheSameLogWithTheSameSeats) {
  TempDir dir("feldherr-resume");
  const std::string log = dir.file("game.jsonl");
  CliRun first = run_cli(resume_registry(),
                         {"play", "dice-race/race", "--seed", "3", "--seat", "red=human", "--seat",
                          "blue=random", "--log", log},
                         "dice 1\nquit\n");
  ASSERT_EQ(first.code, cli::kExitUnfinished) << first.err;
  const std::string before = file_text(log);
  EXPECT_THAT(before, HasSubstr("\"players\":{\"blue\":\"random\",\"red\":\"human\"}"));
  CliRun verified = run_cli(resume_registry(), {"replay", log, "--verify"});
  ASSERT_EQ(verified.code, cli::kExitOk) << verified.err;
  const int actions = std::stoi(verified.out.substr(std::string("verified: ").size()));

  CliRun second = run_cli(resume_registry(), {"play", "--resume", log}, "pass\nquit\n");
  EXPECT_EQ(second.code, cli::kExitUnfinished) << second.err;
  EXPECT_THAT(second.out, HasSubstr("seed: 3\n"));
  EXPECT_THAT(second.out, HasSubstr("seats: red=human, blue=random\n"));
  EXPECT_THAT(second.out, HasSubstr("resumed: " + std::to_string(actions) + " actions of " + log +
                                    " replayed and verified; the game goes on with action " +
                                    std::to_string(actions + 1) + "\n"));
  EXPECT_THAT(second.out, HasSubstr(std::to_string(actions + 1) + ". red: Pass\n"));
  EXPECT_THAT(last_line(second.out),
              StartsWith("quit: the game is left unfinished; the log so far is in " + log));
  // The log grew by the new lines only.
  const std::string after = file_text(log);
  ASSERT_THAT(after, StartsWith(before));
  const std::string added = cli_test::lines(after.substr(before.size())).at(0);
  EXPECT_THAT(added, StartsWith("{\"action\":\"pass\","));
  EXPECT_THAT(added, HasSubstr("\"n\":" + std::to_string(actions + 1) +
                               ",\"seat\":\"red\",\"type\":\"action\"}"));
  CliRun again = run_cli(resume_registry(), {"replay", log, "--verify"});
  EXPECT_EQ(again.code, cli::kExitOk) << again.err;

  // --seat replaces the log's player of a side: the heuristic finishes red's game.
  CliRun third =
      run_cli(resume_registry(), {"play", "--resume", log, "--seat", "red=heuristic", "--quiet"});
  EXPECT_EQ(third.code, cli::kExitOk) << third.err;
  EXPECT_THAT(last_line(third.out), StartsWith("result: "));
  EXPECT_EQ(run_cli(resume_registry(), {"replay", log, "--verify"}).code, cli::kExitOk);
  // A finished game has nothing to resume.
  CliRun over = run_cli(resume_registry(), {"play", "--resume", log});
  EXPECT_EQ(over.code, cli::kExitUsage);
  EXPECT_THAT(over.err, HasSubstr("nothing to resume"));
}

// A log that does not verify, or whose last line is cut short, is refused with FILE:LINE and
// left byte for byte as it was; the game, options and seed of a resumed game are the log's.
TEST(CliResume, BrokenOrCutLogIsRefusedWithFileLineAndLeftAsItIs) {
  TempDir dir("feldherr-resume");
  const std::string log = dir.file("game.jsonl");
  ASSERT_EQ(run_cli(resume_registry(),
                    {"play", "dice-race/race", "--seed", "3", "--seat", "red=human", "--seat",
                     "blue=random", "--log", log},
                    "dice 2\npass\nquit\n")
                .code,
            cli::kExitUnfinished);
  const std::string good = file_text(log);

  // Line 4 (the third action) changed: "press" is not what the rules ask of that seat.
  std::vector<std::string> rows = cli_test::lines(good);
  ASSERT_GE(rows.size(), 5u);
  std::string bad;
  for (size_t i = 0; i < rows.size(); ++i) {
    std::string row = rows[i];
    if (i == 3) {
      const size_t at = row.find("\"action\":\"");
      const size_t end = row.find('"', at + 10);
      row = row.substr(0, at + 10) + "fly" + row.substr(end);
    }
    bad += row + "\n";
  }
  put_text(log, bad);
  CliRun broken = run_cli(resume_registry(), {"play", "--resume", log}, "pass\n");
  EXPECT_EQ(broken.code, cli::kExitError);
  EXPECT_THAT(broken.err, StartsWith(log + ":4: "));
  EXPECT_EQ(file_text(log), bad);

  // The last line cut by a crash.
  const std::string cut = good.substr(0, good.size() - 10);
  put_text(log, cut);
  CliRun short_log = run_cli(resume_registry(), {"play", "--resume", log}, "pass\n");
  EXPECT_EQ(short_log.code, cli::kExitError);
  EXPECT_THAT(short_log.err,
              StartsWith(log + ":" + std::to_string(rows.size()) + ": the last line is cut short"));
  EXPECT_EQ(file_text(log), cut);

  // Not JSON at all.
  put_text(log, good + "{oops\n{}\n");
  CliRun junk = run_cli(resume_registry(), {"play", "--resume", log});
  EXPECT_EQ(junk.code, cli::kExitError);
  EXPECT_THAT(junk.err, StartsWith(log + ":" + std::to_string(rows.size() + 1) + ": "));
  EXPECT_EQ(file_text(log), good + "{oops\n{}\n");

  // A header naming a player for a side the game does not have.
  const std::string players = "\"players\":{\"blue\":\"random\",\"red\":\"human\"}";
  ASSERT_NE(good.find(players), std::string::npos);
  std::string stranger = good;
  stranger.replace(good.find(players), players.size(), "\"players\":{\"green\":\"human\"}");
  put_text(log, stranger);
  CliRun green = run_cli(resume_registry(), {"play", "--resume", log});
  EXPECT_EQ(green.code, cli::kExitError);
  EXPECT_THAT(green.err, StartsWith(log + ":1: field 'players' names 'green', no seat"));
  EXPECT_EQ(file_text(log), stranger);

  // The game, options and seed are the log's.
  put_text(log, good);
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"play", "dice-race/race", "--resume", log},
        std::vector<std::string>{"play", "--resume", log, "--seed", "4"},
        std::vector<std::string>{"play", "--resume", log, "--option", "target=9"},
        std::vector<std::string>{"play", "--resume", log, "--log", dir.file("other.jsonl")}}) {
    EXPECT_EQ(run_cli(resume_registry(), args).code, cli::kExitUsage) << args[2];
  }
  EXPECT_EQ(file_text(log), good);
}

}  // namespace
}  // namespace feldherr
