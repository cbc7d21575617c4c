// Replays (engine/replay.h, docs/replay-format.md): Session::record_to writes a JSON Lines log
// as the game goes; load_replay + verify_replay re-run it and reproduce the final hash; malformed
// or diverging logs are reported as "FILE:LINE: message".
#include "engine/replay.h"

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "engine/errors.h"
#include "engine/fair_dice.h"
#include "engine/player.h"
#include "engine/registry.h"
#include "engine/session.h"
#include "tests/engine/toy_game.h"

namespace feldherr::toy {
namespace {

using ::testing::HasSubstr;
using ::testing::MatchesRegex;
using ::testing::StartsWith;

std::string temp_path(const std::string& name) {
  return (std::filesystem::path(::testing::TempDir()) / ("feldherr_" + name)).string();
}

std::vector<std::string> read_lines(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  return lines;
}

void write_lines(const std::string& path, const std::vector<std::string>& lines) {
  std::ofstream out(path, std::ios::trunc);
  for (const auto& l : lines) out << l << '\n';
}

// Plays a seeded random game to the end while recording; returns the final hash.
uint64_t play_recorded(Session& s, const std::string& path, uint64_t seed) {
  s.record_to(path, seed);
  Rng rng(seed);
  RandomPlayer player(seed + 1);
  while (!s.state().is_terminal()) {
    if (s.state().current_seat() == kChance)
      s.roll(rng);
    else
      EXPECT_EQ(s.act(player.choose(s.state())), "");
  }
  return s.state().hash();
}

// The game a replay names, built through a registry as the CLI does.
std::shared_ptr<const Game> game_for(const ReplayFile& replay) {
  Registry registry;
  registry.add(dice_race_module());
  return registry.create(replay_game_id(replay), replay.options);
}

TEST(Replay, RecordedGameVerifiesToTheSameFinalHash) {
  std::string path = temp_path("replay_full.jsonl");
  Session s(make_dice_race(40));
  uint64_t final_hash = play_recorded(s, path, 42);

  ReplayFile replay = load_replay(path);
  EXPECT_EQ(replay.game, "dice-race");
  EXPECT_EQ(replay.scenario, "race");
  EXPECT_EQ(replay.rules_version, "dice-race-1");
  EXPECT_EQ(replay.seed, 42u);
  EXPECT_THAT(replay.options,
              ::testing::Contains(std::pair<std::string, std::string>("target", "40")));
  VerifyReport report = verify_replay(*game_for(replay), replay, path);
  ASSERT_TRUE(report.ok) << report.error;
  EXPECT_EQ(report.final_hash, final_hash);
  EXPECT_EQ(report.actions, static_cast<int>(s.history().size()));
  EXPECT_EQ(report.result_summary, s.state().result().summary);
}

TEST(Replay, LogHasHeaderActionsHashesAndResult) {
  std::string path = temp_path("replay_lines.jsonl");
  Session s(make_dice_race(100));
  play_recorded(s, path, 7);
  auto lines = read_lines(path);
  ASSERT_GT(s.history().size(), static_cast<size_t>(kHashEvery));
  int actions = 0, hashes = 0, results = 0;
  for (size_t i = 0; i < lines.size(); ++i) {
    json j = json::parse(lines[i]);
    if (i == 0) {
      EXPECT_EQ(j["type"], "header");
      EXPECT_EQ(j["format"], "feldherr-replay");
      EXPECT_EQ(j["seats"], (json{"red", "blue"}));
      continue;
    }
    if (j["type"] == "action") {
      ++actions;
      EXPECT_EQ(j["n"], actions);
      EXPECT_EQ(j["action"], s.history()[static_cast<size_t>(actions - 1)].text);
    }
    if (j["type"] == "hash") {
      ++hashes;
      EXPECT_EQ(j["n"].get<int>() % kHashEvery, 0);
    }
    if (j["type"] == "result") {
      ++results;
      EXPECT_EQ(j["hash"], hash_hex(s.state().hash()));
    }
  }
  EXPECT_EQ(actions, static_cast<int>(s.history().size()));
  EXPECT_EQ(hashes, actions / kHashEvery);
  EXPECT_EQ(results, 1);
  EXPECT_EQ(json::parse(lines.back())["type"], "result");
}

TEST(Replay, ActionsBeforeRecordingAreWrittenToo) {
  std::string path = temp_path("replay_late.jsonl");
  Session s(make_dice_race());
  ASSERT_EQ(s.act_text("deal 2"), "");
  ASSERT_EQ(s.act_text("deal 4"), "");
  play_recorded(s, path, 3);
  ReplayFile replay = load_replay(path);
  ASSERT_GE(replay.entries.size(), 2u);
  EXPECT_EQ(replay.entries[0].text, "deal 2");
  EXPECT_EQ(replay.entries[1].text, "deal 4");
  EXPECT_TRUE(verify_replay(*game_for(replay), replay, path).ok);
}

TEST(Replay, UndoIsRecordedAndReplayed) {
  std::string path = temp_path("replay_undo.jsonl");
  Session s(make_dice_race());
  s.record_to(path, 1);
  for (const char* t : {"deal 3", "deal 5", "press"}) ASSERT_EQ(s.act_text(t), "");
  ASSERT_TRUE(s.undo());
  for (const char* t : {"dice 1", "roll 6"}) ASSERT_EQ(s.act_text(t), "");
  auto lines = read_lines(path);
  ASSERT_EQ(lines.size(), 7u);  // header, 3 actions, undo, 2 actions
  EXPECT_EQ(json::parse(lines[4])["type"], "undo");
  ReplayFile replay = load_replay(path);
  VerifyReport report = verify_replay(*game_for(replay), replay, path);
  ASSERT_TRUE(report.ok) << report.error;
  EXPECT_EQ(report.final_hash, s.state().hash());
  EXPECT_EQ(report.actions, 4);
}

TEST(Replay, RecordToAnUnwritablePathThrows) {
  Session s(make_dice_race());
  EXPECT_THROW(s.record_to("/nonexistent-dir/x/replay.jsonl", 1), std::runtime_error);
}

// The "id" of an action line as the writer stores it: the Action::id() of its text.
uint64_t id_of(const char* text) {
  Session s(make_dice_race(5));
  Action a;
  std::string why;
  // Dice Race reads an action's text the same way at every position (DR: verbs and numbers).
  EXPECT_TRUE(s.state().parse(text, a, why)) << why;
  return a.id();
}

class ReplayCorruption : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = temp_path(std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) +
                      ".jsonl");
    Session s(make_dice_race(40));
    play_recorded(s, path_, 11);
    lines_ = read_lines(path_);
    ASSERT_GT(lines_.size(), 25u);
  }
  // Replaces line `n` (1-based) and returns the rewritten file's path.
  std::string with_line(int n, const std::string& text) {
    auto lines = lines_;
    lines[static_cast<size_t>(n - 1)] = text;
    write_lines(path_, lines);
    return path_;
  }
  std::string load_error(const std::string& path) {
    try {
      load_replay(path);
    } catch (const DataError& e) {
      return e.what();
    }
    return "";
  }
  // 1-based line number of the first action line by a seat (not chance) after line `after`.
  int seat_action_line(int after = 1) {
    for (size_t i = static_cast<size_t>(after); i < lines_.size(); ++i) {
      json j = json::parse(lines_[i]);
      if (j["type"] == "action" && j["seat"] != "chance") return static_cast<int>(i + 1);
    }
    return -1;
  }
  std::string path_;
  std::vector<std::string> lines_;
};

