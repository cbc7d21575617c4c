#include "engine/replay.h"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "engine/errors.h"
#include "engine/fair_dice.h"
#include "engine/session.h"

namespace feldherr {

std::string hash_hex(uint64_t h) {
  return fmt::format("{:016x}", h);
}

ReplayWriter::ReplayWriter(const std::string& path, const Game& game, uint64_t seed,
                           const std::vector<std::string>& players)
    : out_(path, std::ios::out | std::ios::trunc), path_(path) {
  if (!out_) throw std::runtime_error(fmt::format("{}: cannot open log file for writing", path));
  json options = json::object();
  for (const auto& [k, v] : game.options()) options[k] = v;
  json header = {{"type", "header"},
                 {"format", "feldherr-replay"},
                 {"version", 1},
                 {"game", game.id()},
                 {"scenario", game.scenario()},
                 {"options", options},
                 {"rules_version", game.rules_version()},
                 {"seed", seed},
                 {"seats", game.seats()}};
  if (!players.empty()) {
    json who = json::object();
    for (size_t i = 0; i < players.size() && i < game.seats().size(); ++i)
      who[game.seats()[i]] = players[i];
    header["players"] = who;
  }
  line(header);
}

ReplayWriter::ReplayWriter(const std::string& path, Append) : path_(path) {
  // A whole log ends with a newline; one whose last line lacks it gets it first, so that the
  // next line starts a line of its own.
  bool needs_newline = false;
  {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error(fmt::format("{}: cannot open log file", path));
    in.seekg(0, std::ios::end);
    if (in.tellg() > 0) {
      in.seekg(-1, std::ios::end);
      needs_newline = in.get() != '\n';
    }
  }
  out_.open(path, std::ios::out | std::ios::app);
  if (!out_) throw std::runtime_error(fmt::format("{}: cannot open log file for writing", path));
  if (needs_newline) {
    out_ << '\n';
    out_.flush();
  }
}

void ReplayWriter::line(const json& j) {
  out_ << j.dump() << '\n';
  out_.flush();  // one line per action: a crash loses nothing already acknowledged
  if (!out_) throw std::runtime_error(fmt::format("{}: write failed", path_));
}

void ReplayWriter::action(int n, const std::string& seat, const std::string& text, uint64_t id) {
  line({{"type", "action"}, {"n", n}, {"seat", seat}, {"action", text}, {"id", id}});
}
void ReplayWriter::hash(int n, uint64_t h) {
  line({{"type", "hash"}, {"n", n}, {"hash", hash_hex(h)}});
}
void ReplayWriter::undo(int n) {
  line({{"type", "undo"}, {"n", n}});
}
void ReplayWriter::result(int n, const Result& r, uint64_t h) {
  line({{"type", "result"}, {"n", n}, {"summary", r.summary}, {"hash", hash_hex(h)}});
}

namespace {

[[noreturn]] void fail(const std::string& name, int line, const std::string& msg) {
  throw DataError(fmt::format("{}:{}: {}", name, line, msg));
}

const json& field(const json& j, const char* key, json::value_t type, const std::string& name,
                  int line) {
  auto it = j.find(key);
  if (it == j.end()) fail(name, line, fmt::format("missing field '{}'", key));
  bool ok = it->type() == type || (type == json::value_t::number_unsigned &&
                                   it->is_number_integer() && it->get<int64_t>() >= 0);
  if (!ok)
    fail(name, line, fmt::format("field '{}' has the wrong type ({})", key, it->type_name()));
  return *it;
}

// True if nothing but empty lines is left in `in` (consumes it).
bool only_blank_lines_follow(std::istream& in) {
  for (std::string rest; std::getline(in, rest);)
    if (!rest.empty()) return false;
  return true;
}

uint64_t parse_hash(const std::string& s, const std::string& name, int line) {
  if (s.size() != 16 || s.find_first_not_of("0123456789abcdef") != std::string::npos)
    fail(name, line, "field 'hash' must be 16 lowercase hex digits");
  return std::stoull(s, nullptr, 16);
}

}  // namespace

ReplayFile parse_replay(std::istream& in, const std::string& name) {
  ReplayFile r;
  std::string text;
  int line = 0;
  bool header = false;
  while (std::getline(in, text)) {
    ++line;
    if (text.empty()) continue;
    json j;
    try {
      j = json::parse(text);
    } catch (const json::parse_error& e) {
      // The input ended inside the JSON value (byte = one past the end): a line cut short. The
      // writer flushes whole lines, so only a crash while writing the last line leaves one, and
      // only there is it no error: the log is read up to the line before.
      if (header && e.byte == text.size() + 1 && only_blank_lines_follow(in)) {
        r.truncated_line = line;
        r.warning = fmt::format(
            "{}:{}: the last line is cut short (a crash while it was written?); read up to line "
            "{}",
            name, line, line - 1);
        break;
      }
      fail(name, line, fmt::format("not valid JSON (byte {})", e.byte));
    } catch (const json::exception& e) {  // e.g. a number too large (found by fuzzing)
      fail(name, line, fmt::format("not valid JSON ({})", e.what()));
    }
    if (!j.is_object()) fail(name, line, "each line must be a JSON object");
    std::string type = field(j, "type", json::value_t::string, name, line).get<std::string>();
    if (!header) {
      if (type != "header") fail(name, line, "the first line must be the header");
      if (field(j, "format", json::value_t::string, name, line) != "feldherr-replay")
        fail(name, line, "not a feldherr replay (format must be \"feldherr-replay\")");
      if (field(j, "version", json::value_t::number_unsigned, name, line) != 1)
        fail(name, line, "unsupported replay version");
      r.game = field(j, "game", json::value_t::string, name, line).get<std::string>();
      r.scenario = field(j, "scenario", json::value_t::string, name, line).get<std::string>();
      r.rules_version =
          field(j, "rules_version", json::value_t::string, name, line).get<std::string>();
      r.seed = field(j, "seed", json::value_t::number_unsigned, name, line).get<uint64_t>();
      const json& opts = field(j, "options", json::value_t::object, name, line);
      for (auto it = opts.begin(); it != opts.end(); ++it) {
        if (!it->is_string())
          fail(name, line, fmt::format("option '{}' must be a string", clip_text(it.key())));
        r.options.emplace_back(it.key(), it->get<std::string>());
      }
      for (const json& seat : field(j, "seats", json::value_t::array, name, line)) {
        if (!seat.is_string()) fail(name, line, "field 'seats' must hold strings");
        r.seats.push_back(seat.get<std::string>());
      }
      if (auto players = j.find("players"); players != j.end()) {
        if (!players->is_object()) fail(name, line, "field 'players' must be an object");
        r.players.assign(r.seats.size(), "");
        for (auto it = players->begin(); it != players->end(); ++it) {
          const auto seat = std::find(r.seats.begin(), r.seats.end(), it.key());
          if (seat == r.seats.end())
            fail(name, line,
                 fmt::format("field 'players' names '{}', no seat of the header",
                             clip_text(it.key(), 40)));
          if (!it->is_string()) fail(name, line, "field 'players' must hold strings");
          r.players[static_cast<size_t>(seat - r.seats.begin())] = it->get<std::string>();
        }
      }
      if (auto server = j.find("server_game"); server != j.end()) {
        if (!server->is_string() || server->get<std::string>().empty())
          fail(name, line, "field 'server_game' must be a non-empty string");
        r.server_game = server->get<std::string>();
      }
      // server games: the revealed dice secret (docs/protocol.md "Dice")
      if (auto dice = j.find("dice"); dice != j.end()) {
        if (!dice->is_object()) fail(name, line, "field 'dice' must be an object");
        if (field(*dice, "scheme", json::value_t::string, name, line) != "sha256-pcg32-v1")
          fail(name, line, "unknown dice scheme (expected \"sha256-pcg32-v1\")");
        r.dice_commitment =
            field(*dice, "commitment", json::value_t::string, name, line).get<std::string>();
        if (auto secret = dice->find("secret"); secret != dice->end() && !secret->is_null()) {
          if (!secret->is_string()) fail(name, line, "field 'secret' must be a string");
          r.dice_secret = secret->get<std::string>();
        }
      }
      header = true;
      continue;
    }
    ReplayEntry e;
    e.line = line;
    e.n = static_cast<int>(
        field(j, "n", json::value_t::number_unsigned, name, line).get<uint64_t>() & 0x7fffffff);
    if (type == "action") {
      e.kind = ReplayEntry::kAction;
      e.seat = field(j, "seat", json::value_t::string, name, line).get<std::string>();
      e.text = field(j, "action", json::value_t::string, name, line).get<std::string>();
      e.id = field(j, "id", json::value_t::number_unsigned, name, line).get<uint64_t>();
    } else if (type == "hash") {
      e.kind = ReplayEntry::kHash;
      e.hash = parse_hash(field(j, "hash", json::value_t::string, name, line), name, line);
    } else if (type == "undo") {
      e.kind = ReplayEntry::kUndo;
    } else if (type == "result") {
      e.kind = ReplayEntry::kResult;
      e.summary = field(j, "summary", json::value_t::string, name, line).get<std::string>();
      e.hash = parse_hash(field(j, "hash", json::value_t::string, name, line), name, line);
    } else {
      fail(name, line, fmt::format("unknown line type '{}'", clip_text(type)));
    }
    r.entries.push_back(std::move(e));
  }
  if (!header) fail(name, line == 0 ? 1 : line, "empty file: no replay header");
  return r;
}

ReplayFile load_replay(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw DataError(fmt::format("{}: cannot open file", path));
  return parse_replay(in, path);
}

std::string replay_game_id(const ReplayFile& replay) {
  return replay.game + "/" + replay.scenario;
}

namespace {

std::string seat_list(const std::vector<std::string>& seats) {
  std::string s;
  for (const std::string& seat : seats) s += (s.empty() ? "" : ", ") + clip_text(seat, 40);
  return "[" + s + "]";
}

}  // namespace

VerifyReport verify_replay(const Game& game, const ReplayFile& replay, const std::string& name) {
  VerifyReport report;
  auto err = [&](int line, const std::string& msg) {
    report.error = fmt::format("{}:{}: {}", name, line, msg);
    return report;
  };
  if (game.id() != replay.game || game.scenario() != replay.scenario)
    return err(1, "the game does not match the replay header");
  if (replay.seats != game.seats())
    return err(1, fmt::format("the header's seats {} are not the game's {}",
                              seat_list(replay.seats), seat_list(game.seats())));
  // A different rules version is allowed: the re-run reports the first divergence, if any.
  Session session(std::shared_ptr<const Game>(&game, [](const Game*) {}));
  // server games: provably fair dice (docs/protocol.md "Dice")
  std::string dice_secret;
  if (!replay.dice_secret.empty()) {
    if (!from_hex(replay.dice_secret, dice_secret) || dice_secret.size() != 32)
      return err(1, "the dice secret must be 64 hex digits");
    if (sha256_hex(dice_secret) != replay.dice_commitment)
      return err(1, "the dice secret does not match its commitment (SHA-256)");
    report.dice_checked = true;
    report.dice_commitment = replay.dice_commitment;
  } else {
    report.dice_unchecked =
        replay.dice_commitment.empty() ? "no commitment" : "the secret is not revealed";
  }
  if (!replay.server_game.empty() && !report.dice_checked)
    return err(1, fmt::format("a server game (server_game '{}') without its dice secret and "
                              "commitment: its dice cannot be checked ({})",
                              clip_text(replay.server_game, 40), report.dice_unchecked));
  for (const ReplayEntry& e : replay.entries) {
    const State& state = session.state();
    switch (e.kind) {
      case ReplayEntry::kAction: {
        if (static_cast<size_t>(e.n) != session.history().size() + 1)
          return err(e.line, fmt::format("action number {} out of sequence (expected {})", e.n,
                                         session.history().size() + 1));
        if (e.seat != "chance" &&
            std::find(replay.seats.begin(), replay.seats.end(), e.seat) == replay.seats.end())
          return err(e.line, fmt::format("action by '{}', which is no seat of the header {} nor "
                                         "chance",
                                         clip_text(e.seat, 40), seat_list(replay.seats)));
        int seat = state.current_seat();
        std::string expected = seat >= 0         ? game.seats()[static_cast<size_t>(seat)]
                               : seat == kChance ? "chance"
                                                 : "nobody (the game is over)";
        if (e.seat != expected)
          return err(e.line, fmt::format("action by '{}' but '{}' owes the decision",
                                         clip_text(e.seat, 40), expected));
        Action action;
        std::string why;
        if (!state.parse(e.text, action, why))
          return err(e.line,
                     fmt::format("cannot read action '{}': {}", clip_text(e.text), clip_text(why)));
        if (action.id() != e.id)
          return err(e.line, fmt::format("stored id {} is not the id of action '{}' ({})", e.id,
                                         clip_text(e.text), action.id()));
        if (seat == kChance && !dice_secret.empty()) {
          Action fair = fair_chance_outcome(state, dice_secret, static_cast<uint64_t>(e.n));
          if (fair != action)
            return err(e.line, fmt::format("chance outcome '{}' is not the committed dice's '{}'",
                                           clip_text(e.text), state.describe(fair)));
        }
        if (std::string illegal = session.act(action); !illegal.empty())
          return err(e.line,
                     fmt::format("illegal action '{}': {}", clip_text(e.text), clip_text(illegal)));
        break;
      }
      case ReplayEntry::kHash:
        if (state.hash() != e.hash)
          return err(e.line, fmt::format("state hash differs after action {}: replay {}, rules {}",
                                         e.n, hash_hex(e.hash), hash_hex(state.hash())));
        break;
      case ReplayEntry::kUndo:
        if (!session.undo()) return err(e.line, "undo recorded where the rules allow none");
        break;
      case ReplayEntry::kResult:
        if (!state.is_terminal()) return err(e.line, "result recorded but the game is not over");
        if (state.result().summary != e.summary)
          return err(e.line, fmt::format("result differs: replay '{}', rules '{}'",
                                         clip_text(e.summary), state.result().summary));
        if (state.hash() != e.hash) return err(e.line, "final state hash differs");
        report.result_summary = e.summary;
        break;
    }
  }
  report.ok = true;
  report.actions = static_cast<int>(session.history().size());
  report.final_hash = session.state().hash();
  return report;
}

std::string verdict_line(const VerifyReport& report) {
  return fmt::format(
      "verified: {} actions, hash {}, {}", report.actions, hash_hex(report.final_hash),
      report.dice_checked ? "dice checked against commitment " + report.dice_commitment
                          : "dice not checked: " + report.dice_unchecked);
}

}  // namespace feldherr
