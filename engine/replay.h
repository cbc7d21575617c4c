// Replay files (docs/replay-format.md): JSON Lines, one object per line, flushed line by line so
// a crash loses nothing already written.
//
//   {"type":"header","format":"feldherr-replay","version":1,"game":"pocket",
//    "scenario":"orcs-vs-elves","options":{"points":"60"},"rules_version":"pocket-2",
//    "seed":42,"seats":["orcs","elves"],"players":{"orcs":"human","elves":"heuristic"}}
//    (server games add "dice":{"scheme","secret","commitment"} and "server_game":ID)
//   {"type":"action","n":1,"seat":"chance","action":"roll 5 2","id":1234}
//   {"type":"hash","n":20,"hash":"0123456789abcdef"}          every kHashEvery actions
//   {"type":"undo","n":37}                                    the last action was taken back
//   {"type":"result","n":412,"summary":"orcs wins","hash":"..."}
#pragma once

#include <cstdint>
#include <fstream>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.h"

namespace feldherr {

constexpr int kHashEvery = 20;

class ReplayWriter {
 public:
  // Starts the log `path` (replacing the file) with its header. Throws std::runtime_error if the
  // file cannot be opened. `players` (may be empty) says who plays each seat, in seat order
  // ("human", "heuristic", "mcts:0.5"): the header's "players", which a resumed game reuses.
  ReplayWriter(const std::string& path, const Game& game, uint64_t seed,
               const std::vector<std::string>& players = {});
  // Continues the whole log `path` (feldherr play --resume): later lines are appended. Throws
  // std::runtime_error if the file cannot be opened.
  struct Append {};
  ReplayWriter(const std::string& path, Append);
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
  uint64_t id = 0;  // actions: the stored Action::id(), checked against the text's
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
  std::vector<std::string> seats;  // the header's seats, in seat order
  // The header's optional "players": who played each seat, in seat order ("" when not given).
  std::vector<std::string> players;
  // The header's "server_game" (the server's game id): the log claims to come from the server,
  // whose dice are committed, so verify_replay refuses it without a commitment and secret.
  std::string server_game;
  std::vector<ReplayEntry> entries;
  // A log whose last line was cut by a crash (truncated JSON, the last line of the file only) is
  // read up to the line before; `truncated_line` is then that line and `warning` says so as
  // "FILE:LINE: ...". 0 and "" for a whole log.
  int truncated_line = 0;
  std::string warning;
};

// Parses a replay file; throws DataError("FILE:LINE: message") on malformed input (a truncated
// last line is no error: see ReplayFile::warning).
ReplayFile load_replay(const std::string& path);
ReplayFile parse_replay(std::istream& in, const std::string& name);

struct VerifyReport {
  bool ok = false;
  int actions = 0;
  uint64_t final_hash = 0;
  std::string error;  // "FILE:LINE: message" on the first divergence
  std::string result_summary;
  // Whether every chance outcome was recomputed from the revealed dice secret and that secret
  // matched its commitment (docs/protocol.md "Dice"); if not, why not.
  bool dice_checked = false;
  std::string dice_commitment;  // the commitment checked against (hex), when dice_checked
  std::string dice_unchecked;   // "no commitment" or "the secret is not revealed"
};

// Re-runs a replay against the current rules: the header's seats must be the game's; every
// action must be by a seat of the header (or chance) that owes the decision, its stored id must be
// the id of its text, it must be legal; every stored hash must match, and the stored result must
// equal the game's. With a dice secret, the secret must match its commitment and every chance
// outcome must be the committed dice's. A server game (`server_game` in the header) without a
// commitment and secret fails. Stops at the first divergence. `game` must be created from the
// replay's game, scenario and options (e.g. all_games().create(...)).
VerifyReport verify_replay(const Game& game, const ReplayFile& replay, const std::string& name);

// The one-line verdict of a successful verification (docs/cli.md, `replay --verify`):
//   "verified: N actions, hash H, dice checked against commitment C"
//   "verified: N actions, hash H, dice not checked: no commitment"
std::string verdict_line(const VerifyReport& report);

// "game/scenario" of a replay, for Registry::create.
std::string replay_game_id(const ReplayFile& replay);

std::string hash_hex(uint64_t h);

}  // namespace feldherr