TEST_F(ReplayCorruption, InvalidJsonLineNamesFileAndLine) {
  std::string path = with_line(3, "{\"type\": \"action\", \"n\": ");
  EXPECT_THAT(load_error(path), StartsWith(path + ":3: not valid JSON"));
}

TEST_F(ReplayCorruption, MissingFieldNamesFileAndLine) {
  std::string path = with_line(4, R"({"type":"action","n":3,"seat":"red"})");
  EXPECT_EQ(load_error(path), path + ":4: missing field 'action'");
}

TEST_F(ReplayCorruption, WrongTypeAndUnknownLineType) {
  EXPECT_THAT(load_error(with_line(2, R"({"type":"action","n":"one","seat":"x","action":"y"})")),
              StartsWith(path_ + ":2: field 'n' has the wrong type"));
  EXPECT_EQ(load_error(with_line(5, R"({"type":"teleport","n":4})")),
            path_ + ":5: unknown line type 'teleport'");
  EXPECT_EQ(load_error(with_line(5, R"([1,2])")), path_ + ":5: each line must be a JSON object");
  EXPECT_EQ(load_error(with_line(5, R"({"type":"hash","n":4,"hash":"XYZ"})")),
            path_ + ":5: field 'hash' must be 16 lowercase hex digits");
}

