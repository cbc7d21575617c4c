#include "server/hub.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <fstream>
#include <numeric>
#include <random>
#include <sstream>
#include <string_view>

#include "ai/levels.h"
#include "ai/mcts.h"
#include "engine/fair_dice.h"
#include "engine/player.h"
#include "engine/replay.h"
#include "engine/roll_odds.h"
#include "engine/view.h"
#include "server/target.h"

namespace feldherr::server {

json error_json(const std::string& code, const std::string& message) {
  return {{"type", "error"}, {"code", code}, {"message", message}};
}

json error_json(const std::string& code, const Text& message) {
  return {{"type", "error"},
          {"code", code},
          {"message", message.en},
          {"message_de", message.in(Lang::kDe)}};
}

bool RateLimiter::allow() {
  auto now = std::chrono::steady_clock::now();
  double dt = std::chrono::duration<double>(now - last_).count();
  last_ = now;
  tokens_ = std::min(burst_, tokens_ + dt * rate_);
  if (tokens_ >= 1.0) {
    tokens_ -= 1.0;
    refused_ = 0;
    return true;
  }
  ++refused_;
  return false;
}

// What one viewer is sent of one state, as JSON texts (Hub::rendered_view_locked), built once
// per viewer and state. Its key is the state (the state id, the number of actions, whether the
// game is opened) and the viewer: a view is shown only to its viewer, and only of its state.
struct RenderedView {
  int64_t state_id = 0;
  size_t moves = 0;
  bool opened = true;
  int viewer = kObserver;
  bool text = false;             // with the text pictures
  std::string observation;       // observe(viewer) (State::append_observation)
  std::string decision;          // decision_json(g, view)
  std::string legal;             // the viewer's legal actions (append_legal_json)
  std::string text_en, text_de;  // the text pictures as JSON strings, or null

  size_t bytes() const {
    return sizeof(RenderedView) + observation.size() + decision.size() + legal.size() +
           text_en.size() + text_de.size();
  }
};

// The views of a game's current state (Hub::rendered_view_locked), at most one per viewer and
// text flag, their bytes counted in the hub's total (HubOptions::view_cache_bytes).
struct ViewCache {
  std::deque<RenderedView> views;
  int64_t bytes = 0;
  std::shared_ptr<std::atomic<int64_t>> total;  // the hub's

  ViewCache() = default;
  ViewCache(const ViewCache&) = delete;
  ViewCache& operator=(const ViewCache&) = delete;
  ~ViewCache() { clear(); }
  void clear() {
    if (total) *total -= bytes;
    bytes = 0;
    views.clear();
  }
};

// One action of the game's history as the server shows it.
struct LogEntry {
  int seat = kNobody;
  uint64_t id = 0;
  std::string text;                // unmasked
  std::vector<std::string> shown;  // per viewer: seats 0..k-1, then the observer
  Text label;                      // unmasked: State::action_info's label, in both languages
  std::vector<Text> labels;        // per viewer, as `shown`; empty: every viewer reads `label`
  EventList events;

  // The texts of `a`, taken in `s` by its current seat, for every viewer of a game of `seats`.
  void describe(const State& s, const Action& a, int seats) {
    text = s.describe(a);
    const ActionInfo all = s.action_info(a, kNobody);
    label = {all.label_en, all.label_de};
    for (int v = 0; v < seats + 1; ++v) {
      const int viewer = v < seats ? v : kObserver;
      shown.push_back(s.describe_for(a, viewer));
      if (shown.back() == text) continue;
      // Masked for this viewer: its label is read from what it is shown.
      if (labels.empty()) labels.assign(static_cast<size_t>(seats) + 1, label);
      const ActionInfo seen = s.action_info(a, viewer);
      labels[static_cast<size_t>(v)] = {seen.label_en, seen.label_de};
    }
  }
  // What viewer `v` (LiveGame::viewer_index) reads; `over`: the game is over and everything is
  // shown.
  const std::string& text_for(size_t v, bool over) const { return over ? text : shown[v]; }
  const Text& label_for(size_t v, bool over) const {
    return over || labels.empty() ? label : labels[v];
  }
};

struct LiveGame {
  std::mutex mu;
  // A change of this game is applied in memory and waits for its commit (Hub::http_async): the
  // state in memory is not yet durable. Whoever reads or changes the game waits (GameLock).
  bool storing = false;
  std::condition_variable stored_cv;  // storing became false
  StoredGame stored;
  std::shared_ptr<const Game> game;
  const GameModule* module = nullptr;
  std::unique_ptr<Session> session;
  std::string secret;  // raw bytes of the dice secret
  std::vector<LogEntry> log;
  std::vector<std::unique_ptr<Player>> ai;  // per seat; null for human seats
  bool conceded = false;
  json concede_result;
  std::vector<std::weak_ptr<Subscriber>> subs;
  std::optional<json> board;
  // The views of the current state built so far (Hub::rendered_view_locked; mu held); emptied
  // when the state changes.
  mutable ViewCache views;
  // An AI move of this game is queued or being thought: at most one per game (round robin).
  bool ai_queued = false;
  // False until a human seat first shows its token: the opening (the chance outcomes before the
  // first seat decision) is not rolled before then, so the creator cannot see it before the
  // links are handed out. Stored as the presence of rows (an opened game has rows).
  bool opened = true;
  std::atomic<int64_t> touched_ms{0};  // last use (steady clock), for eviction
  // Per seat: the token whose SHA-256 matched the seat's stored hash ("" until one did; mu
  // held), so that the seat's requests are matched without hashing (seat_of).
  mutable std::vector<std::string> seat_tokens;

  bool has_human() const {
    for (const StoredSeat& s : stored.seats)
      if (s.player == "human") return true;
    return false;
  }

  bool finished() const { return conceded || session->state().is_terminal(); }
  int num_seats() const { return static_cast<int>(game->seats().size()); }
  std::string seat_name(int seat) const {
    if (seat >= 0 && seat < num_seats()) return game->seats()[static_cast<size_t>(seat)];
    if (seat == kChance) return "chance";
    if (seat == kObserver) return "observer";
    return "nobody";
  }
  int viewer_index(int seat) const { return seat >= 0 ? seat : num_seats(); }
  json result_json() const {
    if (conceded) return concede_result;
    const State& s = session->state();
    if (!s.is_terminal()) return nullptr;
    Result r = s.result();
    json returns = json::object();
    for (int i = 0; i < num_seats() && static_cast<size_t>(i) < r.returns.size(); ++i)
      returns[seat_name(i)] = r.returns[static_cast<size_t>(i)];
    json out = {{"summary", r.summary},
                {"reason", r.reason},
                {"reason_de", r.reason_in(Lang::kDe)},
                {"returns", returns}};
    if (!r.headline.en.empty()) {
      out["headline"] = r.headline.en;
      out["headline_de"] = r.headline.in(Lang::kDe);
    }
    return out;
  }
  std::string to_move() const {
    if (conceded) return "nobody";
    return seat_name(session->state().current_seat());
  }
  GameStatus status() const {
    json r = result_json();
    return {finished() ? "finished" : "active", r.is_null() ? "" : r.dump(),
            static_cast<int>(session->history().size()), to_move(), ""};
  }
};

namespace {

// The lock of a game whose state is durable: waits while a change of it is being stored
// (LiveGame::storing). Whoever reads the state to show it, or changes it, holds this; only
// bookkeeping that shows nothing (subscriptions, the AI queue, eviction) takes `mu` alone.
class GameLock {
 public:
  explicit GameLock(LiveGame& g) : lock_(g.mu) {
    g.stored_cv.wait(lock_, [&] { return !g.storing; });
  }

