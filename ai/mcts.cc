// Open-loop IS-MCTS (ai/mcts.h, docs/ai.md).
#include "ai/mcts.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <limits>
#include <optional>
#include <thread>
#include <utility>

#include "engine/hash.h"

namespace feldherr {

namespace {

using Clock = std::chrono::steady_clock;

// A tree node: the decision action (by `seat`, id `key`) that leads to it from its parent.
// Children are a singly linked list in the arena (first_child, next_sibling).
struct Node {
  uint64_t key = 0;
  int32_t seat = kNobody;
  int32_t first_child = -1;
  int32_t next_sibling = -1;
  double visits = 0;
  double value = 0;     // sum of the values backed up for `seat`
  double avail = 0;     // iterations in which the action was legal when its parent was reached
  int32_t listed = -1;  // perf: index in Tree::listed of this node's actions (run), -1 if none
};

struct Tree {
  std::vector<Node> nodes;
  long long iterations = 0;
  // Sequential halving with a held candidate (MctsConfig::hold): the action it chose.
  std::optional<uint64_t> pick;
  // perf (run): the actions a node offers, after the root's filter and drop_concessions, kept
  // for a node reached from a determinisation that drew nothing, with no chance on the way --
  // the same state every time, so the same list. Spans of `pool` (offset, count), bounded.
  std::vector<std::pair<uint32_t, uint32_t>> listed;
  std::vector<Action> pool;
};

// perf: at most this many actions are kept per tree (Tree::pool, 10 bytes each).
constexpr size_t kListedPool = size_t{1} << 21;

struct Search {
  const MctsConfig* config;
  const Evaluator* evaluate;
  const PolicyFactory* policy;
  const State* root;
  int seat;
  std::vector<uint64_t> root_ids;  // sorted ids of the real root's legal actions
  std::vector<double> prior;       // parallel to root_ids; empty: no prior (UCB1 at the root)
};

// The prior of a root action (its index in the sorted root ids).
double prior_of(const Search& sr, uint64_t id) {
  auto it = std::lower_bound(sr.root_ids.begin(), sr.root_ids.end(), id);
  return sr.prior[static_cast<size_t>(it - sr.root_ids.begin())];
}

// The legal actions without concessions, unless a concession is all there is (a search never
// needs to resign: a concession is never better than playing on to the same loss).
void drop_concessions(const State& s, ActionList& legal) {
  if (legal.size() <= 1) return;
  size_t w = 0;
  for (size_t r = 0; r < legal.size(); ++r)
    if (!s.is_concession(legal[r])) legal[w++] = legal[r];
  if (w > 0) legal.resize(w);
}

int32_t find_child(const Tree& tree, int32_t node, int seat, uint64_t key) {
  for (int32_t c = tree.nodes[static_cast<size_t>(node)].first_child; c >= 0;
       c = tree.nodes[static_cast<size_t>(c)].next_sibling) {
    const Node& n = tree.nodes[static_cast<size_t>(c)];
    if (n.key == key && n.seat == seat) return c;
  }
  return -1;
}

int32_t add_child(Tree& tree, int32_t parent, int seat, uint64_t key) {
  Node n;
  n.key = key;
  n.seat = seat;
  n.next_sibling = tree.nodes[static_cast<size_t>(parent)].first_child;
  tree.nodes.push_back(n);
  const auto id = static_cast<int32_t>(tree.nodes.size() - 1);
  tree.nodes[static_cast<size_t>(parent)].first_child = id;
  return id;
}

// Playout: random or guided by `policies` (null: random), cut after `depth` decisions.
void playout(const MctsConfig& cfg, State& s, Rng& rng,
             std::vector<std::unique_ptr<Player>>* policies, int depth, ActionList& legal) {
  int decisions = 0;
  while (!s.is_terminal() && decisions < depth) {
    const int cur = s.current_seat();
    if (cur == kChance) {
      s.apply(s.sample_chance(rng));
      continue;
    }
    ++decisions;
    if (policies != nullptr && (cfg.epsilon <= 0 || rng.unit() >= cfg.epsilon)) {
      s.apply((*policies)[static_cast<size_t>(cur)]->choose(s));
      continue;
    }
    s.legal_actions(legal);
    auto n = static_cast<uint32_t>(legal.size());
    uint32_t r = rng.below(n);
    for (int tries = 0; tries < 4 && n > 1 && s.is_concession(legal[r]); ++tries) r = rng.below(n);
    s.apply(legal[r]);
  }
}

// What the playouts of one tree need: the depth, whether a value comes from the evaluation,
// and the playout policy of every seat (guided playouts), seeded from the tree's seed.
struct Playouts {
  Playouts(const Search& sr, uint64_t seed)
      : num_seats(static_cast<int>(sr.root->game().seats().size())),
        have_eval(static_cast<bool>(*sr.evaluate)),
        depth(have_eval && sr.config->depth > 0 ? sr.config->depth : sr.config->max_playout),
        guided(sr.config->playout == PlayoutPolicy::kGuided && static_cast<bool>(*sr.policy)),
        policies(static_cast<size_t>(num_seats)) {
    if (!guided) return;
    for (int s = 0; s < num_seats; ++s)
      policies[static_cast<size_t>(s)] =
          (*sr.policy)(s, Hasher().add(seed).add(static_cast<uint64_t>(s + 1)).value());
  }
  int num_seats;
  bool have_eval;
  int depth;
  bool guided;
  std::vector<std::unique_ptr<Player>> policies;