TEST_F(ReplayCorruption, HeaderMustComeFirst) {
  EXPECT_EQ(load_error(with_line(1, lines_[1])), path_ + ":1: the first line must be the header");
  json header = json::parse(lines_[0]);
  header["version"] = 2;
  EXPECT_EQ(load_error(with_line(1, header.dump())), path_ + ":1: unsupported replay version");
  write_lines(path_, {});
  EXPECT_EQ(load_error(path_), path_ + ":1: empty file: no replay header");
  EXPECT_THAT(load_error(temp_path("does-not-exist.jsonl")), HasSubstr("cannot open file"));
}

TEST_F(ReplayCorruption, UnreadableActionIsReportedAtItsLine) {
  int line = seat_action_line();
  json j = json::parse(lines_[static_cast<size_t>(line - 1)]);
  j["action"] = "dice 3";
  std::string path = with_line(line, j.dump());
  ReplayFile replay = load_replay(path);
  VerifyReport report = verify_replay(*game_for(replay), replay, path);
  EXPECT_FALSE(report.ok);
  EXPECT_THAT(report.error,
              StartsWith(fmt::format("{}:{}: cannot read action 'dice 3'", path, line)));
}

TEST_F(ReplayCorruption, ActionByTheWrongSeatIsReported) {
  int line = seat_action_line();
  json j = json::parse(lines_[static_cast<size_t>(line - 1)]);
  j["seat"] = j["seat"] == "red" ? "blue" : "red";
  std::string path = with_line(line, j.dump());
  ReplayFile replay = load_replay(path);
  VerifyReport report = verify_replay(*game_for(replay), replay, path);
  EXPECT_FALSE(report.ok);
  EXPECT_THAT(report.error, StartsWith(fmt::format("{}:{}: action by", path, line)));
}

// A changed die roll is legal but changes the game: the next stored hash catches it.
TEST_F(ReplayCorruption, ChangedRollIsCaughtByTheNextHashLine) {
  int roll_line = -1, hash_line = -1;
  for (size_t i = 1; i < lines_.size(); ++i) {
    json j = json::parse(lines_[i]);
    if (roll_line < 0 && j["type"] == "action" &&
        j["action"].get<std::string>().rfind("roll ", 0) == 0 && j["n"].get<int>() < kHashEvery)
      roll_line = static_cast<int>(i + 1);
    if (roll_line > 0 && j["type"] == "hash") {
      hash_line = static_cast<int>(i + 1);
      break;
    }
  }
  ASSERT_GT(roll_line, 0);
  ASSERT_GT(hash_line, 0);
  json j = json::parse(lines_[static_cast<size_t>(roll_line - 1)]);
  std::string roll = j["action"];
  // Pick another outcome with the same number of dice; a pressed roll with a 1 and one with a
  // 2 may score the same 0, so change the die to a different non-1 value as well.
  std::string changed = roll.size() == 6 ? (roll == "roll 6" ? "roll 5" : "roll 6")
                                         : (roll == "roll 6 6" ? "roll 5 5" : "roll 6 6");
  j["action"] = changed;
  j["id"] = id_of(changed.c_str());  // a consistent line: only the game's course shows the change
  std::string path = with_line(roll_line, j.dump());
  ReplayFile replay = load_replay(path);
  VerifyReport report = verify_replay(*game_for(replay), replay, path);
  EXPECT_FALSE(report.ok);
  // Either the hash line catches the change or the game diverged earlier (e.g. it ended).
  EXPECT_THAT(report.error, MatchesRegex(".*:[0-9]+: .*"));
  int error_line = std::stoi(report.error.substr(path.size() + 1));
  EXPECT_GT(error_line, roll_line);
  EXPECT_LE(error_line, hash_line);
}

TEST_F(ReplayCorruption, DifferentResultIsReported) {
  json j = json::parse(lines_.back());
  ASSERT_EQ(j["type"], "result");
  j["summary"] = j["summary"] == "red wins" ? "blue wins" : "red wins";
  std::string path = with_line(static_cast<int>(lines_.size()), j.dump());
  ReplayFile replay = load_replay(path);
  VerifyReport report = verify_replay(*game_for(replay), replay, path);
  EXPECT_FALSE(report.ok);
  EXPECT_THAT(report.error, StartsWith(fmt::format("{}:{}: result differs", path, lines_.size())));
}