 private:
  std::unique_lock<std::mutex> lock_;
};

constexpr long long kMaxMctsIterations = 1000000;

std::string seconds_text(double s) {
  std::ostringstream out;
  out << s;
  return out.str();
}

// A seat's player in a create request: human, random, heuristic, or an MCTS seat of ai/mcts.h
// within the server's limits (one AI move must not hold a core for long: docs/server.md "Games in
// memory and threads").
// Returns "" or why not.
std::string check_player(const GameModule* module, const std::string& side, std::string p,
                         double max_seconds) {
  const std::string kinds =
      "\"human\", \"ai:easy\", \"ai:normal\", \"ai:hard\", \"random\", \"heuristic\" or "
      "\"mcts\", \"mcts:SECONDS\" (at most " +
      seconds_text(max_seconds) + "), \"mcts:Nit\" (at most " + std::to_string(kMaxMctsIterations) +
      "it, stopped after " + seconds_text(max_seconds) + " s)";
  if (p.size() > 40) return "seat '" + side + "' must be " + kinds;
  if (std::string seat, error; resolve_ai_level(module, p, seat, error)) {
    if (!error.empty()) return "seat '" + side + "': " + error;
    p = seat;  // the level's player, within the limits below like any other
  }
  if (p == "human" || p == "random" || p == "heuristic") return "";
  MctsConfig c;
  std::string error;
  if (p.size() > 40 || !parse_mcts_seat(p, c, error) || !error.empty())
    return "seat '" + side + "' must be " + kinds;
  if (c.iterations > kMaxMctsIterations)
    return "seat '" + side + "': " + p + " is more than this server allows; it must be " + kinds;
  if (c.iterations <= 0 && c.seconds > max_seconds)
    return "seat '" + side + "': " + p + " thinks " + seconds_text(c.seconds) +
           " s per decision, this server allows at most " + seconds_text(max_seconds) +
           " s; it must be " + kinds;
  return "";
}

// The search of an MCTS seat on this server: one thread, and never longer than `max_seconds`
// per decision. An iteration budget becomes a time budget of `max_seconds` that also stops
// after that many iterations. A plain seat gets the game's own search (with_game_search), taken
// here so that the iteration cap stays.
MctsConfig server_mcts_config(const GameModule* module, MctsConfig c, double max_seconds) {
  c = with_game_search(module, c);
  c.threads = 1;  // one core per AI move: the server plays many games at once
  if (c.iterations > 0) {
    c.iteration_cap = c.iterations;
    c.iterations = 0;
    c.seconds = max_seconds;
  } else {
    c.seconds = c.seconds > 0 ? std::min(c.seconds, max_seconds) : max_seconds;
  }
  return c;
}

int64_t steady_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

std::string random_hex(int bytes) {
  return feldherr::random_hex(bytes);  // libsodium's CSPRNG (engine/fair_dice.h)
}

bool is_hex(const std::string& s, size_t len) {
  return s.size() == len && s.find_first_not_of("0123456789abcdef") == std::string::npos;
}

// Nesting depth of a JSON text (outside strings); a guard against deeply nested input.
int nesting_depth(const std::string& text) {
  int depth = 0, max_depth = 0;
  bool in_string = false, escape = false;
  for (char c : text) {
    if (in_string) {
      if (escape)
        escape = false;
      else if (c == '\\')
        escape = true;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '{' || c == '[') {
      max_depth = std::max(max_depth, ++depth);
    } else if (c == '}' || c == ']') {
      --depth;
    }
  }
  return max_depth;
}

// Parses a client JSON object; nullopt on malformed input (message in `why`).
std::optional<json> parse_object(const std::string& text, std::string& why) {
  if (text.size() > kMaxMessageBytes) {
    why = "message larger than 16 KiB";
    return std::nullopt;
  }
  if (nesting_depth(text) > 16) {
    why = "JSON nested too deeply";
    return std::nullopt;
  }
  json j = json::parse(text, nullptr, false);
  if (j.is_discarded()) {
    why = "malformed JSON";
    return std::nullopt;
  }
  if (!j.is_object()) {
    why = "expected a JSON object";
    return std::nullopt;
  }
  return j;
}

HttpReply reply(int status, const json& body) {
  return {status, "application/json", body.dump()};
}
HttpReply reply(int status, std::string body) {
  return {status, "application/json", std::move(body)};
}

// A member given as JSON text, for dump_with(): its name and its value.
using RawMember = std::pair<std::string_view, std::string_view>;

// `object` as dump() writes it, with the members `raw` (sorted by name, values as JSON text) in
// their places among its own (dump() writes an object's members sorted by name), then the member
// "legal" with the text `legal` last. The parts of a view (observation, legal actions) are
// written as text once (RenderedView) and spliced in, without a JSON tree.
std::string dump_with(const json& object, std::initializer_list<RawMember> raw,
                      std::string_view legal) {
  std::string out = "{";
  bool first = true;
  auto name = [&](std::string_view key) {
    if (!first) out += ',';
    first = false;
    append_json_string(out, key);
    out += ':';
  };
  auto r = raw.begin();
  for (auto it = object.begin(); it != object.end(); ++it) {
    for (; r != raw.end() && r->first < it.key(); ++r) {
      name(r->first);
      out += r->second;
    }
    name(it.key());
    out += it.value().dump();
  }
  for (; r != raw.end(); ++r) {
    name(r->first);
    out += r->second;
  }
  name("legal");
  out += legal;
  out += '}';
  return out;
}
HttpReply error_reply(int status, const std::string& code, const std::string& message) {
  return reply(status, error_json(code, message));
}

// A seat's POST body (concede, action): a JSON object with a "token" string. On success `req`
// and `token` are set and nullopt returned; else the 400 reply.
std::optional<HttpReply> read_seat_request(const std::string& body, json& req, std::string& token) {
  std::string why;
  std::optional<json> parsed = parse_object(body, why);
  if (!parsed) return error_reply(400, "bad_request", why);
  auto tok = parsed->find("token");
  if (tok == parsed->end() || !tok->is_string())
    return error_reply(400, "bad_request", "field 'token' is required");
  token = tok->get<std::string>();
  req = std::move(*parsed);
  return std::nullopt;
}

std::string token_hash(const std::string& token) {
  return sha256_hex(token);
}

// A valid 64-bit decimal action id, else nullopt.
std::optional<uint64_t> parse_id(const json& v) {
  std::string s;
  if (v.is_string())
    s = v.get<std::string>();
  else if (v.is_number_unsigned())
    return v.get<uint64_t>();
  else
    return std::nullopt;
  if (s.empty() || s.size() > 20) return std::nullopt;
  uint64_t id = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), id);
  if (ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
  return id;
}

// The events as `viewer` reads them (event_text, event_rule: a text that tells what only its seat
// may know reads differently for the others, and so may its rule); kNobody once the game is over.
json events_json(const LiveGame& g, const EventList& events, int viewer) {
  json out = json::array();
  for (const Event& e : events)
    out.push_back({{"rule", event_rule(e, viewer)},
                   {"text", event_text(e, viewer)},
                   {"text_de", event_text(e, viewer, Lang::kDe)},
                   {"seat", g.seat_name(e.seat)}});
  return out;
}

// The decision as `view`'s viewer may see it (engine/view.h: decision_for).
json decision_json(const LiveGame& g, const View& view) {
  if (g.conceded)
    return {{"seat", "nobody"},
            {"kind", "over"},
            {"prompt", "the game is over"},
            {"prompt_de", "das Spiel ist vorbei"},
            {"decline", nullptr}};
  // Before a human seat has joined, neither Chance nor an AI seat moves (open_locked).
  const int seat = g.session->state().current_seat();
  if (!g.opened && (seat == kChance || (seat >= 0 && g.ai[static_cast<size_t>(seat)])))
    return {{"seat", g.seat_name(seat)},
            {"kind", "opening"},
            {"prompt", "waiting for a player: the game starts when the first player joins"},
            {"prompt_de",
             "warten auf einen Spieler: das Spiel beginnt, sobald der erste Spieler "
             "beitritt"},
            {"decline", nullptr}};
  return feldherr::decision_json(*g.game, view);
}

// decision_json(g, view) as JSON text: the game's own decision without the tree.
std::string decision_text(const LiveGame& g, const View& view) {
  const int seat = g.session->state().current_seat();
  if (g.conceded ||
      (!g.opened && (seat == kChance || (seat >= 0 && g.ai[static_cast<size_t>(seat)]))))
    return decision_json(g, view).dump();
  std::string out;
  append_decision_json(*g.game, view, out);
  return out;
}

json list_entry(const StoredGame& s) {
  json seats = json::object();
  for (const StoredSeat& seat : s.seats) seats[seat.side] = seat.player;
  json result = nullptr;
  if (!s.result_json.empty()) result = json::parse(s.result_json, nullptr, false);
  return {{"id", s.id},           {"game", s.game},      {"scenario", s.scenario},
          {"status", s.status},   {"move", s.moves},     {"state_id", s.last_seq},
          {"to_move", s.to_move}, {"seats", seats},      {"result", result},
          {"created", s.created}, {"updated", s.updated}};
}

// The seat gives up (server-level concession, docs/protocol.md): the others win.
void concede_in_memory(LiveGame& g, int seat) {
  g.conceded = true;
  json returns = json::object();
  for (int i = 0; i < g.num_seats(); ++i) returns[g.seat_name(i)] = i == seat ? -1 : 1;
  std::string winners;
  for (int i = 0; i < g.num_seats(); ++i)
    if (i != seat) winners += (winners.empty() ? "" : ", ") + g.seat_name(i);
  g.concede_result = {{"summary", winners + (g.num_seats() == 2 ? " wins" : " win")},
                      {"reason", g.seat_name(seat) + " conceded"},
                      {"reason_de", g.seat_name(seat) + " hat aufgegeben"},
                      {"returns", returns}};
}

// The creator of a game without human seats stops it (POST /api/games/{id}/stop): no winner.
void stop_in_memory(LiveGame& g) {
  g.conceded = true;
  json returns = json::object();
  for (int i = 0; i < g.num_seats(); ++i) returns[g.seat_name(i)] = 0;
  g.concede_result = {{"summary", "stopped"},
                      {"reason", "stopped by its creator before the end"},
                      {"reason_de", "vor dem Ende von seinem Ersteller beendet"},
                      {"returns", returns}};
}

// Replays `rows` into `g` (fresh session). Throws std::runtime_error on any divergence.
void replay_rows(LiveGame& g, const std::vector<StoredRow>& rows) {
  g.session = std::make_unique<Session>(g.game);
  g.views.clear();
  g.log.clear();
  g.conceded = false;
  g.concede_result = nullptr;
  int64_t expected_seq = 0;
  for (const StoredRow& r : rows) {
    if (r.seq != ++expected_seq)
      throw std::runtime_error("row " + std::to_string(r.seq) + " out of sequence");
    if (g.conceded) throw std::runtime_error("row after the end (a concession or a stop)");
    const State& s = g.session->state();
    if (r.kind == "action") {
      if (static_cast<size_t>(r.n) != g.session->history().size() + 1)
        throw std::runtime_error("action number " + std::to_string(r.n) + " out of sequence");
      int seat = s.current_seat();
      if (g.seat_name(seat) != r.seat)
        throw std::runtime_error("action " + std::to_string(r.n) + " by " + r.seat + " but " +
                                 g.seat_name(seat) + " owes the decision");
      Action a = Action::from_id(r.action_id);
      ActionList legal = s.legal_actions();
      if (std::find(legal.begin(), legal.end(), a) == legal.end())
        throw std::runtime_error("action " + std::to_string(r.n) + " '" + r.text +
                                 "' is not legal in the replayed state");
      LogEntry e;
      e.seat = seat;
      e.id = r.action_id;
      e.describe(s, a, g.num_seats());
      g.session->act_legal(a, e.text, &e.events);  // found among `legal` above
      g.log.push_back(std::move(e));
      if (r.hash && *r.hash != g.session->state().hash())
        throw std::runtime_error("state hash after action " + std::to_string(r.n) +
                                 " differs: stored " + hash_hex(*r.hash) + ", replayed " +
                                 hash_hex(g.session->state().hash()));
    } else if (r.kind == "undo") {
      if (!g.session->undo()) throw std::runtime_error("undo where the rules allow none");
      g.log.pop_back();
    } else if (r.kind == "concede") {
      int seat = g.game->seat_index(r.seat);
      if (seat < 0) throw std::runtime_error("concession by unknown side " + r.seat);
      concede_in_memory(g, seat);
    } else if (r.kind == "stop") {
      stop_in_memory(g);
    } else {
      throw std::runtime_error("unknown row kind " + r.kind);
    }
  }
  g.stored.last_seq = expected_seq;
}

}  // namespace

HubOptions make_hub_options(const ServeOptions& serve) {
  HubOptions o;
  o.web_dir = serve.web_dir;
  o.ai_delay = std::chrono::milliseconds(serve.ai_delay_ms);
  o.ai_threads = serve.ai_threads;
  o.ai_max_seconds = serve.ai_max_seconds;
  o.idle = std::chrono::seconds(serve.idle_seconds);
  o.max_live_games = static_cast<size_t>(std::max(1, serve.max_live_games));
  return o;
}

Hub::Hub(const Registry& registry, Store& store, HubOptions options)
    : registry_(registry), store_(store), options_(std::move(options)) {
  if (!(options_.ai_max_seconds > 0)) options_.ai_max_seconds = 5.0;
  if (options_.start_ai_worker) {
    int n = options_.ai_threads > 0 ? options_.ai_threads
                                    : static_cast<int>(std::thread::hardware_concurrency());
    n = std::max(1, n);
    for (int i = 0; i < n; ++i) ai_threads_.emplace_back([this] { ai_loop(); });
  }
}