  // One playout from `s` with this tree's policies (guided) or at random, cut at `depth`.
  void play(const MctsConfig& cfg, State& s, Rng& rng, ActionList& legal) {
    playout(cfg, s, rng, guided ? &policies : nullptr, depth, legal);
  }
};

// Early stop of a timed search (MctsConfig::stop_early): true when the most visited root child
// leads the next by more than the iterations still to come (the rate so far times the time
// left, at most what is left of `budget`) with a margin of half again, so no other child can
// overtake it and the choice (most visits) is made.
bool decided(const Tree& tree, long long budget, Clock::time_point begun, Clock::time_point now,
             Clock::time_point deadline) {
  constexpr double kMargin = 1.5;
  const double spent = std::chrono::duration<double>(now - begun).count();
  if (spent <= 0) return false;
  double left = static_cast<double>(tree.iterations) / spent *
                std::chrono::duration<double>(deadline - now).count();
  if (budget > 0) left = std::min(left, static_cast<double>(budget - tree.iterations));
  double first = 0, second = 0;
  for (int32_t c = tree.nodes[0].first_child; c >= 0;
       c = tree.nodes[static_cast<size_t>(c)].next_sibling) {
    const double v = tree.nodes[static_cast<size_t>(c)].visits;
    if (v > first) {
      second = first;
      first = v;
    } else if (v > second) {
      second = v;
    }
  }
  return first - second > kMargin * left;
}

// Runs iterations on one tree until `budget` iterations are done (<= 0: no limit) or the
// deadline passes (if `timed`), or, timed with MctsConfig::stop_early, once the choice is made
// (`decided`). At least one iteration is run.
void run(const Search& sr, uint64_t seed, long long budget, bool timed, Clock::time_point deadline,
         Tree& tree) {
  const MctsConfig& cfg = *sr.config;
  Rng rng(seed);
  tree.nodes.clear();
  tree.nodes.reserve(budget > 0 ? static_cast<size_t>(std::min<long long>(budget, 1 << 22)) + 1
                                : size_t{1} << 16);
  tree.nodes.emplace_back();  // the root
  tree.iterations = 0;
  tree.listed.clear();
  tree.pool.clear();

  Playouts po(sr, seed);

  ActionList legal;
  std::vector<int32_t> child_of;  // per legal action: its child node or -1
  std::vector<int32_t> path;
  std::vector<double> values(static_cast<size_t>(po.num_seats));
  std::vector<char> have_value(static_cast<size_t>(po.num_seats));

  const auto begun = Clock::now();
  for (;;) {
    if (budget > 0 && tree.iterations >= budget) break;
    if (timed && tree.iterations > 0 && (tree.iterations & 7) == 0) {
      const auto now = Clock::now();
      if (now >= deadline) break;
      if (cfg.stop_early && decided(tree, budget, begun, now, deadline)) break;
    }
    ++tree.iterations;

    const Rng drawn_from = rng;
    std::unique_ptr<State> s = sr.root->determinize(sr.seat, rng);
    int32_t node = 0;
    path.clear();
    path.push_back(0);
    // perf: a determinisation that draws nothing from `rng` (a game without hidden information
    // returns clone()) is the same state in every such iteration, and so is the state at a node
    // as long as no chance was sampled on the way (apply is deterministic): the node's actions
    // are listed once (Tree::listed). Nothing drawn: the generator's state is unchanged.
    bool same = cfg.keep_node_lists && drawn_from == rng;

    // Selection and expansion: down the tree while every legal action has been tried.
    bool expanded = false;
    while (!expanded && !s->is_terminal()) {
      const int cur = s->current_seat();
      if (cur == kChance) {  // open loop: chance is sampled, not stored
        s->apply(s->sample_chance(rng));
        same = false;
        continue;
      }
      if (cfg.flat && node != 0) break;  // flat: the tree is the root's children only
      const int32_t kept = same ? tree.nodes[static_cast<size_t>(node)].listed : -1;
      if (kept >= 0) {
        const auto [at, count] = tree.listed[static_cast<size_t>(kept)];
        legal.assign(tree.pool.begin() + at, tree.pool.begin() + at + count);
      } else {
        s->legal_actions(legal);
        if (node == 0) {
          // The root's options are those of the real state (a seat knows its own options).
          size_t w = 0;
          for (size_t r = 0; r < legal.size(); ++r)
            if (std::binary_search(sr.root_ids.begin(), sr.root_ids.end(), legal[r].id()))
              legal[w++] = legal[r];
          legal.resize(w);
        }
        drop_concessions(*s, legal);
        if (same && tree.pool.size() + legal.size() <= kListedPool) {
          tree.nodes[static_cast<size_t>(node)].listed = static_cast<int32_t>(tree.listed.size());
          tree.listed.emplace_back(static_cast<uint32_t>(tree.pool.size()),
                                   static_cast<uint32_t>(legal.size()));
          tree.pool.insert(tree.pool.end(), legal.begin(), legal.end());
        }
      }
      // Empty: a determinisation disagreeing with the root's real options, or not the contract
      // (a decision owed with no action): stop here.
      if (legal.empty()) break;
      child_of.resize(legal.size());
      size_t untried = 0;
      for (size_t i = 0; i < legal.size(); ++i) {
        int32_t c = find_child(tree, node, cur, legal[i].id());
        child_of[i] = c;
        if (c < 0)
          ++untried;
        else
          tree.nodes[static_cast<size_t>(c)].avail += 1;
      }
      size_t pick = 0;
      if (node == 0 && !sr.prior.empty()) {
        // PUCT at the root: the heuristic's prior guides which actions are tried and how often.
        const double sqrt_n = std::sqrt(tree.nodes[0].visits + 1.0);
        double best = -std::numeric_limits<double>::infinity();
        for (size_t i = 0; i < legal.size(); ++i) {
          double q = 0, n = 0;
          if (child_of[i] >= 0) {
            const Node& c = tree.nodes[static_cast<size_t>(child_of[i])];
            n = c.visits;
            q = n > 0 ? c.value / n : 0.0;
          }
          const double u = q + cfg.prior_weight * prior_of(sr, legal[i].id()) * sqrt_n / (1 + n);
          if (u > best) best = u, pick = i;
        }
        if (child_of[pick] < 0) {
          child_of[pick] = add_child(tree, node, cur, legal[pick].id());
          tree.nodes[static_cast<size_t>(child_of[pick])].avail += 1;
          expanded = true;
        }
      } else if (untried > 0) {
        // Expansion: a random untried action.
        auto k = rng.below(static_cast<uint32_t>(untried));
        for (size_t i = 0; i < legal.size(); ++i) {
          if (child_of[i] >= 0) continue;
          if (k-- == 0) {
            pick = i;
            break;
          }
        }
        child_of[pick] = add_child(tree, node, cur, legal[pick].id());
        tree.nodes[static_cast<size_t>(child_of[pick])].avail += 1;
        expanded = true;
      } else {
        // Selection: UCB1 with availability counts (Cowling et al. 2012, ISMCTS).
        double best = -std::numeric_limits<double>::infinity();
        for (size_t i = 0; i < legal.size(); ++i) {
          const Node& n = tree.nodes[static_cast<size_t>(child_of[i])];
          const double u =
              n.value / n.visits + cfg.exploration * std::sqrt(std::log(n.avail) / n.visits);
          if (u > best) best = u, pick = i;
        }
      }
      node = child_of[pick];
      path.push_back(node);
      s->apply(legal[pick]);
    }

    po.play(cfg, *s, rng, legal);

    // Values per seat: the result at the end, else the evaluation (draw when there is none).
    std::fill(have_value.begin(), have_value.end(), 0);
    std::vector<double> returns;
    if (s->is_terminal()) {
      returns = s->result().returns;
      for (int k = 0; k < po.num_seats; ++k) {
        values[static_cast<size_t>(k)] =
            static_cast<size_t>(k) < returns.size() ? returns[static_cast<size_t>(k)] : 0.0;
        have_value[static_cast<size_t>(k)] = 1;
      }
    }
    for (size_t i = path.size(); i-- > 1;) {
      Node& n = tree.nodes[static_cast<size_t>(path[i])];
      const auto k = static_cast<size_t>(n.seat);
      if (!have_value[k]) {
        values[k] = po.have_eval ? std::clamp((*sr.evaluate)(*s, n.seat), -1.0, 1.0) : 0.0;
        have_value[k] = 1;
      }
      n.visits += 1;
      n.value += values[k];
    }
    tree.nodes[0].visits += 1;
  }
}

}  // namespace

bool beats_by(const std::vector<double>& a, const std::vector<double>& b, double z) {
  const size_t n = std::min(a.size(), b.size());
  if (n < 2) return false;
  double sum = 0, sq = 0;
  for (size_t j = 0; j < n; ++j) {
    const double d = a[j] - b[j];
    sum += d;
    sq += d * d;
  }
  const double mean = sum / static_cast<double>(n);
  const double var = std::max(0.0, (sq - sum * mean) / static_cast<double>(n - 1));
  return mean > z * std::sqrt(var / static_cast<double>(n));
}

namespace {

// Sequential halving at the root with common random numbers (MctsConfig::halving). The tree is
// the root and one child per candidate; `budget` (<= 0: none) and the deadline (if `timed`)
// bound the playouts, split into equal shares per round (rounds of a timed search end at
// equal fractions of the time left). Within a round the remaining candidates are played in
// cycles, one playout each per cycle, all with the cycle's random numbers.
void run_halving(const Search& sr, uint64_t seed, long long budget, bool timed,
                 Clock::time_point deadline, Tree& tree) {
  const MctsConfig& cfg = *sr.config;
  tree.nodes.clear();
  tree.nodes.emplace_back();  // the root
  tree.iterations = 0;
  Playouts po(sr, seed);

  // Candidates: the real root's actions (no concession unless it is all there is), best prior
  // first; the `halving_width` best stay (all of them without a prior or with width 0).
  ActionList legal;
  sr.root->legal_actions(legal);
  drop_concessions(*sr.root, legal);
  std::vector<size_t> order(legal.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  if (!sr.prior.empty()) {
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
      return prior_of(sr, legal[a].id()) > prior_of(sr, legal[b].id());
    });
    if (cfg.halving_width > 0)
      order.resize(std::min(order.size(), static_cast<size_t>(std::max(2, cfg.halving_width))));
  }
  std::vector<int32_t> node(legal.size(), -1);
  for (size_t i : order) node[i] = add_child(tree, 0, sr.seat, legal[i].id());
  // The held candidate (MctsConfig::hold): the heuristic's first choice; every playout value
  // of each candidate is kept in cycle order for the paired comparison at the end.
  const bool hold = cfg.hold > 0 && !sr.prior.empty();
  const size_t held = order.front();
  std::vector<std::vector<double>> values(hold ? legal.size() : 0);