TEST(Replay, ParseReplayReadsAStream) {
  std::istringstream in(
      R"({"type":"header","format":"feldherr-replay","version":1,"game":"dice-race",)"
      R"("scenario":"race","options":{"target":"5","bug":"none"},"rules_version":"dice-race-1",)"
      R"("seed":9,"seats":["red","blue"]})"
      "\n\n" +
      fmt::format(R"({{"type":"action","n":1,"seat":"chance","action":"deal 1","id":{}}})",
                  id_of("deal 1")) +
      "\n" +
      fmt::format(R"({{"type":"action","n":2,"seat":"chance","action":"deal 2","id":{}}})",
                  id_of("deal 2")) +
      "\n" +
      fmt::format(R"({{"type":"action","n":3,"seat":"red","action":"dice 2","id":{}}})",
                  id_of("dice 2")) +
      "\n" +
      fmt::format(R"({{"type":"action","n":4,"seat":"chance","action":"roll 6 6","id":{}}})",
                  id_of("roll 6 6")) +
      "\n");
  ReplayFile replay = parse_replay(in, "mem");
  ASSERT_EQ(replay.entries.size(), 4u);
  EXPECT_EQ(replay.entries[0].line, 3);  // blank lines are skipped but counted
  EXPECT_EQ(replay.seats, (std::vector<std::string>{"red", "blue"}));
  EXPECT_EQ(replay.entries[2].id, id_of("dice 2"));
  VerifyReport report = verify_replay(*game_for(replay), replay, "mem");
  ASSERT_TRUE(report.ok) << report.error;
  EXPECT_EQ(report.actions, 4);
}

TEST(Replay, VerifyRefusesAReplayOfAnotherGame) {
  std::istringstream in(
      R"({"type":"header","format":"feldherr-replay","version":1,"game":"chess",)"
      R"("scenario":"classic","options":{},"rules_version":"1","seed":0,"seats":[]})");
  ReplayFile replay = parse_replay(in, "mem");
  VerifyReport report = verify_replay(*make_dice_race(), replay, "mem");
  EXPECT_FALSE(report.ok);
  EXPECT_THAT(report.error, StartsWith("mem:1: "));
}

// ---- trust: committed dice, ids, seats, a crash-cut last line ----

const char* const kSecret = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";

// A Dice Race game whose every chance outcome is the committed dice's (docs/protocol.md "Dice",
// as the server rolls them), with the header the server's /replay gives: "dice" (secret and
// commitment) and "server_game". Returns the file's lines.
std::vector<std::string> server_log(const std::string& path) {
  Session s(make_dice_race(30));
  s.record_to(path, 0);
  std::string secret;
  EXPECT_TRUE(from_hex(kSecret, secret));
  RandomPlayer player(5);
  while (!s.state().is_terminal()) {
    const Action a = s.state().current_seat() == kChance
                         ? fair_chance_outcome(s.state(), secret, s.history().size() + 1)
                         : player.choose(s.state());
    EXPECT_EQ(s.act(a), "");
  }
  auto lines = read_lines(path);
  json header = json::parse(lines[0]);
  header["dice"] = {
      {"scheme", "sha256-pcg32-v1"}, {"secret", kSecret}, {"commitment", dice_commitment(kSecret)}};
  header["server_game"] = "a1b2c3d4e5f60718";
  lines[0] = header.dump();
  write_lines(path, lines);
  return lines;
}

VerifyReport verify_file(const std::string& path) {
  ReplayFile replay = load_replay(path);
  return verify_replay(*game_for(replay), replay, path);
}

TEST(ReplayTrust, CommittedDiceAreCheckedAndTheVerdictSaysSo) {
  const std::string path = temp_path("trust_genuine.jsonl");
  server_log(path);
  VerifyReport report = verify_file(path);
  ASSERT_TRUE(report.ok) << report.error;
  EXPECT_TRUE(report.dice_checked);
  EXPECT_EQ(report.dice_commitment, dice_commitment(kSecret));
  EXPECT_EQ(verdict_line(report),
            fmt::format("verified: {} actions, hash {}, dice checked against commitment {}",
                        report.actions, hash_hex(report.final_hash), dice_commitment(kSecret)));
}