Hub::~Hub() {
  stop();
}

void Hub::stop() {
  {
    std::lock_guard lock(ai_mu_);
    stopping_ = true;
  }
  ai_cv_.notify_all();
  for (std::thread& t : ai_threads_)
    if (t.joinable()) t.join();
  wait_for_stores();
}

void Hub::wait_for_stores() {
  std::unique_lock lock(storing_mu_);
  storing_cv_.wait(lock, [&] { return storing_games_ == 0; });
}

size_t Hub::live_games() const {
  std::lock_guard lock(games_mu_);
  return games_.size();
}

bool Hub::is_live(const std::string& id) const {
  std::lock_guard lock(games_mu_);
  return games_.count(id) > 0;
}

std::shared_ptr<LiveGame> Hub::make_live(const StoredGame& stored) {
  auto g = std::make_shared<LiveGame>();
  g->stored = stored;
  g->touched_ms = steady_ms();
  Options options;
  json opts = json::parse(stored.options_json, nullptr, false);
  if (!opts.is_object()) throw std::runtime_error("stored options are not a JSON object");
  for (auto it = opts.begin(); it != opts.end(); ++it)
    options.emplace_back(it.key(), it->get<std::string>());
  g->game =
      registry_.create_for_log(stored.game + "/" + stored.scenario, options, stored.rules_version);
  g->module = registry_.find(stored.game);
  if (!from_hex(stored.secret_hex, g->secret) || g->secret.size() != 32)
    throw std::runtime_error("stored dice secret is malformed");
  if (g->game->seats().size() != stored.seats.size())
    throw std::runtime_error("stored seats do not match the game's sides");
  for (size_t i = 0; i < stored.seats.size(); ++i) {
    std::string p = stored.seats[i].player;
    // A level ("ai:hard", ai/levels.h) plays as the game's player of that level.
    if (std::string seat, error; resolve_ai_level(g->module, p, seat, error) && error.empty())
      p = seat;
    uint64_t seed = dice_seed(g->secret, 0xA1000000ULL + i);
    MctsConfig mcts;
    std::string mcts_error;
    if (p == "heuristic" && g->module && g->module->make_heuristic) {
      g->ai.push_back(g->module->make_heuristic(static_cast<int>(i), seed));
    } else if (parse_mcts_seat(p, mcts, mcts_error) && mcts_error.empty()) {
      g->ai.push_back(make_mcts_player(
          g->module, server_mcts_config(g->module, mcts, options_.ai_max_seconds), seed));
    } else if (p == "heuristic" || p == "random") {
      g->ai.push_back(std::make_unique<RandomPlayer>(seed));
    } else {
      g->ai.push_back(nullptr);
    }
  }
  g->session = std::make_unique<Session>(g->game);
  g->opened = !g->has_human();
  return g;
}

std::shared_ptr<LiveGame> Hub::load(const StoredGame& stored) {
  auto g = make_live(stored);
  std::vector<StoredRow> rows = store_.rows(stored.id);
  replay_rows(*g, rows);
  // A game with rows has been opened; so has one without human seats (rolled at creation).
  if (!rows.empty()) g->opened = true;
  return g;
}

int Hub::reload() {
  int loaded = 0;
  for (const StoredGame& stored : store_.unfinished_games()) {
    try {
      auto g = load(stored);
      bool rolled = false;
      {
        // Roll forward an opening that was due but not stored (a game of an AI-only creation
        // cut by a crash under an older server): nobody has seen a roll, the secret decides it.
        GameLock lock(*g);
        if (g->opened && !g->finished() && g->session->state().current_seat() == kChance) {
          std::vector<StoredRow> rows;
          roll_locked(*g, rows);
          commit_locked(*g, std::move(rows));
          rolled = true;
        }
      }
      {
        std::lock_guard lock(games_mu_);
        games_[stored.id] = g;
      }
      ++loaded;
      if (rolled) after_change(g);
      schedule_ai(g);
    } catch (const std::exception& e) {
      store_.set_status(stored.id, "broken");
      fprintf(stderr, "feldherr serve: game %s cannot be reloaded and is marked broken: %s\n",
              stored.id.c_str(), e.what());
    }
  }
  return loaded;
}

std::shared_ptr<LiveGame> Hub::get(const std::string& id) {
  if (!is_hex(id, 16)) return nullptr;
  std::shared_ptr<LiveGame> g;
  {
    std::lock_guard lock(games_mu_);
    auto it = games_.find(id);
    if (it != games_.end()) {
      it->second->touched_ms = steady_ms();
      g = it->second;
    }
  }
  if (g) {
    maybe_evict();  // after taking the reference: this game stays
    return g;
  }
  std::optional<StoredGame> stored = store_.find_game(id);
  if (!stored || stored->status == "broken") return nullptr;
  try {
    g = load(*stored);
  } catch (const std::exception&) {
    return nullptr;
  }
  bool inserted;
  {
    std::lock_guard lock(games_mu_);
    auto [it, fresh] = games_.emplace(id, g);
    inserted = fresh;
    g = it->second;
  }
  if (inserted) schedule_ai(g);  // an evicted game whose AI seat owes a move
  maybe_evict();
  return g;
}

size_t Hub::evict_idle() {
  const int64_t now = steady_ms();
  last_sweep_ms_ = now;
  const int64_t idle_ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(options_.idle).count();
  std::lock_guard lock(games_mu_);
  // A game may leave memory when the map holds its only reference (no connection, no request
  // in progress) and no AI move is queued or thought. Nothing else can take a reference while
  // games_mu_ is held: get() copies from the map, and the AI queue holds queued games only.
  using Entry = std::pair<int64_t, decltype(games_)::iterator>;
  std::vector<Entry> idle;
  for (auto it = games_.begin(); it != games_.end(); ++it) {
    const auto& g = it->second;
    if (g.use_count() != 1) continue;
    std::unique_lock game_lock(g->mu, std::try_to_lock);
    if (!game_lock.owns_lock() || g->ai_queued) continue;
    idle.emplace_back(g->touched_ms.load(), it);
  }
  // Over the cap, the oldest idle games go until a tenth of the cap is free again, so that a
  // server at its cap sweeps once per that many new games rather than on every request.
  size_t must_go = 0;
  if (games_.size() > options_.max_live_games) {
    const size_t low_water = options_.max_live_games - options_.max_live_games / 10;
    must_go = std::min(idle.size(), games_.size() - low_water);
  }
  auto by_age = [](const Entry& a, const Entry& b) { return a.first < b.first; };
  if (must_go > 0 && must_go < idle.size())
    std::nth_element(idle.begin(), idle.begin() + static_cast<std::ptrdiff_t>(must_go - 1),
                     idle.end(), by_age);
  size_t evicted = 0;
  for (size_t i = 0; i < idle.size(); ++i) {
    if (i >= must_go && now - idle[i].first < idle_ms) continue;
    games_.erase(idle[i].second);
    ++evicted;
  }
  return evicted;
}

void Hub::maybe_evict() {
  bool over_cap;
  {
    std::lock_guard lock(games_mu_);
    over_cap = games_.size() > options_.max_live_games;
  }
  if (over_cap || steady_ms() - last_sweep_ms_.load() >= 1000) evict_idle();
}

// ---------------------------------------------------------------------------------------------
// HTTP

HttpReply Hub::http(const std::string& method, const std::string& target, const std::string& body) {
  try {
    std::optional<Target> t = parse_target(target);
    if (!t) return error_reply(400, "bad_request", "malformed request target");
    if (t->path == "/api" || t->path.rfind("/api/", 0) == 0)
      return api(method, t->segments, t->query, body);
    if (method != "GET" && method != "HEAD")
      return error_reply(405, "bad_request", "only GET for static files");
    return static_file(t->path);
  } catch (const std::exception& e) {
    return error_reply(500, "internal", e.what());
  }
}

HttpReply Hub::api(const std::string& method, const std::vector<std::string>& parts,
                   const std::map<std::string, std::string>& query, const std::string& body) {
  auto token_of = [&]() -> std::string {
    auto it = query.find("token");
    return it == query.end() ? "" : it->second;
  };
  if (body.size() > kMaxMessageBytes) return error_reply(413, "too_large", "body over 16 KiB");
  if (parts.size() == 2 && parts[1] == "catalog" && method == "GET") return catalog();
  if (parts.size() == 2 && parts[1] == "games") {
    if (method == "GET") return list();
    if (method == "POST") return create(body);
  }
  if (parts.size() >= 3 && parts[1] == "games") {
    const std::string& id = parts[2];
    if (parts.size() == 3 && method == "GET") return summary(id, token_of());
    if (parts.size() == 4 && method == "GET") {
      if (parts[3] == "log") return log(id, token_of());
      if (parts[3] == "board") return board(id);
      if (parts[3] == "replay") return replay(id);
      if (parts[3] == "observation") {
        auto q = [&](const char* k) {
          auto it = query.find(k);
          return it == query.end() ? std::string() : it->second;
        };
        return observation(id, q("n"), q("view"), token_of());
      }
    }
    if (parts.size() == 4 && method == "POST") {
      if (parts[3] == "concede") return concede(id, body);
      if (parts[3] == "action") return http_action(id, body);
      if (parts[3] == "stop") return halt(id, body);
    }
  }
  return error_reply(
      404, "not_found", "no such API endpoint: " + method + " /" + [&] {
        std::string p;
        for (const auto& s : parts) p += (p.empty() ? "" : "/") + s;
        return p;
      }());
}