  if (order.size() == 1) {  // one option besides conceding: nothing to compare
    tree.nodes[static_cast<size_t>(node[order[0]])].visits = 1;
    tree.iterations = 1;
    return;
  }
  int rounds = 0;
  while ((size_t{1} << rounds) < order.size()) ++rounds;  // >= 1: two candidates or more
  const auto start = Clock::now();
  ActionList scratch;
  uint64_t cycle = 0;  // the random numbers of one cycle are shared by every candidate
  for (int round = 0; round < rounds; ++round) {
    const long long share = budget > 0 ? (budget - tree.iterations) / (rounds - round) : 0;
    const long long cycles =
        budget > 0 ? std::max<long long>(1, share / static_cast<long long>(order.size())) : 0;
    const auto round_end = start + (deadline - start) * (round + 1) / rounds;
    for (long long c = 0; budget <= 0 || c < cycles; ++c, ++cycle) {
      if (timed && c > 0 && Clock::now() >= round_end) break;
      if (budget > 0 && tree.iterations + static_cast<long long>(order.size()) > budget && c > 0)
        break;
      const uint64_t cycle_seed = Hasher().add(seed).add(cycle).value();
      for (size_t i : order) {
        ++tree.iterations;
        Rng rng(cycle_seed);
        for (int k = 0; k < po.num_seats && po.guided; ++k)
          po.policies[static_cast<size_t>(k)]->reseed(
              Hasher().add(cycle_seed).add(static_cast<uint64_t>(k + 1)).value());
        std::unique_ptr<State> s = sr.root->determinize(sr.seat, rng);
        // A determinisation that disagrees with the real options values the action as a draw.
        s->legal_actions(scratch);
        const uint64_t id = legal[i].id();
        double v = 0;
        if (std::any_of(scratch.begin(), scratch.end(),
                        [&](const Action& a) { return a.id() == id; })) {
          s->apply(legal[i]);
          po.play(cfg, *s, rng, scratch);
          if (s->is_terminal()) {
            const std::vector<double> returns = s->result().returns;
            if (static_cast<size_t>(sr.seat) < returns.size())
              v = returns[static_cast<size_t>(sr.seat)];
          } else if (po.have_eval) {
            v = std::clamp((*sr.evaluate)(*s, sr.seat), -1.0, 1.0);
          }
        }
        Node& n = tree.nodes[static_cast<size_t>(node[i])];
        n.visits += 1;
        n.avail += 1;
        n.value += v;
        tree.nodes[0].visits += 1;
        if (hold) values[i].push_back(v);
      }
      if (timed && Clock::now() >= deadline) break;
    }
    // The better half (by mean; equal visits within the cycle structure) goes on.
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
      const Node& x = tree.nodes[static_cast<size_t>(node[a])];
      const Node& y = tree.nodes[static_cast<size_t>(node[b])];
      return x.value / std::max(1.0, x.visits) > y.value / std::max(1.0, y.visits);
    });
    if (round + 1 < rounds) {
      order.resize((order.size() + 1) / 2);
      if (hold && std::find(order.begin(), order.end(), held) == order.end()) order.back() = held;
    }
  }
  // The finalists have the most playouts, equally many: MctsPlayer::choose plays the one with
  // the best mean, the winner of the last round -- or, holding, the held candidate unless the
  // winner beats it by more than `hold` standard errors of the paired differences (both were
  // played in every cycle, on the same random numbers).
  if (hold) {
    const size_t best = order.front();
    tree.pick = legal[held].id();
    if (best != held && beats_by(values[best], values[held], cfg.hold))
      tree.pick = legal[best].id();
  }
}

}  // namespace