// The attack of the issue: delete the dice section of a server game's log. It must not verify
// as the genuine file does.
TEST(ReplayTrust, ServerGameWithoutItsDiceSectionFailsVerification) {
  const std::string path = temp_path("trust_no_dice.jsonl");
  auto lines = server_log(path);
  json header = json::parse(lines[0]);
  header.erase("dice");
  lines[0] = header.dump();
  write_lines(path, lines);
  VerifyReport report = verify_file(path);
  EXPECT_FALSE(report.ok);
  EXPECT_THAT(report.error, StartsWith(path + ":1: a server game"));
  // A commitment without the secret cannot be checked either.
  header["dice"] = {{"scheme", "sha256-pcg32-v1"}, {"commitment", dice_commitment(kSecret)}};
  lines[0] = header.dump();
  write_lines(path, lines);
  report = verify_file(path);
  EXPECT_FALSE(report.ok);
  EXPECT_THAT(report.error, HasSubstr("the secret is not revealed"));
}

TEST(ReplayTrust, LogWithoutCommitmentVerifiesButSaysTheDiceWereNotChecked) {
  const std::string path = temp_path("trust_local.jsonl");
  auto lines = server_log(path);
  json header = json::parse(lines[0]);
  header.erase("dice");
  header.erase("server_game");
  lines[0] = header.dump();
  write_lines(path, lines);
  VerifyReport report = verify_file(path);
  ASSERT_TRUE(report.ok) << report.error;
  EXPECT_FALSE(report.dice_checked);
  EXPECT_EQ(report.dice_unchecked, "no commitment");
  EXPECT_THAT(verdict_line(report), ::testing::EndsWith(", dice not checked: no commitment"));
}

TEST(ReplayTrust, ForgedDieFailsAgainstTheCommitment) {
  const std::string path = temp_path("trust_forged.jsonl");
  auto lines = server_log(path);
  // The first roll of one die: "roll X" -> another face (and the id of the new text).
  for (size_t i = 1; i < lines.size(); ++i) {
    json j = json::parse(lines[i]);
    const std::string text = j.value("action", "");
    if (j["type"] != "action" || text.size() != 6 || text.rfind("roll ", 0) != 0) continue;
    const std::string forged = text == "roll 6" ? "roll 5" : "roll 6";
    j["action"] = forged;
    j["id"] = id_of(forged.c_str());
    lines[i] = j.dump();
    write_lines(path, lines);
    VerifyReport report = verify_file(path);
    EXPECT_FALSE(report.ok);
    EXPECT_EQ(report.error,
              fmt::format("{}:{}: chance outcome '{}' is not the committed dice's '{}'", path,
                          i + 1, forged, text));
    return;
  }
  FAIL() << "no roll of one die in the log";
}

TEST(ReplayTrust, StoredIdMustBeTheIdOfTheActionText) {
  const std::string path = temp_path("trust_id.jsonl");
  Session s(make_dice_race(40));
  play_recorded(s, path, 11);
  auto lines = read_lines(path);
  json j = json::parse(lines[3]);
  ASSERT_EQ(j["type"], "action");
  const uint64_t id = j["id"];
  j["id"] = id + 1;
  lines[3] = j.dump();
  write_lines(path, lines);
  VerifyReport report = verify_file(path);
  EXPECT_FALSE(report.ok);
  EXPECT_EQ(report.error, fmt::format("{}:4: stored id {} is not the id of action '{}' ({})", path,
                                      id + 1, j["action"].get<std::string>(), id));
  // An action line without an id is malformed.
  j.erase("id");
  lines[3] = j.dump();
  write_lines(path, lines);
  EXPECT_THROW(
      {
        try {
          load_replay(path);
        } catch (const DataError& e) {
          EXPECT_EQ(std::string(e.what()), path + ":4: missing field 'id'");
          throw;
        }
      },
      DataError);
}

TEST(ReplayTrust, HeaderSeatsMustBeTheGamesAndActionsBySeatsOfTheHeader) {
  const std::string path = temp_path("trust_seats.jsonl");
  Session s(make_dice_race(40));
  play_recorded(s, path, 11);
  auto lines = read_lines(path);
  json header = json::parse(lines[0]);
  header["seats"] = {"red", "green"};
  auto changed = lines;
  changed[0] = header.dump();
  write_lines(path, changed);
  VerifyReport report = verify_file(path);
  EXPECT_FALSE(report.ok);
  EXPECT_EQ(report.error,
            path + ":1: the header's seats [red, green] are not the game's [red, blue]");
  // An action by a seat the header does not name.
  for (size_t i = 1; i < lines.size(); ++i) {
    json j = json::parse(lines[i]);
    if (j["type"] != "action") continue;
    j["seat"] = "mallory";
    changed = lines;
    changed[i] = j.dump();
    write_lines(path, changed);
    report = verify_file(path);
    EXPECT_FALSE(report.ok);
    EXPECT_EQ(report.error, fmt::format("{}:{}: action by 'mallory', which is no seat of the "
                                        "header [red, blue] nor chance",
                                        path, i + 1));
    break;
  }
}