namespace {

bool is_integer(const std::string& v) {
  int n = 0;
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  return !v.empty() && ec == std::errc() && p == v.data() + v.size();
}

// An option of the catalog with the kind of value it takes, read off its validator, so that the
// lobby offers a checkbox, a choice or a number field instead of a text box: `text` when any
// text is valid, `bool` (true and false valid), `int` (`min`, `max`, `step`: the valid whole
// numbers in -1..1000, and `choices`: valid words besides numbers, e.g. "none"), `choice`
// (`choices`: the default and the words of the description that are valid), else `text`.
json describe_option(const OptionSpec& o) {
  json j = {{"name", o.name}, {"default", o.default_value}, {"help", o.description}};
  if (!o.validate) {
    j["kind"] = "text";
    return j;
  }
  auto ok = [&](std::string_view v) { return o.validate(v).empty(); };
  if (ok("x?")) {  // any text goes
    j["kind"] = "text";
    return j;
  }
  if (ok("true") && ok("false")) {
    j["kind"] = "bool";
    return j;
  }
  std::vector<int> ints;
  for (int n = -1; n <= 1000; ++n)
    if (ok(std::to_string(n))) ints.push_back(n);
  std::vector<std::string> words;
  auto add = [&](const std::string& w) {
    if (!w.empty() && !is_integer(w) && ok(w) &&
        std::find(words.begin(), words.end(), w) == words.end())
      words.push_back(w);
  };
  add(o.default_value);
  std::string word;
  for (char c : o.description + " ") {
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_') {
      word += c;
    } else {
      add(word);
      word.clear();
    }
  }
  int step = 0;
  for (size_t i = 1; i < ints.size(); ++i) step = std::gcd(step, ints[i] - ints[i - 1]);
  bool progression = !ints.empty();
  for (size_t i = 0; progression && i < ints.size(); ++i)
    progression = ints[i] == ints.front() + static_cast<int>(i) * std::max(step, 1);
  if (progression) {
    j["kind"] = "int";
    j["min"] = ints.front();
    j["max"] = ints.back();
    j["step"] = std::max(step, 1);
    if (!words.empty()) j["choices"] = words;
  } else if (ints.empty() && words.size() >= 2) {
    j["kind"] = "choice";
    j["choices"] = words;
  } else {
    j["kind"] = "text";
  }
  return j;
}

// The values an option of the catalog can take (a few at most), for seats_for; empty: too many.
std::vector<std::string> few_values(const json& option) {
  std::vector<std::string> out;
  const std::string kind = option["kind"];
  if (kind == "bool") return {"true", "false"};
  if (option.contains("choices"))
    for (const auto& c : option["choices"]) out.push_back(c.get<std::string>());
  if (kind == "int") {
    const int min = option["min"], max = option["max"], step = option["step"];
    if ((max - min) / step >= 8) return {};
    for (int n = min; n <= max; n += step) out.push_back(std::to_string(n));
  }
  return out;
}

}  // namespace

HttpReply Hub::catalog() {
  // The players offered per game: people, the difficulty levels whose time per decision this
  // server allows (ai/levels.h), and random moves.
  auto players_of = [&](const GameModule* m) {
    json players = {"human"};
    for (size_t i = 0; i < kAiLevelNames.size(); ++i) {
      const double seconds = seat_seconds(m->ai_levels[i]);
      if (seconds >= 0 && seconds <= options_.ai_max_seconds)
        players.push_back("ai:" + std::string(kAiLevelNames[i]));
    }
    players.push_back("random");
    return players;
  };
  // The games do not change while the server runs: described once (creating a game per option
  // value whose seats it might change).
  std::call_once(catalog_once_, [&] {
    catalog_games_ = json::array();
    for (const GameModule& m : registry_.modules()) {
      if (m.scenarios.empty()) continue;  // a game whose rules are being built: nothing to play
      json scenarios = json::array(), options = json::array(), seats = json::array();
      for (const ScenarioInfo& s : m.scenarios)
        scenarios.push_back(
            {{"id", s.id}, {"title", s.title}, {"title_de", s.title_in(Lang::kDe)}});
      const std::string first = m.id + "/" + m.scenarios.front().id;
      auto seats_with = [&](const Options& o) {
        json out = json::array();
        try {
          auto game = registry_.create(first, o);  // held: seats() refers into it
          for (const std::string& side : game->seats()) out.push_back(side);
        } catch (const std::exception&) {
        }
        return out;
      };
      seats = seats_with({});
      for (const OptionSpec& o : m.options) {
        json option = describe_option(o);
        // An option that changes the seats (Westerplatte's players): the seats of each value.
        json seats_for = json::object();
        bool differs = false;
        for (const std::string& v : few_values(option)) {
          seats_for[v] = v == o.default_value ? seats : seats_with({{o.name, v}});
          differs = differs || seats_for[v] != seats;
        }
        if (differs) option["seats_for"] = seats_for;
        options.push_back(option);
      }
      catalog_games_.push_back({{"id", m.id},
                                {"title", m.title},
                                {"title_de", m.title_in(Lang::kDe)},
                                {"scenarios", scenarios},
                                {"options", options},
                                {"seats", seats},
                                {"board", static_cast<bool>(m.board)},
                                {"odds", true}});
    }
  });
  json games = catalog_games_;
  for (json& g : games) g["players"] = players_of(registry_.find(g["id"].get<std::string>()));
  return reply(200, {{"games", games}});
}

HttpReply Hub::create(const std::string& body) {
  std::string why;
  std::optional<json> req = parse_object(body, why);
  if (!req) return error_reply(400, "bad_request", why);
  auto game_it = req->find("game");
  if (game_it == req->end() || !game_it->is_string())
    return error_reply(400, "bad_request", "field 'game' (\"GAME/SCENARIO\") is required");
  const std::string name = game_it->get<std::string>();
  if (name.size() > 100) return error_reply(400, "bad_request", "field 'game' is too long");
  Options user_options;
  if (auto it = req->find("options"); it != req->end() && !it->is_null()) {
    if (!it->is_object()) return error_reply(400, "bad_request", "'options' must be an object");
    if (it->size() > 32) return error_reply(400, "bad_request", "too many options");
    for (auto o = it->begin(); o != it->end(); ++o) {
      std::string value;
      if (o->is_string())
        value = o->get<std::string>();
      else if (o->is_boolean())
        value = o->get<bool>() ? "true" : "false";
      else if (o->is_number_integer())
        value = std::to_string(o->get<int64_t>());
      else
        return error_reply(400, "bad_request", "option '" + o.key() + "' must be a string");
      if (value.size() > 200) return error_reply(400, "bad_request", "option value too long");
      user_options.emplace_back(o.key(), value);
    }
  }
  std::shared_ptr<const Game> game;
  try {
    game = registry_.create(name, user_options);
  } catch (const UsageError& e) {  // in both languages where the game gave its German
    if (e.text().de.empty()) return error_reply(400, "bad_request", e.what());
    return reply(400, error_json("bad_request", e.text()));
  } catch (const std::exception& e) {
    return error_reply(400, "bad_request", e.what());
  }
  const auto& sides = game->seats();
  std::vector<std::string> players(sides.size(), "human");
  if (auto it = req->find("seats"); it != req->end() && !it->is_null()) {
    if (!it->is_object()) return error_reply(400, "bad_request", "'seats' must be an object");
    for (auto s = it->begin(); s != it->end(); ++s) {
      int seat = game->seat_index(s.key());
      if (seat < 0) {
        std::string all;
        for (const auto& side : sides) all += (all.empty() ? "" : ", ") + side;
        return error_reply(400, "bad_request",
                           "unknown side '" + s.key() + "' (sides: " + all + ")");
      }
      std::string player = s->is_string() ? s->get<std::string>() : std::string("?");
      if (std::string bad =
              check_player(registry_.find(game->id()), s.key(), player, options_.ai_max_seconds);
          !bad.empty())
        return error_reply(400, "bad_request", bad);
      players[static_cast<size_t>(seat)] = player;
    }
  }

  StoredGame stored;
  stored.id = random_hex(8);
  stored.game = std::string(game->id());
  stored.scenario = std::string(game->scenario());
  stored.rules_version = std::string(game->rules_version());
  json options = json::object();
  for (const auto& [k, v] : game->options()) options[k] = v;
  stored.options_json = options.dump();
  stored.secret_hex = new_dice_secret_hex();
  stored.commitment = dice_commitment(stored.secret_hex);
  stored.status = "active";
  stored.created = stored.updated = utc_now_iso();
  json seats_reply = json::object();
  const bool any_human = std::find(players.begin(), players.end(), "human") != players.end();
  // A game without human seats gets a control token: its creator may stop it. Its hash is kept
  // in the AI seats' token_hash (tokens of AI seats never name a seat: seat_of skips them).
  std::string control = any_human ? "" : random_hex(16);
  for (size_t i = 0; i < sides.size(); ++i) {
    StoredSeat seat{sides[i], players[i], ""};
    if (players[i] == "human") {
      std::string token = random_hex(16);
      seat.token_hash = token_hash(token);
      seats_reply[sides[i]] = {{"token", token},
                               {"link", "/#/game/" + stored.id + "?token=" + token}};
    } else {
      if (!control.empty()) seat.token_hash = token_hash(control);
      seats_reply[sides[i]] = {{"ai", players[i]}};
    }
    stored.seats.push_back(seat);
  }
  std::shared_ptr<LiveGame> g = make_live(stored);
  {
    GameLock lock(*g);
    // The opening of a game with human seats is rolled when the first of them joins (open_locked):
    // no roll exists before the links are handed out. A game of AI seats only rolls it now.
    std::vector<StoredRow> rows;
    if (g->opened) roll_locked(*g, rows);
    GameStatus st = g->status();
    stored.status = st.status;
    stored.result_json = st.result_json;
    stored.moves = st.moves;
    stored.to_move = st.to_move;
    stored.last_seq = rows.empty() ? 0 : rows.back().seq;
    try {
      store_.create_game_with_rows(stored, rows);  // the game and its opening: one transaction
    } catch (const std::exception& e) {
      return error_reply(500, "internal", std::string("the game was not stored: ") + e.what());
    }
    g->stored = stored;
  }
  {
    std::lock_guard lock(games_mu_);
    games_[stored.id] = g;
  }
  maybe_evict();
  schedule_ai(g);
  json out = {{"id", stored.id},
              {"game", stored.game},
              {"scenario", stored.scenario},
              {"seats", seats_reply},
              {"seed_commitment", stored.commitment}};
  if (!control.empty()) out["control"] = control;
  return reply(201, out);
}

HttpReply Hub::list() {
  json games = json::array();
  for (const StoredGame& s : store_.list_games(200)) games.push_back(list_entry(s));
  return reply(200, {{"games", games}});
}

namespace {
// Equal strings, in a time that depends on their lengths only (a token is never compared
// byte by byte with an early exit).
bool same_secret(const std::string& a, const std::string& b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (size_t i = 0; i < a.size(); ++i) diff = static_cast<unsigned char>(diff | (a[i] ^ b[i]));
  return diff == 0;
}

// The seat of `token` in `g` (kObserver for ""), or nullopt if the token is wrong (g.mu held).
// A token whose hash matched a seat's is kept with the game (LiveGame::seat_tokens), so a seat's
// next requests are matched without hashing.
std::optional<int> seat_of(const LiveGame& g, const std::string& token) {
  if (token.empty()) return kObserver;
  if (token.size() > 64) return std::nullopt;
  for (size_t i = 0; i < g.seat_tokens.size(); ++i)
    if (!g.seat_tokens[i].empty() && same_secret(g.seat_tokens[i], token))
      return static_cast<int>(i);
  std::string h = token_hash(token);
  for (size_t i = 0; i < g.stored.seats.size(); ++i)
    if (g.stored.seats[i].player == "human" && !g.stored.seats[i].token_hash.empty() &&
        g.stored.seats[i].token_hash == h) {
      g.seat_tokens.resize(g.stored.seats.size());
      g.seat_tokens[i] = token;
      return static_cast<int>(i);
    }
  return std::nullopt;
}

// True if `token` is the control token of `g` (a game without human seats, docs/protocol.md).
bool is_control(const LiveGame& g, const std::string& token) {
  if (token.empty() || token.size() > 64 || g.has_human()) return false;
  std::string h = token_hash(token);
  for (const StoredSeat& s : g.stored.seats)
    if (s.token_hash.empty() || s.token_hash != h) return false;
  return !g.stored.seats.empty();
}
}  // namespace