MctsPlayer::MctsPlayer(MctsConfig config, uint64_t seed, Evaluator evaluate, PolicyFactory policy,
                       DecisionFilter setup, DecisionFilter steps)
    : config_(config),
      rng_(seed),
      evaluate_(std::move(evaluate)),
      policy_(std::move(policy)),
      setup_(std::move(setup)),
      steps_(std::move(steps)) {
  if (config_.threads < 1) config_.threads = 1;
  if (config_.seconds <= 0 && config_.iterations <= 0) config_.iterations = 1000;
}

namespace {

// The shortest decimal text of `x` ("0.5", "12"), and back: a whole non-empty decimal number.
std::string number_text(double x) {
  char buf[32];
  auto [p, ec] = std::to_chars(buf, buf + sizeof buf, x);
  return std::string(buf, p);
}

bool parse_number(std::string_view text, double& out) {
  if (text.empty()) return false;
  auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && p == text.data() + text.size();
}

}  // namespace

std::string MctsPlayer::name() const {
  std::string n = "mcts";
  if (config_.iterations > 0)
    n += ":" + std::to_string(config_.iterations) + "it";
  else
    n += ":" + number_text(config_.seconds) + "s";
  if (config_.depth != 20) n += ":d" + std::to_string(std::max(0, config_.depth));
  if (config_.playout == PlayoutPolicy::kGuided) n += ":guided";
  if (!config_.heuristic_setup) n += ":search-setup";
  if (config_.heuristic_steps) n += ":heuristic-steps";
  if (!config_.prior) n += ":noprior";
  if (config_.flat && !config_.halving) n += ":flat";
  if (config_.halving)
    n += ":sh" + (config_.halving_width > 0 ? std::to_string(config_.halving_width) : "all");
  if (config_.halving && config_.hold > 0) n += ":hold" + number_text(config_.hold);
  if (config_.iterations <= 0 && config_.iteration_cap > 0)
    n += ":cap" + std::to_string(config_.iteration_cap);
  if (config_.iteration_cap < 0) n += ":nocap";
  if (config_.iterations <= 0 && !config_.stop_early) n += ":full";
  const MctsConfig defaults;
  if (config_.prior_weight != defaults.prior_weight) n += ":pw" + number_text(config_.prior_weight);
  if (config_.prior_temperature != defaults.prior_temperature)
    n += ":pt" + number_text(config_.prior_temperature);
  if (config_.exploration != defaults.exploration) n += ":c" + number_text(config_.exploration);
  if (config_.epsilon != defaults.epsilon) n += ":e" + number_text(config_.epsilon);
  return n;
}