TEST(ReplayTrust, LastLineCutByACrashIsReadUpToTheLineBeforeWithAWarning) {
  const std::string path = temp_path("trust_cut.jsonl");
  Session s(make_dice_race(40));
  play_recorded(s, path, 11);
  auto lines = read_lines(path);
  // Cut the file inside its last action line (no newline at the end, as a crash leaves it).
  size_t last_action = lines.size() - 1;
  while (json::parse(lines[last_action])["type"] != "action") --last_action;
  {
    std::ofstream out(path, std::ios::trunc);
    for (size_t i = 0; i < last_action; ++i) out << lines[i] << '\n';
    out << lines[last_action].substr(0, lines[last_action].size() / 2);
  }
  ReplayFile replay = load_replay(path);
  const int cut = static_cast<int>(last_action + 1);
  EXPECT_EQ(replay.truncated_line, cut);
  EXPECT_EQ(replay.warning,
            fmt::format("{}:{}: the last line is cut short (a crash while it was written?); read "
                        "up to line {}",
                        path, cut, cut - 1));
  VerifyReport report = verify_replay(*game_for(replay), replay, path);
  ASSERT_TRUE(report.ok) << report.error;
  EXPECT_EQ(report.actions, json::parse(lines[last_action])["n"].get<int>() - 1);
}

TEST(ReplayTrust, MalformedLineAnywhereButLastStaysAnError) {
  const std::string path = temp_path("trust_cut_middle.jsonl");
  Session s(make_dice_race(40));
  play_recorded(s, path, 11);
  auto lines = read_lines(path);
  auto changed = lines;
  changed[4] = lines[4].substr(0, lines[4].size() / 2);  // cut short, but lines follow
  write_lines(path, changed);
  try {
    load_replay(path);
    ADD_FAILURE() << "a cut line before the last must be an error";
  } catch (const DataError& e) {
    EXPECT_THAT(e.what(), StartsWith(path + ":5: not valid JSON"));
  }
  // A last line that is broken (not merely cut short) is an error too.
  changed = lines;
  changed.back() = R"({"type":"result",#})";
  write_lines(path, changed);
  try {
    load_replay(path);
    ADD_FAILURE() << "a garbled last line must be an error";
  } catch (const DataError& e) {
    EXPECT_THAT(e.what(), StartsWith(fmt::format("{}:{}: not valid JSON", path, lines.size())));
  }
}

TEST(ReplayTrust, MessagesCutEchoedInputOfAnySize) {
  const std::string path = temp_path("trust_huge.jsonl");
  Session s(make_dice_race(40));
  play_recorded(s, path, 11);
  auto lines = read_lines(path);
  json j = json::parse(lines[3]);
  j["action"] = std::string(1000000, 'x');
  lines[3] = j.dump();
  write_lines(path, lines);
  VerifyReport report = verify_file(path);
  EXPECT_FALSE(report.ok);
  EXPECT_LT(report.error.size(), 1000u);
  EXPECT_THAT(report.error, HasSubstr(std::string(200, 'x') + "… (1000000 bytes)"));
}

TEST(ReplayTrust, ClipTextKeepsShortTextAndCutsAtACharacterBoundary) {
  EXPECT_EQ(clip_text("short"), "short");
  EXPECT_EQ(clip_text(std::string(200, 'a')), std::string(200, 'a'));
  EXPECT_EQ(clip_text(std::string(201, 'a')), std::string(200, 'a') + "… (201 bytes)");
  // "ä" is two bytes: a cut after 3 bytes of "aää" keeps "aä", never half a character.
  EXPECT_EQ(clip_text("aää", 4), "aä… (5 bytes)");
  EXPECT_EQ(clip_text("aää", 4).size(), 3u + 3u + 10u);
}

TEST(Replay, HashHexIsSixteenLowercaseDigits) {
  EXPECT_EQ(hash_hex(0), "0000000000000000");
  EXPECT_EQ(hash_hex(0xABCDEF0123456789ULL), "abcdef0123456789");
}

}  // namespace
}  // namespace feldherr::toy