HttpReply Hub::summary(const std::string& id, const std::string& token) {
  auto g = get(id);
  if (!g) return error_reply(404, "not_found", "no game " + id);
  std::string body;
  bool rolled = false;
  {
    GameLock lock(*g);
    auto seat = seat_of(*g, token);
    if (!seat) return error_reply(403, "bad_token", "the token does not belong to game " + id);
    if (*seat >= 0) rolled = open_locked(*g);
    body = summary_locked(*g, *seat);
  }
  if (rolled) after_change(g);
  return reply(200, std::move(body));
}

// The list entry of the game (list_entry) with the viewer's seat, the commitment, its view's
// decision and observation and, last, its legal actions: written as text, byte for byte the
// dump() of that JSON object (members sorted by name), without building the tree.
std::string Hub::summary_locked(const LiveGame& g, int seat) const {
  const StoredGame& s = g.stored;
  const GameStatus st = g.status();
  const RenderedView& view = rendered_view_locked(g, seat, false);
  // The seats object, sorted by side as dump() writes an object.
  std::vector<const StoredSeat*> seats;
  for (const StoredSeat& x : s.seats) seats.push_back(&x);
  std::sort(seats.begin(), seats.end(),
            [](const StoredSeat* a, const StoredSeat* b) { return a->side < b->side; });
  seats.erase(
      std::unique(seats.begin(), seats.end(),
                  [](const StoredSeat* a, const StoredSeat* b) { return a->side == b->side; }),
      seats.end());
  std::string out;
  out.reserve(view.observation.size() + view.decision.size() + view.legal.size() + 512);
  JsonText w(out);
  w.obj().str("created", s.created);
  w.key("decision").raw(view.decision);
  w.str("game", s.game).str("id", s.id).num("move", st.moves);
  w.key("observation").raw(view.observation);
  w.key("result").raw(st.result_json.empty() ? std::string_view("null")
                                             : std::string_view(st.result_json));
  w.str("scenario", s.scenario).str("seat", g.seat_name(seat)).obj("seats");
  for (const StoredSeat* x : seats) w.escaped_key(x->side).str(x->player);
  w.end().str("seed_commitment", s.commitment).num("state_id", s.last_seq);
  w.str("status", st.status).str("to_move", st.to_move).str("updated", s.updated);
  w.key("legal").raw(view.legal).end();
  return out;
}

const RenderedView& Hub::rendered_view_locked(const LiveGame& g, int viewer, bool text) const {
  const int64_t state_id = g.stored.last_seq;
  const size_t moves = g.session->history().size();
  ViewCache& cache = g.views;
  const std::deque<RenderedView>& views = cache.views;
  if (!views.empty() && (views.front().state_id != state_id || views.front().moves != moves ||
                         views.front().opened != g.opened))
    cache.clear();  // another state: its views are of no use any more
  for (const RenderedView& v : views)
    if (v.viewer == viewer && v.text == text) return v;
  // What `viewer` is shown of the current position: observation, decision and (when it decides)
  // its legal actions with their notes. Nothing here comes from the all-seeing decision().
  ViewOptions o;
  o.text = text;
  o.legal = !g.finished();
  o.observation_text = true;
  // An ending while units could still act carries its warning (the web asks before sending it).
  o.warnings = true;
  o.last_actor = g.session->last_actor();
  View view = view_of(g.session->state(), viewer, o);
  ++views_built_;
  // Used by the caller at once, under the game's lock: kept with the game if the hub's budget
  // allows, else on this thread until its next view.
  thread_local RenderedView uncached;
  RenderedView r;
  r.state_id = state_id;
  r.moves = moves;
  r.opened = g.opened;
  r.viewer = viewer;
  r.text = text;
  r.observation = std::move(view.observation_text);
  r.decision = decision_text(g, view);
  append_legal_json(view, r.legal);
  if (text) {
    append_json_string(r.text_en, view.text);
    append_json_string(r.text_de, view.text_de);
  } else {
    r.text_en = r.text_de = "null";
  }
  const auto bytes = static_cast<int64_t>(r.bytes());
  if (view_bytes_->load() + bytes > static_cast<int64_t>(options_.view_cache_bytes)) {
    uncached = std::move(r);
    return uncached;
  }
  cache.total = view_bytes_;
  cache.bytes += bytes;
  *view_bytes_ += bytes;
  return cache.views.emplace_back(std::move(r));
}

std::optional<HttpReply> Hub::http_now(const std::string& method, const std::string& target) {
  if (method != "GET" || target.rfind("/api/games/", 0) != 0) return std::nullopt;
  try {
    std::optional<Target> t = parse_target(target);
    if (!t) return std::nullopt;
    const std::vector<std::string>& parts = t->segments;
    if (parts.size() != 3) return std::nullopt;
    std::shared_ptr<LiveGame> g;
    {
      std::lock_guard lock(games_mu_);
      auto it = games_.find(parts[2]);
      if (it == games_.end()) return std::nullopt;  // to be loaded from the store
      it->second->touched_ms = steady_ms();
      g = it->second;
    }
    std::unique_lock lock(g->mu, std::try_to_lock);
    if (!lock.owns_lock() || g->storing) return std::nullopt;  // a change is being stored
    auto token = t->query.find("token");
    auto seat = seat_of(*g, token == t->query.end() ? "" : token->second);
    if (!seat)
      return error_reply(403, "bad_token", "the token does not belong to game " + g->stored.id);
    if (*seat >= 0 && !g->opened) return std::nullopt;  // the seat's first look rolls the opening
    return reply(200, summary_locked(*g, *seat));
  } catch (const std::exception& e) {
    return error_reply(500, "internal", e.what());
  }
}

HttpReply Hub::log(const std::string& id, const std::string& token) {
  auto g = get(id);
  if (!g) return error_reply(404, "not_found", "no game " + id);
  GameLock lock(*g);
  auto seat = seat_of(*g, token);
  if (!seat) return error_reply(403, "bad_token", "the token does not belong to game " + id);
  const bool over = g->finished();
  json actions = json::array();
  for (size_t i = 0; i < g->log.size(); ++i) {
    const LogEntry& e = g->log[i];
    const size_t v = static_cast<size_t>(g->viewer_index(*seat));
    const std::string& shown = e.shown[v];
    // The id identifies the action: only where the text is not masked for this viewer.
    const bool visible = over || shown == e.text;
    const Text& label = e.label_for(v, over);
    actions.push_back({{"n", i + 1},
                       {"seat", g->seat_name(e.seat)},
                       {"text", e.text_for(v, over)},
                       {"label", {{"en", label.en}, {"de", label.de}}},
                       {"id", visible ? json(std::to_string(e.id)) : json(nullptr)},
                       {"events", events_json(*g, e.events, over ? kNobody : *seat)}});
  }
  return reply(200, {{"id", id},
                     {"seed_commitment", g->stored.commitment},
                     {"seed", over ? json(g->stored.secret_hex) : json(nullptr)},
                     {"result", g->result_json()},
                     {"actions", actions}});
}

HttpReply Hub::replay(const std::string& id) {
  auto g = get(id);
  if (!g) return error_reply(404, "not_found", "no game " + id);
  GameLock lock(*g);
  if (!g->finished())
    return error_reply(409, "not_finished",
                       "the replay (with the dice secret) is published when "
                       "the game is over");
  std::string out;
  json options = json::parse(g->stored.options_json);
  json header = {{"type", "header"},
                 {"format", "feldherr-replay"},
                 {"version", 1},
                 {"game", g->stored.game},
                 {"scenario", g->stored.scenario},
                 {"options", options},
                 {"rules_version", g->stored.rules_version},
                 {"seed", 0},
                 {"seats", g->game->seats()},
                 {"dice",
                  {{"scheme", "sha256-pcg32-v1"},
                   {"secret", g->stored.secret_hex},
                   {"commitment", g->stored.commitment}}},
                 {"server_game", id}};
  out += header.dump() + "\n";
  // Rows as stored (undos included), with the hashes.
  for (const StoredRow& r : store_.rows(id)) {
    if (r.kind == "action") {
      out += json({{"type", "action"},
                   {"n", r.n},
                   {"seat", r.seat},
                   {"action", r.text},
                   {"id", r.action_id}})
                 .dump() +
             "\n";
      if (r.hash)
        out += json({{"type", "hash"}, {"n", r.n}, {"hash", hash_hex(*r.hash)}}).dump() + "\n";
    } else if (r.kind == "undo") {
      out += json({{"type", "undo"}, {"n", r.n}}).dump() + "\n";
    }
  }
  const State& s = g->session->state();
  if (s.is_terminal()) {
    out += json({{"type", "result"},
                 {"n", g->session->history().size()},
                 {"summary", s.result().summary},
                 {"hash", hash_hex(s.hash())}})
               .dump() +
           "\n";
  }
  return {200, "application/x-ndjson", out};
}

HttpReply Hub::observation(const std::string& id, const std::string& n_text,
                           const std::string& view, const std::string& token) {
  auto g = get(id);
  if (!g) return error_reply(404, "not_found", "no game " + id);
  GameLock lock(*g);
  auto seat = seat_of(*g, token);
  if (!seat) return error_reply(403, "bad_token", "the token does not belong to game " + id);
  int viewer = kObserver;
  if (!view.empty() && view != "observer") {
    viewer = g->game->seat_index(view);
    if (viewer < 0) return error_reply(400, "bad_request", "unknown view '" + view + "'");
  }
  // Hidden information: while the game runs, a side's view needs that side's token.
  if (!g->finished() && viewer != kObserver && viewer != *seat)
    return error_reply(403, "bad_token", "the view of " + view + " needs " + view + "'s token");
  int n = static_cast<int>(g->log.size());
  if (!n_text.empty()) {
    auto [p, ec] = std::from_chars(n_text.data(), n_text.data() + n_text.size(), n);
    if (ec != std::errc() || p != n_text.data() + n_text.size() || n < 0 ||
        n > static_cast<int>(g->log.size()))
      return error_reply(400, "bad_request", "n must be 0.." + std::to_string(g->log.size()));
  }
  Session session(g->game);
  for (int i = 0; i < n; ++i) session.act(Action::from_id(g->log[static_cast<size_t>(i)].id));
  ViewOptions o;
  o.legal = false;
  View v = view_of(session.state(), viewer, o);
  std::string prompt = v.decision.prompt, prompt_de = v.decision.prompt_in(Lang::kDe);
  if (!g->opened && n == 0) {
    const json opening = decision_json(*g, v);
    prompt = opening["prompt"].get<std::string>();
    prompt_de = opening["prompt_de"].get<std::string>();
  }
  return reply(200, {{"n", n},
                     {"view", g->seat_name(viewer)},
                     {"observation", v.observation},
                     {"decision", prompt},
                     {"decision_de", prompt_de}});
}