Action MctsPlayer::choose(const State& state) {
  const auto start = Clock::now();
  // One draw per decision, whatever happens next: later decisions do not depend on this one's
  // search (nor on the hidden information).
  const uint64_t decision_seed = rng_.next_u64();
  stats_ = MctsStats{};
  ActionList legal;
  state.legal_actions(legal);
  for (const Action& a : legal) stats_.root.push_back({a, 0, 0});
  if (legal.size() <= 1) return legal.front();
  const bool routine = (config_.heuristic_setup && setup_ && setup_(state)) ||
                       (config_.heuristic_steps && steps_ && steps_(state));
  if (policy_ && routine) {
    // A setup decision (army selection, hidden deployment) or, with ":heuristic-steps", a step
    // of a move begun: the game's heuristic makes it, seeded from this decision's seed (docs/ai.md
    // "Setup decisions", "Steps of a move").
    std::unique_ptr<Player> p = policy_(state.current_seat(), decision_seed);
    Action a = p->choose(state);
    stats_.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return a;
  }

  Search sr;
  sr.config = &config_;
  sr.evaluate = &evaluate_;
  sr.policy = &policy_;
  sr.root = &state;
  sr.seat = state.current_seat();
  for (const Action& a : legal) sr.root_ids.push_back(a.id());
  std::sort(sr.root_ids.begin(), sr.root_ids.end());
  if (config_.prior && policy_) {
    // The heuristic's scores of the root actions as a softmax prior (PUCT at the root).
    std::vector<double> scores;
    std::unique_ptr<Player> p =
        policy_(state.current_seat(), Hasher().add(decision_seed).add(0x9a1).value());
    if (p->score_actions(state, scores) && scores.size() == legal.size()) {
      double best = -std::numeric_limits<double>::infinity();
      for (double x : scores) best = std::max(best, x);
      if (std::isfinite(best)) {
        const double t = config_.prior_temperature > 0 ? config_.prior_temperature : 1.0;
        sr.prior.assign(legal.size(), 0.0);
        double total = 0;
        for (size_t i = 0; i < legal.size(); ++i) {
          const double w = std::isfinite(scores[i]) ? std::exp((scores[i] - best) / t) : 0.0;
          auto it = std::lower_bound(sr.root_ids.begin(), sr.root_ids.end(), legal[i].id());
          sr.prior[static_cast<size_t>(it - sr.root_ids.begin())] += w;
          total += w;
        }
        for (double& x : sr.prior) x /= total;
      }
    }
  }

  // With an iteration budget the time budget is ignored (deterministic search).
  const bool timed = config_.iterations <= 0 && config_.seconds > 0;
  const auto deadline = start + std::chrono::duration_cast<Clock::duration>(
                                    std::chrono::duration<double>(timed ? config_.seconds : 0.0));
  const int threads = config_.threads;
  std::vector<Tree> trees(static_cast<size_t>(threads));
  // The iteration budget, or on a time budget the game's iteration cap (docs/ai.md).
  const long long total = config_.iterations > 0               ? config_.iterations
                          : timed && config_.iteration_cap > 0 ? config_.iteration_cap
                                                               : 0;
  auto share = [&](int t) -> long long {
    if (total <= 0) return 0;
    long long base = total / threads, extra = total % threads;
    return std::max<long long>(1, base + (t < extra ? 1 : 0));
  };
  auto seed_of = [&](int t) {
    return Hasher().add(decision_seed).add(static_cast<uint64_t>(t)).value();
  };
  auto search = [&](int t) {
    if (config_.halving)
      run_halving(sr, seed_of(t), share(t), timed, deadline, trees[static_cast<size_t>(t)]);
    else
      run(sr, seed_of(t), share(t), timed, deadline, trees[static_cast<size_t>(t)]);
  };
  std::vector<std::thread> workers;
  for (int t = 1; t < threads; ++t) {
    workers.emplace_back([&, t] { search(t); });
  }
  search(0);
  for (std::thread& w : workers) w.join();

  // Merge the root children by action id.
  std::vector<double> value(legal.size(), 0.0);
  for (const Tree& tree : trees) {
    stats_.iterations += tree.iterations;
    stats_.nodes += static_cast<long long>(tree.nodes.size());
    for (int32_t c = tree.nodes[0].first_child; c >= 0;
         c = tree.nodes[static_cast<size_t>(c)].next_sibling) {
      const Node& n = tree.nodes[static_cast<size_t>(c)];
      auto it = std::lower_bound(sr.root_ids.begin(), sr.root_ids.end(), n.key);
      if (it == sr.root_ids.end() || *it != n.key) continue;
      for (size_t i = 0; i < legal.size(); ++i) {
        if (legal[i].id() != n.key) continue;
        stats_.root[i].visits += n.visits;
        value[i] += n.value;
      }
    }
  }
  // Held halving searches vote with their picks (one per tree); others by visits.
  std::vector<int> votes(legal.size(), 0);
  for (const Tree& tree : trees)
    for (size_t i = 0; i < legal.size() && tree.pick; ++i)
      if (legal[i].id() == *tree.pick) ++votes[i];
  size_t best = 0;
  for (size_t i = 0; i < legal.size(); ++i) {
    MctsStats::Child& c = stats_.root[i];
    c.mean = c.visits > 0 ? value[i] / c.visits : 0.0;
    const MctsStats::Child& b = stats_.root[best];
    if (votes[i] != votes[best]) {
      if (votes[i] > votes[best]) best = i;
    } else if (c.visits > b.visits || (c.visits == b.visits && c.mean > b.mean)) {
      best = i;
    }
  }
  stats_.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return legal[best];
}

