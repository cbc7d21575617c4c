#include "engine/replay.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "engine/errors.h"
#include "engine/fair_dice.h"
#include "engine/session.h"

namespace feldherr {

std::string hash_hex(uint64_t h) {
  return fmt::format("{:016x}", h);
}

ReplayWriter::ReplayWriter(const std::string& path, const Game& game, uint64_t seed)
    : out_(path, std::ios::out | std::ios::trunc), path_(path) {
  if (!out_) throw std::runtime_error(fmt::format("{}: cannot open log file for writing", path));
  json options = json::object();
  for (const auto& [k, v] : game.options()) options[k] = v;
  line({{"type", "header"},
        {"format", "feldherr-replay"},
        {"version", 1},
        {"game", game.id()},
        {"scenario", game.scenario()},
        {"options", options},
        {"rules_version", game.rules_version()},
        {"seed", seed},
        {"seats", game.seats()}});
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
          fail(name, line, fmt::format("option '{}' must be a string", it.key()));
        r.options.emplace_back(it.key(), it->get<std::string>());
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
      fail(name, line, fmt::format("unknown line type '{}'", type));
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

VerifyReport verify_replay(const Game& game, const ReplayFile& replay, const std::string& name) {
  VerifyReport report;
  auto err = [&](int line, const std::string& msg) {
    report.error = fmt::format("{}:{}: {}", name, line, msg);
    return report;
  };
  if (game.id() != replay.game || game.scenario() != replay.scenario)
    return err(1, "the game does not match the replay header");
  // A different rules version is allowed: the re-run reports the first divergence, if any.
  Session session(std::shared_ptr<const Game>(&game, [](const Game*) {}));
  // server games: provably fair dice (docs/protocol.md "Dice")
  std::string dice_secret;
  if (!replay.dice_secret.empty()) {
    if (!from_hex(replay.dice_secret, dice_secret) || dice_secret.size() != 32)
      return err(1, "the dice secret must be 64 hex digits");
    if (sha256_hex(dice_secret) != replay.dice_commitment)
      return err(1, "the dice secret does not match its commitment (SHA-256)");
  }
  for (const ReplayEntry& e : replay.entries) {
    const State& state = session.state();
    switch (e.kind) {
      case ReplayEntry::kAction: {
        if (static_cast<size_t>(e.n) != session.history().size() + 1)
          return err(e.line, fmt::format("action number {} out of sequence (expected {})", e.n,
                                         session.history().size() + 1));
        int seat = state.current_seat();
        std::string expected = seat >= 0         ? game.seats()[static_cast<size_t>(seat)]
                               : seat == kChance ? "chance"
                                                 : "nobody (the game is over)";
        if (e.seat != expected)
          return err(e.line,
                     fmt::format("action by '{}' but '{}' owes the decision", e.seat, expected));
        Action action;
        std::string why;
        if (!state.parse(e.text, action, why))
          return err(e.line, fmt::format("cannot read action '{}': {}", e.text, why));
        if (seat == kChance && !dice_secret.empty()) {
          Action fair = fair_chance_outcome(state, dice_secret, static_cast<uint64_t>(e.n));
          if (fair != action)
            return err(e.line, fmt::format("chance outcome '{}' is not the committed dice's '{}'",
                                           e.text, state.describe(fair)));
        }
        if (std::string illegal = session.act(action); !illegal.empty())
          return err(e.line, fmt::format("illegal action '{}': {}", e.text, illegal));
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
          return err(e.line, fmt::format("result differs: replay '{}', rules '{}'", e.summary,
                                         state.result().summary));
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

}  // namespace feldherr