HttpReply Hub::board(const std::string& id) {
  auto g = get(id);
  if (!g) return error_reply(404, "not_found", "no game " + id);
  GameLock lock(*g);
  // No graphic board (Westerplatte): the kind "none" with the seats, not an error, so that a
  // page asks for every game's board alike and its network log shows no failed request.
  if (!g->module || !g->module->board) {
    json seats = json::array();
    for (const std::string& side : g->game->seats()) seats.push_back(side);
    return reply(200, {{"kind", "none"},
                       {"game", g->stored.game},
                       {"seats", seats},
                       {"title", g->module ? g->module->title : g->stored.game},
                       {"title_de", g->module ? g->module->title_in(Lang::kDe) : g->stored.game}});
  }
  if (!g->board) {
    g->board = g->module->board(*g->game);
    (*g->board)["game"] = g->stored.game;  // the module's id, for the UI's names of the sides
  }
  return reply(200, *g->board);
}

HttpReply Hub::concede(const std::string& id, const std::string& body) {
  auto g = get(id);
  if (!g) return error_reply(404, "not_found", "no game " + id);
  json req;
  std::string token;
  if (auto bad = read_seat_request(body, req, token)) return *bad;
  int64_t state_id = 0;
  {
    GameLock lock(*g);
    auto seat = seat_of(*g, token);
    if (!seat || *seat < 0)
      return error_reply(403, "bad_token", "the token does not belong to a seat of game " + id);
    if (g->finished()) return error_reply(409, "finished", "the game is already over");
    concede_in_memory(*g, *seat);
    if (auto bad = commit_end_locked(*g, "concede", g->seat_name(*seat))) return *bad;
    state_id = g->stored.last_seq;
  }
  after_change(g);
  return reply(200, {{"ok", true}, {"state_id", state_id}});
}

std::optional<HttpReply> Hub::commit_end_locked(LiveGame& g, const std::string& kind,
                                                const std::string& who) {
  StoredRow r;
  r.seq = g.stored.last_seq + 1;
  r.kind = kind;
  r.n = static_cast<int>(g.session->history().size());
  r.seat = who;
  std::vector<StoredRow> rows{r};
  try {
    commit_locked(g, std::move(rows));
  } catch (const std::exception& e) {
    return error_reply(500, "internal", e.what());
  }
  return std::nullopt;
}

HttpReply Hub::halt(const std::string& id, const std::string& body) {
  auto g = get(id);
  if (!g) return error_reply(404, "not_found", "no game " + id);
  json req;
  std::string token;
  if (auto bad = read_seat_request(body, req, token)) return *bad;
  int64_t state_id = 0;
  {
    GameLock lock(*g);
    if (!is_control(*g, token))
      return error_reply(403, "bad_token",
                         "only the control token of a game without human seats stops it");
    if (g->finished()) return error_reply(409, "finished", "the game is already over");
    stop_in_memory(*g);
    if (auto bad = commit_end_locked(*g, "stop", "control")) return *bad;
    state_id = g->stored.last_seq;
  }
  after_change(g);
  return reply(200, {{"ok", true}, {"state_id", state_id}});
}

namespace {

// The 200 reply to an action of `seat`: the log entries from `before` on, as that seat reads
// them, the state id after them and the side that owes the next decision (public, as in the
// list entry).
// The reply to an action applied: {"applied","move","ok","state_id","to_move"}, written as text
// (byte for byte the dump() of that object, members sorted by name).
std::string action_reply(const LiveGame& g, int seat, size_t before, int64_t state_id) {
  std::string out;
  JsonText w(out);
  w.obj().arr("applied");
  for (size_t i = before; i < g.log.size(); ++i) {
    const LogEntry& e = g.log[i];
    const std::string& shown = e.shown[static_cast<size_t>(seat)];
    w.obj();
    if (shown == e.text)
      w.str("id", std::to_string(e.id));
    else
      w.null("id");
    w.num("n", static_cast<int64_t>(i + 1)).str("seat", g.seat_name(e.seat)).str("text", shown);
    w.end();
  }
  w.end().num("move", static_cast<int64_t>(g.session->history().size())).flag("ok", true);
  w.num("state_id", state_id).str("to_move", g.to_move()).end();
  return out;
}

// The reply to an action refused (or not stored) with `err`.
HttpReply action_error(const LiveGame& g, json err) {
  const int status = err["code"] == "internal" ? 500 : err["code"] == "stale" ? 409 : 400;
  err["state_id"] = g.stored.last_seq;
  return reply(status, err);
}

// The request of POST .../action: token and state_id, or the reply that refuses it.
std::optional<HttpReply> read_action_request(const std::string& body, json& req, std::string& token,
                                             int64_t& state_id) {
  if (auto bad = read_seat_request(body, req, token)) return bad;
  auto sid = req.find("state_id");
  if (sid == req.end() || !sid->is_number_integer())
    return error_reply(400, "bad_request", "field 'state_id' (an integer) is required");
  state_id = sid->get<int64_t>();
  return std::nullopt;
}

HttpReply bad_seat_token(const std::string& id) {
  return error_reply(403, "bad_token", "the token does not belong to a seat of game " + id);
}

}  // namespace

HttpReply Hub::http_action(const std::string& id, const std::string& body) {
  auto g = get(id);
  if (!g) return error_reply(404, "not_found", "no game " + id);
  json req;
  std::string token;
  int64_t state_id = 0;
  if (auto bad = read_action_request(body, req, token, state_id)) return *bad;
  HttpReply r;
  bool rolled = false;
  {
    GameLock lock(*g);
    auto seat = seat_of(*g, token);
    if (!seat || *seat < 0) return bad_seat_token(id);
    // An action before the opening was rolled rolls it; the action itself is then stale.
    rolled = open_locked(*g);
    size_t before = g->log.size();
    if (std::optional<json> err = act_locked(*g, *seat, state_id, req))
      r = action_error(*g, std::move(*err));
    else
      r = reply(200, action_reply(*g, *seat, before, g->stored.last_seq));
  }
  if (r.status == 200 || rolled) after_change(g);
  return r;
}

bool Hub::http_async(const std::string& method, const std::string& target, const std::string& body,
                     std::function<void(HttpReply)> done) {
  if (method != "POST" || target.rfind("/api/games/", 0) != 0) return false;
  std::optional<Target> t = parse_target(target);
  if (!t || t->segments.size() != 4 || t->segments[3] != "action") return false;
  if (body.size() > kMaxMessageBytes) return false;
  std::shared_ptr<LiveGame> g;
  {
    std::lock_guard lock(games_mu_);
    auto it = games_.find(t->segments[2]);
    if (it == games_.end()) return false;  // to be loaded from the store
    it->second->touched_ms = steady_ms();
    g = it->second;
  }
  json req;
  std::string token;
  int64_t state_id = 0;
  if (std::optional<HttpReply> bad = read_action_request(body, req, token, state_id)) {
    done(std::move(*bad));
    return true;
  }
  std::unique_lock lock(g->mu, std::try_to_lock);
  // Another request holds the game or its change is being stored; the seat's first action
  // rolls the opening (open_locked): such requests wait on a handler thread.
  if (!lock.owns_lock() || g->storing || !g->opened) return false;
  auto seat = seat_of(*g, token);
  std::optional<HttpReply> refused;
  std::vector<StoredRow> rows;
  size_t before = g->log.size();
  if (!seat || *seat < 0)
    refused = bad_seat_token(g->stored.id);
  else if (std::optional<json> err = stage_locked(*g, *seat, state_id, req, rows))
    refused = action_error(*g, std::move(*err));
  if (refused) {
    lock.unlock();
    done(std::move(*refused));
    return true;
  }
  std::string ok = action_reply(*g, *seat, before, rows.back().seq);
  store_async(
      g, lock, std::move(rows),
      [ok = std::move(ok), done = std::move(done)](const std::string& error, int64_t now) mutable {
        if (error.empty()) return done(reply(200, std::move(ok)));
        json e = error_json("internal", "not stored, nothing changed: " + error);
        e["state_id"] = now;
        done(reply(500, e));
      });
  return true;
}

void Hub::store_async(const std::shared_ptr<LiveGame>& g, std::unique_lock<std::mutex>& lock,
                      std::vector<StoredRow> rows,
                      std::function<void(const std::string& error, int64_t state_id)> reported) {
  const int64_t last_seq = rows.back().seq;
  AppendRequest request = append_request_locked(*g, std::move(rows));
  GameStatus status = request.status;
  g->storing = true;  // until the commit: nobody sees or changes the game
  {
    std::lock_guard count(storing_mu_);
    ++storing_games_;
  }
  lock.unlock();
  store_.append_async(
      std::move(request), [this, g, last_seq, status = std::move(status),
                           reported = std::move(reported)](const std::string& error) {
        // On the store's writer thread: nothing here waits for the store (Store::append_async).
        int64_t state_id;
        {
          std::lock_guard game_lock(g->mu);
          if (error.empty())
            stored_locked(*g, last_seq, status);
          else
            not_stored_locked(*g);
          state_id = g->stored.last_seq;
          g->storing = false;
        }
        g->stored_cv.notify_all();
        if (error.empty()) after_change(g);
        reported(error, state_id);
        std::lock_guard count(storing_mu_);
        --storing_games_;
        storing_cv_.notify_all();  // under the lock: ~Hub may return as soon as it sees 0
      });
}