bool parse_mcts_seat(std::string_view text, MctsConfig& config, std::string& error) {
  error.clear();
  if (text.substr(0, 4) != "mcts") return false;
  // A seat text gives the whole search configuration; only the caller's threads are kept.
  MctsConfig c;
  c.threads = config.threads;
  std::string_view rest = text.substr(4);
  if (!rest.empty() && rest.front() != ':') return false;  // "mctsx" is some other player
  bool budget_seen = false, policy_seen = false;
  int knobs = 0;  // suffixes other than the budget
  while (!rest.empty()) {
    rest.remove_prefix(1);  // ':'
    size_t end = rest.find(':');
    std::string_view part = rest.substr(0, end);
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end);
    ++knobs;
    if (part.size() >= 2 && part[0] == 'd' &&
        part.find_first_not_of("0123456789", 1) == std::string_view::npos) {
      // dN: playout depth in decisions (d0: to the end of the game).
      int d = 0;
      auto [p, ec] = std::from_chars(part.data() + 1, part.data() + part.size(), d);
      if (ec != std::errc() || d < 0)
        return error = "mcts: bad depth '" + std::string(part) + "'", true;
      c.depth = d;
      continue;
    }
    if (part == "noprior") {
      c.prior = false;
      continue;
    }
    if (part == "flat") {
      c.flat = true;
      continue;
    }
    if (part == "shall") {  // sequential halving over every root action
      c.flat = c.halving = true;
      c.halving_width = 0;
      continue;
    }
    if (double x = 0; part.substr(0, 2) == "sh" &&
                      (part.size() == 2 || (parse_number(part.substr(2), x) && x >= 2 &&
                                            x <= 1000 && x == std::floor(x)))) {
      c.flat = c.halving = true;  // sequential halving over the root's actions
      if (part.size() > 2) c.halving_width = static_cast<int>(x);
      continue;
    }
    if (double x = 0; part.substr(0, 4) == "hold" &&
                      (part.size() == 4 || (parse_number(part.substr(4), x) && x >= 0))) {
      c.hold = part.size() == 4 ? 1.0 : x;  // hold the heuristic's first choice (z)
      continue;
    }
    if (part == "search-setup") {
      c.heuristic_setup = false;
      continue;
    }
    if (part == "heuristic-steps") {
      c.heuristic_steps = true;
      continue;
    }
    if (part == "full") {
      c.stop_early = false;  // search the whole time budget
      continue;
    }
    if (part == "nocap") {
      c.iteration_cap = -1;
      continue;
    }
    if (double x = 0; part.substr(0, 3) == "cap" && parse_number(part.substr(3), x) && x >= 1 &&
                      x <= 1e9 && x == std::floor(x)) {
      c.iteration_cap = static_cast<long long>(x);
      continue;
    }
    // Tuning knobs for measurements: pwX prior weight, ptX prior temperature, cX UCB1 constant.
    if (double x = 0; (part.substr(0, 2) == "pw" || part.substr(0, 2) == "pt") &&
                      parse_number(part.substr(2), x) && x >= 0) {
      (part[1] == 'w' ? c.prior_weight : c.prior_temperature) = x;
      continue;
    }
    if (double x = 0;
        part.size() > 1 && part[0] == 'c' && parse_number(part.substr(1), x) && x >= 0) {
      c.exploration = x;
      continue;
    }
    if (double x = 0;
        part.size() > 1 && part[0] == 'e' && parse_number(part.substr(1), x) && x >= 0 && x <= 1) {
      c.epsilon = x;  // guided playouts: share of random moves
      continue;
    }
    if (part == "guided" || part == "random") {
      if (policy_seen) return error = "mcts: the playout policy is given twice", true;
      policy_seen = true;
      c.playout = part == "guided" ? PlayoutPolicy::kGuided : PlayoutPolicy::kRandom;
      continue;
    }
    if (budget_seen) return error = "mcts: the budget is given twice", true;
    budget_seen = true;
    --knobs;  // the budget is not a knob
    if (part.size() > 2 && part.substr(part.size() - 2) == "it") {
      long long n = 0;
      auto [p, ec] = std::from_chars(part.data(), part.data() + part.size() - 2, n);
      if (ec != std::errc() || p != part.data() + part.size() - 2 || n < 1)
        return error = "mcts: bad iteration budget '" + std::string(part) +
                       "' (expected e.g. mcts:2000it)",
               true;
      c.iterations = n;
      c.seconds = 0;
      continue;
    }
    double secs = 0;
    std::string_view num = part;
    if (!num.empty() && num.back() == 's') num.remove_suffix(1);
    if (!parse_number(num, secs) || !(secs > 0) || secs > 86400)
      return error = "mcts: bad budget '" + std::string(part) +
                     "' (expected SECONDS, e.g. mcts:0.5, or Nit, e.g. mcts:2000it)",
             true;
    c.seconds = secs;
  }
  c.plain = knobs == 0;
  config = c;
  return true;
}

MctsConfig with_game_search(const GameModule* module, MctsConfig c) {
  if (!c.plain || module == nullptr || module->mcts_search.empty()) return c;
  MctsConfig own;
  std::string error;
  if (!parse_mcts_seat("mcts" + module->mcts_search, own, error) || !error.empty()) return c;
  own.seconds = c.seconds;
  own.iterations = c.iterations;
  own.threads = c.threads;
  own.plain = false;
  return own;
}

std::unique_ptr<Player> make_mcts_player(const GameModule* module, const MctsConfig& config,
                                         uint64_t seed, bool* no_evaluate) {
  Evaluator eval;
  PolicyFactory policy;
  DecisionFilter setup, steps;
  if (module != nullptr) {
    eval = module->evaluate;
    policy = module->make_heuristic;
    setup = module->setup_decision;
    steps = module->step_decision;
  }
  if (no_evaluate != nullptr) *no_evaluate = !eval;
  MctsConfig c = with_game_search(module, config);
  if (module != nullptr && c.iteration_cap == 0) c.iteration_cap = module->mcts_iteration_cap;
  return std::make_unique<MctsPlayer>(c, seed, std::move(eval), std::move(policy), std::move(setup),
                                      std::move(steps));
}

}  // namespace feldherr
