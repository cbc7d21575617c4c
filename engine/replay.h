// Replay files (docs/replay-format.md): JSON Lines, one object per line, flushed line by line so
// a crash loses nothing already written.
//
//   {"type":"header","format":"feldherr-replay","version":1,"game":"pocket",
//    "scenario":"orcs-vs-elves","options":{"points":"60"},"rules_version":"pocket-1",
//    "seed":42,"seats":["orcs","elves"]}
//   {"type":"action","n":1,"seat":"chance","action":"roll 5 2","id":1234}
//   {"type":"hash","n":20,"hash":"0123456789abcdef"}          every kHashEvery actions
//   {"type":"undo","n":37}                                    the last action was taken back
//   {"type":"result","n":412,"summary":"orcs wins","hash":"..."}
#pragma once

#include <cstdint>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "engine/game.h"

namespace feldherr {

constexpr int kHashEvery = 20;

class ReplayWriter {
 public:
  // Throws std::runtime_error if the file cannot be opened.
  ReplayWriter(const std::string& path, const Game& game, uint64_t seed);
  void action(int n, const std::string& seat, const std::string& text, uint64_t id);
  void hash(int n, uint64_t h);
  void undo(int n);
  void result(int n, const Result& r, uint64_t h);

 private:
  void line(const json& j);
  std::ofstream out_;
  std::string path_;
};

struct ReplayEntry {
  enum Kind { kAction, kHash, kUndo, kResult } kind = kAction;
  int line = 0;  // 1-based line in the file, for error messages
  int n = 0;
  std::string seat;
  std::string text;
  uint64_t hash = 0;
  std::string summary;
};

struct ReplayFile {
  std::string game, scenario, rules_version;
  Options options;
  uint64_t seed = 0;
  // Server games (docs/protocol.md "Dice"): the header's optional "dice" object
  // {"scheme":"sha256-pcg32-v1","secret":HEX,"commitment":HEX}. When the secret is present,
  // verify_replay checks SHA-256(secret) == commitment and recomputes every chance outcome.
  std::string dice_secret, dice_commitment;
  std::vector<ReplayEntry> entries;
};

// Parses a replay file; throws std::runtime_error("FILE:LINE: message") on malformed input.
ReplayFile load_replay(const std::string& path);
ReplayFile parse_replay(std::istream& in, const std::string& name);

struct VerifyReport {
  bool ok = false;
  int actions = 0;
  uint64_t final_hash = 0;
  std::string error;  // "FILE:LINE: message" on the first divergence
  std::string result_summary;
};

// Re-runs a replay against the current rules: every action must be legal, every stored hash must
// match, and the stored result must equal the game's. Stops at the first divergence. `game` must
// be created from the replay's game, scenario and options (e.g. all_games().create(...)).
VerifyReport verify_replay(const Game& game, const ReplayFile& replay, const std::string& name);

// "game/scenario" of a replay, for Registry::create.
std::string replay_game_id(const ReplayFile& replay);

std::string hash_hex(uint64_t h);

}  // namespace feldherr