HttpReply Hub::static_file(const std::string& path) {
  if (options_.web_dir.empty())
    return error_reply(404, "not_found", "no web UI directory (--web DIR)");
  if (path.find("..") != std::string::npos || path.find('\0') != std::string::npos)
    return error_reply(400, "bad_request", "bad path");
  std::string rel = path == "/" || path.empty() ? "/index.html" : path;
  auto read = [&](const std::string& file, std::string& out) {
    std::ifstream in(file, std::ios::binary);
    if (!in) return false;
    std::ostringstream ss;
    ss << in.rdbuf();
    out = ss.str();
    return true;
  };
  std::string body;
  std::string file = options_.web_dir + rel;
  bool found = read(file, body);
  if (!found && rel.find('.', rel.rfind('/')) == std::string::npos) {
    file = options_.web_dir + "/index.html";  // client-side routes
    found = read(file, body);
  }
  if (!found) return error_reply(404, "not_found", "no file " + rel);
  static const std::map<std::string, std::string> types = {
      {".html", "text/html; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".svg", "image/svg+xml"},
      {".png", "image/png"},
      {".json", "application/json"},
      {".ico", "image/x-icon"},
      {".woff2", "font/woff2"},
      {".map", "application/json"},
      {".txt", "text/plain; charset=utf-8"}};
  std::string type = "application/octet-stream";
  if (auto dot = file.rfind('.'); dot != std::string::npos) {
    auto it = types.find(file.substr(dot));
    if (it != types.end()) type = it->second;
  }
  return {200, type, std::move(body)};
}

// ---------------------------------------------------------------------------------------------
// Acting

std::string Hub::push_locked(LiveGame& g, const Action& a, std::vector<StoredRow>& rows,
                             bool legal) {
  const State& s = g.session->state();
  LogEntry e;
  e.seat = s.current_seat();
  e.id = a.id();
  e.describe(s, a, g.num_seats());
  if (legal) {
    g.session->act_legal(a, e.text, &e.events);
  } else if (std::string why = g.session->act(a, &e.events); !why.empty()) {
    return why;
  }
  StoredRow r;
  r.seq = g.stored.last_seq + 1 + static_cast<int64_t>(rows.size());
  r.kind = "action";
  r.n = static_cast<int>(g.session->history().size());
  r.seat = g.seat_name(e.seat);
  r.action_id = e.id;
  r.text = e.text;
  if (r.n % kHashEvery == 0) r.hash = g.session->state().hash();
  rows.push_back(std::move(r));
  g.log.push_back(std::move(e));
  return "";
}

void Hub::roll_locked(LiveGame& g, std::vector<StoredRow>& rows) {
  // Each outcome derives from the committed secret and its action number (docs/protocol.md
  // "Dice"): when it is rolled changes nothing in what it is.
  while (!g.finished() && g.session->state().current_seat() == kChance) {
    uint64_t n = g.session->history().size() + 1;
    Action roll = fair_chance_outcome(g.session->state(), g.secret, n);
    if (std::string why = push_locked(g, roll, rows); !why.empty())
      throw std::logic_error("the game refused its own chance outcome: " + why);
  }
}

std::string Hub::apply_locked(LiveGame& g, const Action& action, std::vector<StoredRow>& rows,
                              bool legal) {
  if (std::string why = push_locked(g, action, rows, legal); !why.empty()) return why;
  // Dice are rolled only now, after the action that causes them (docs/protocol.md "Dice").
  roll_locked(g, rows);
  return "";
}

bool Hub::open_locked(LiveGame& g) {
  if (g.opened) return false;
  g.opened = true;  // from now on AI seats may move too
  if (g.finished() || g.session->state().current_seat() != kChance) return true;
  std::vector<StoredRow> rows;
  try {
    roll_locked(g, rows);
    commit_locked(g, std::move(rows));
  } catch (...) {
    g.opened = false;
    throw;
  }
  return true;
}

AppendRequest Hub::append_request_locked(const LiveGame& g, std::vector<StoredRow> rows) const {
  AppendRequest request{g.stored.id, std::move(rows), g.status(), std::nullopt};
  request.status.updated = utc_now_iso();
  const std::vector<StoredRow>& r = request.rows;
  int before = r.empty() || r.front().kind != "action" ? -1 : r.front().n - 1;
  int now = static_cast<int>(g.session->history().size());
  if (before >= 0 && now / kSnapshotEvery != before / kSnapshotEvery)
    request.snapshot = Snapshot{now, g.session->state().to_json().dump()};
  return request;
}

void Hub::stored_locked(LiveGame& g, int64_t last_seq, const GameStatus& status) {
  g.stored.last_seq = last_seq;
  g.stored.status = status.status;
  g.stored.result_json = status.result_json;
  g.stored.moves = status.moves;
  g.stored.to_move = status.to_move;
  if (!status.updated.empty()) g.stored.updated = status.updated;
}

void Hub::not_stored_locked(LiveGame& g) {
  // Nothing was stored: rebuild the game from what is stored (the in-memory state is ahead).
  try {
    replay_rows(g, store_.rows(g.stored.id));
  } catch (const std::exception&) {
  }
}

void Hub::commit_locked(LiveGame& g, std::vector<StoredRow> rows) {
  const int64_t last_seq = rows.empty() ? g.stored.last_seq : rows.back().seq;
  AppendRequest request = append_request_locked(g, std::move(rows));
  try {
    store_.append(request.id, request.rows, request.status, request.snapshot);
  } catch (const std::exception&) {
    not_stored_locked(g);
    throw;
  }
  stored_locked(g, last_seq, request.status);
}

std::optional<json> Hub::act_locked(LiveGame& g, int seat, int64_t expected_state,
                                    const json& request) {
  std::vector<StoredRow> rows;
  if (std::optional<json> err = stage_locked(g, seat, expected_state, request, rows)) return err;
  try {
    commit_locked(g, std::move(rows));
  } catch (const std::exception& e) {
    return error_json("internal", std::string("not stored, nothing changed: ") + e.what());
  }
  return std::nullopt;
}

std::optional<json> Hub::stage_locked(LiveGame& g, int seat, int64_t expected_state,
                                      const json& request, std::vector<StoredRow>& rows) {
  if (g.finished()) return error_json("finished", "the game is over");
  if (seat < 0) return error_json("not_your_turn", "observers cannot act");
  if (expected_state != g.stored.last_seq)
    return error_json("stale", "the game has changed (state " + std::to_string(g.stored.last_seq) +
                                   ", you saw " + std::to_string(expected_state) +
                                   "): look again and choose again");
  const State& s = g.session->state();
  const int current = s.current_seat();
  if (current != seat)  // the other seat's prompt is not this seat's to read
    return error_json("not_your_turn", "it is " + g.seat_name(current) + "'s decision, not " +
                                           g.seat_name(seat) + "'s");
  Action action;
  ActionList legal = s.legal_actions();
  if (auto it = request.find("action_id"); it != request.end()) {
    std::optional<uint64_t> id = parse_id(*it);
    if (!id) return error_json("bad_request", "'action_id' must be a decimal string");
    action = Action::from_id(*id);
    if (std::find(legal.begin(), legal.end(), action) == legal.end()) {
      const Decision d = s.decision_for(seat);
      return error_json("illegal", say("no legal action has id {0} now ({1} legal actions): {2}",
                                       "keine erlaubte Aktion hat jetzt die Nummer {0} ({1} "
                                       "erlaubte Aktionen): {3}",
                                       *id, legal.size(), d.prompt, d.prompt_in(Lang::kDe)));
    }
  } else if (auto t = request.find("action"); t != request.end()) {
    if (!t->is_string()) return error_json("bad_request", "'action' must be a string");
    const std::string text = t->get<std::string>();
    if (text.empty() || text.size() > 512)
      return error_json("bad_request", "'action' must be 1 to 512 characters");
    std::string error;
    if (!s.parse(text, action, error)) return error_json("bad_request", error);
    if (std::find(legal.begin(), legal.end(), action) == legal.end()) {
      Text why = s.why_illegal_text(action);
      if (why.en.empty()) why = {"not among the legal actions now", "jetzt keine erlaubte Aktion"};
      return error_json("illegal", why);
    }
  } else {
    return error_json("bad_request", "'action' (text) or 'action_id' is required");
  }
  // `action` is among `legal` (checked above): applied without looking the list up again.
  if (std::string why = apply_locked(g, action, rows, true); !why.empty()) {
    rows.clear();
    replay_rows(g, store_.rows(g.stored.id));
    return error_json("illegal", why);
  }
  return std::nullopt;
}

std::optional<json> Hub::undo_locked(LiveGame& g, int seat, int64_t expected_state) {
  if (g.finished()) return error_json("finished", "the game is over");
  if (seat < 0) return error_json("not_your_turn", "observers cannot undo");
  if (expected_state != g.stored.last_seq)
    return error_json("stale", "the game has changed: look again");
  if (g.session->state().current_seat() != seat)
    return error_json("not_your_turn", "only the seat owing the decision may undo");
  if (!g.session->can_undo())
    return error_json("illegal",
                      "undo is closed: it closes when dice are rolled, hidden information is "
                      "revealed or the decision passes to another seat (undo rule)");
  StoredRow r;
  r.seq = g.stored.last_seq + 1;
  r.kind = "undo";
  r.n = static_cast<int>(g.session->history().size());
  r.seat = g.seat_name(seat);
  g.session->undo();
  g.log.pop_back();
  std::vector<StoredRow> rows{r};
  try {
    commit_locked(g, std::move(rows));
  } catch (const std::exception& e) {
    return error_json("internal", std::string("not stored, nothing changed: ") + e.what());
  }
  return std::nullopt;
}

json Hub::odds_locked(LiveGame& g, int viewer, const json& request) {
  // Odds are for the asking seat's own decision only. The seat is checked before anything else
  // (even before the action text is read: whether a text parses may depend on hidden state), so
  // every other viewer gets the same refusal whatever the position holds.
  const State& s = g.session->state();
  if (g.finished() || viewer < 0 || s.current_seat() != viewer) {
    OddsAnswer refused = odds_for(s, kObserver, Action(), nullptr);
    return odds_json(refused, Action());
  }
  Action action;
  if (auto it = request.find("action_id"); it != request.end()) {
    std::optional<uint64_t> id = parse_id(*it);
    if (!id) return error_json("bad_request", "'action_id' must be a decimal string");
    action = Action::from_id(*id);
  } else if (auto t = request.find("action"); t != request.end() && t->is_string()) {
    std::string text = t->get<std::string>();
    if (text.size() > 512) return error_json("bad_request", "'action' too long");
    std::string error;
    if (!s.parse(text, action, error)) return error_json("bad_request", error);
  } else {
    return error_json("bad_request", "'action' (text) or 'action_id' is required");
  }
  OddsHook hook;
  if (g.module && g.module->odds) hook = g.module->odds;
  return odds_json(odds_for(s, viewer, action, hook), action);
}

// ---------------------------------------------------------------------------------------------
// WebSocket

std::optional<json> Hub::open(const std::string& id, const std::string& token, Connection& conn) {
  auto g = get(id);
  if (!g) return error_json("not_found", "no game " + id);
  bool rolled = false;
  {
    GameLock lock(*g);
    auto seat = seat_of(*g, token);
    if (!seat) return error_json("bad_token", "the token does not belong to game " + id);
    if (*seat >= 0) {
      try {
        rolled = open_locked(*g);  // a seat joins: the opening is rolled now
      } catch (const std::exception& e) {
        return error_json("internal", std::string("cannot store the opening: ") + e.what());
      }
    }
    conn.game = g;
    conn.seat = *seat;
    conn.cursor = g->log.size() > 50 ? g->log.size() - 50 : 0;
    conn.first = true;
  }
  if (rolled) after_change(g);
  return std::nullopt;
}

void Hub::subscribe(const Connection& conn, std::weak_ptr<Subscriber> subscriber) {
  if (!conn.game) return;
  std::lock_guard lock(conn.game->mu);
  auto& subs = conn.game->subs;
  subs.erase(std::remove_if(subs.begin(), subs.end(), [](auto& w) { return w.expired(); }),
             subs.end());
  subs.push_back(std::move(subscriber));
}

std::string Hub::state_message(Connection& conn) {
  GameLock lock(*conn.game);
  return state_message_locked(conn);
}

std::string Hub::state_message_locked(Connection& conn) {
  LiveGame& g = *conn.game;
  g.touched_ms = steady_ms();
  const State& s = g.session->state();
  // A game without a graphic board (GameModule::board) is shown as the terminal's text picture
  // from this seat's point of view (docs/protocol.md).
  const bool text = !(g.module && g.module->board);
  const RenderedView& view = rendered_view_locked(g, conn.seat, text);
  bool reset = false;
  if (conn.cursor > g.log.size()) {  // undone actions
    conn.cursor = g.log.size();
    reset = true;
  }
  const bool over = g.finished();
  json events = json::array(), actions = json::array();
  for (size_t i = conn.cursor; i < g.log.size(); ++i) {
    const LogEntry& e = g.log[i];
    const size_t v = static_cast<size_t>(g.viewer_index(conn.seat));
    const Text& label = e.label_for(v, over);
    actions.push_back({{"n", i + 1},
                       {"seat", g.seat_name(e.seat)},
                       {"text", e.text_for(v, over)},
                       {"label", {{"en", label.en}, {"de", label.de}}}});
    for (const Event& ev : e.events)
      events.push_back({{"n", i + 1},
                        {"rule", event_rule(ev, over ? kNobody : conn.seat)},
                        {"text", event_text(ev, over ? kNobody : conn.seat)},
                        {"text_de", event_text(ev, over ? kNobody : conn.seat, Lang::kDe)},
                        {"seat", g.seat_name(ev.seat)}});
  }
  conn.cursor = g.log.size();
  conn.first = false;
  json message = {{"type", "state"},
                  {"game", g.stored.id},
                  {"state_id", g.stored.last_seq},
                  {"move", g.session->history().size()},
                  {"seat", g.seat_name(conn.seat)},
                  {"events", events},
                  {"actions", actions},
                  {"reset", reset},
                  {"result", g.result_json()},
                  {"can_undo", !over && conn.seat >= 0 && s.current_seat() == conn.seat &&
                                   g.session->can_undo()},
                  {"seed_commitment", g.stored.commitment},
                  {"seed", over ? json(g.stored.secret_hex) : json(nullptr)}};
  return dump_with(message,
                   {{"decision", view.decision},
                    {"observation", view.observation},
                    {"text", view.text_en},
                    {"text_de", view.text_de}},
                   view.legal);
}

std::vector<json> Hub::message(Connection& conn, const std::string& text, bool& push_state) {
  push_state = false;
  std::string why;
  std::optional<json> req = parse_object(text, why);
  if (!req) {
    push_state = true;
    return {error_json("bad_request", why)};
  }
  auto type_it = req->find("type");
  if (type_it == req->end() || !type_it->is_string())
    return {error_json("bad_request", "field 'type' (a string) is required")};
  const std::string type = type_it->get<std::string>();
  if (!conn.game) return {error_json("bad_request", "not connected to a game")};
  auto g = conn.game;
  if (type == "sync") {
    push_state = true;
    return {};
  }
  if (type == "odds") {
    GameLock lock(*g);
    json j = odds_locked(*g, conn.seat, *req);
    if (j["type"] == "error") j["request"] = "odds";
    return {j};
  }
  if (type == "action" || type == "undo") {
    auto sid = req->find("state_id");
    if (sid == req->end() || !sid->is_number_integer()) {
      json e = error_json("bad_request", "field 'state_id' (an integer) is required");
      e["request"] = type;
      return {e};
    }
    std::optional<json> err;
    {
      GameLock lock(*g);
      err = type == "action" ? act_locked(*g, conn.seat, sid->get<int64_t>(), *req)
                             : undo_locked(*g, conn.seat, sid->get<int64_t>());
    }
    if (err) {
      (*err)["request"] = type;
      push_state = true;
      return {*err};
    }
    after_change(g);  // the new state reaches this connection through its subscription
    return {};
  }
  return {error_json("bad_request", "unknown message type '" + type.substr(0, 40) + "'")};
}

bool Hub::message_async(const Connection& conn, const std::string& text,
                        std::function<void(std::vector<json> replies, bool push_state)> done) {
  if (!conn.game) return false;
  std::string why;
  std::optional<json> req = parse_object(text, why);
  if (!req) return false;
  auto type = req->find("type");
  auto sid = req->find("state_id");
  if (type == req->end() || *type != "action" || sid == req->end() || !sid->is_number_integer())
    return false;  // message() answers
  const std::shared_ptr<LiveGame>& g = conn.game;
  std::unique_lock lock(g->mu, std::try_to_lock);
  if (!lock.owns_lock() || g->storing || !g->opened) return false;
  std::vector<StoredRow> rows;
  if (std::optional<json> err = stage_locked(*g, conn.seat, sid->get<int64_t>(), *req, rows)) {
    lock.unlock();
    (*err)["request"] = "action";
    done({*err}, true);
    return true;
  }
  // Once stored, the new state reaches this connection through its subscription.
  store_async(g, lock, std::move(rows),
              [done = std::move(done)](const std::string& error, int64_t) {
                if (error.empty()) return done({}, false);
                json e = error_json("internal", "not stored, nothing changed: " + error);
                e["request"] = "action";
                done({e}, true);
              });
  return true;
}

std::optional<std::string> Hub::state_message_now(Connection& conn) {
  if (!conn.game) return std::nullopt;
  std::unique_lock lock(conn.game->mu, std::try_to_lock);
  if (!lock.owns_lock() || conn.game->storing) return std::nullopt;
  return state_message_locked(conn);
}

void Hub::after_change(const std::shared_ptr<LiveGame>& g) {
  std::vector<std::shared_ptr<Subscriber>> subs;
  {
    std::lock_guard lock(g->mu);
    for (auto& w : g->subs)
      if (auto s = w.lock()) subs.push_back(std::move(s));
  }
  for (auto& s : subs) s->notify();
  schedule_ai(g);
}

// ---------------------------------------------------------------------------------------------
// AI seats

void Hub::schedule_ai(const std::shared_ptr<LiveGame>& g) {
  {
    std::lock_guard lock(g->mu);
    // Before a human seat has joined nothing moves: an AI seat's move could cause a roll.
    if (g->finished() || g->ai_queued || !g->opened) return;
    int seat = g->session->state().current_seat();
    if (seat < 0 || !g->ai[static_cast<size_t>(seat)]) return;
    g->ai_queued = true;
  }
  {
    std::lock_guard lock(ai_mu_);
    ai_queue_.push_back(g);
  }
  ai_cv_.notify_one();
}

bool Hub::ai_step(const std::shared_ptr<LiveGame>& g) {
  std::unique_ptr<State> snapshot;
  int64_t state_id;
  int seat;
  Player* player;
  {
    GameLock lock(*g);
    if (g->finished()) {
      g->ai_queued = false;
      return false;
    }
    seat = g->session->state().current_seat();
    if (seat < 0 || !g->ai[static_cast<size_t>(seat)]) {
      g->ai_queued = false;
      return false;
    }
    snapshot = g->session->state().clone();
    state_id = g->stored.last_seq;
    player = g->ai[static_cast<size_t>(seat)].get();
  }
  // Think outside the lock (observers may read the game meanwhile). ai_queued stays set: no
  // other thread thinks for this game (its player objects are not shared between threads).
  Action a;
  try {
    a = player->choose(*snapshot);
  } catch (...) {
    std::lock_guard lock(g->mu);
    g->ai_queued = false;
    throw;
  }
  bool moved = false, stale = false;
  {
    GameLock lock(*g);
    g->ai_queued = false;
    g->touched_ms = steady_ms();
    if (g->stored.last_seq != state_id) {
      stale = true;  // someone conceded, stopped or acted meanwhile
    } else {
      std::vector<StoredRow> rows;
      std::string why = apply_locked(*g, a, rows);
      if (!why.empty()) {
        fprintf(stderr, "feldherr serve: the %s player chose an illegal action: %s\n",
                player->name().c_str(), why.c_str());
        replay_rows(*g, store_.rows(g->stored.id));
        return false;
      }
      try {
        commit_locked(*g, std::move(rows));
        moved = true;
      } catch (const std::exception& e) {
        fprintf(stderr, "feldherr serve: cannot store an AI move: %s\n", e.what());
        return false;
      }
    }
  }
  if (moved)
    after_change(g);  // notifies, then queues the game's next AI move at the back (round robin)
  else if (stale)
    schedule_ai(g);
  return moved;
}

void Hub::ai_loop() {
  for (;;) {
    std::shared_ptr<LiveGame> g;
    {
      std::unique_lock lock(ai_mu_);
      ai_cv_.wait(lock, [&] { return stopping_ || !ai_queue_.empty(); });
      if (stopping_) return;
      g = ai_queue_.front().lock();
      ai_queue_.pop_front();
    }
    if (!g) continue;
    if (options_.ai_delay.count() > 0) std::this_thread::sleep_for(options_.ai_delay);
    try {
      ai_step(g);
    } catch (const std::exception& e) {
      fprintf(stderr, "feldherr serve: AI move failed: %s\n", e.what());
    }
  }
}

void Hub::run_ai_now() {
  for (;;) {
    std::shared_ptr<LiveGame> g;
    {
      std::lock_guard lock(ai_mu_);
      if (ai_queue_.empty()) return;
      g = ai_queue_.front().lock();
      ai_queue_.pop_front();
    }
    if (g) ai_step(g);
  }
}

}  // namespace feldherr::server
