// The Westerplatte heuristic defender: for the move-and-action phase it searches every sequence
// of moves and actions of the active player (depth-first, with a transposition set) and ends the
// phase with the best statically scored position (a joint fire that kills is credited for the
// action it saves); the small decisions (overflow, stock, give, reinforce, placement) are scored
// directly. It scores every legal action (the best position a plan that begins with it reaches),
// the prior of the tree search. The team shares one evaluation, so every seat plays the same
// policy. Cards are never peeked at: the score uses only the position.
#include <algorithm>
#include <bit>
#include <cmath>
#include <unordered_set>

#include "games/westerplatte/ai.h"
#include "games/westerplatte/tasks.h"

namespace feldherr::westerplatte {

namespace {

// Officer distances (BFS over the paths, ignoring burned paths).
int distance(const Data& d, int from, int to) {
  if (from == to) return 0;
  std::array<int, kFields> dist;
  dist.fill(-1);
  dist[static_cast<size_t>(from)] = 0;
  std::vector<int> q{from};
  for (size_t i = 0; i < q.size(); ++i) {
    for (int n : d.neighbours[static_cast<size_t>(q[i])]) {
      if (dist[static_cast<size_t>(n)] >= 0) continue;
      dist[static_cast<size_t>(n)] = dist[static_cast<size_t>(q[i])] + 1;
      if (n == to) return dist[static_cast<size_t>(n)];
      q.push_back(n);
    }
  }
  return 9;
}

// Expected bricks a troop deals over the next turns if left alone (rough).
double threat(const WpState& s, int lane) {
  const int c = s.lane_card_[static_cast<size_t>(lane)];
  if (c < 0) return 0;
  const AttackCard& k = s.card(c);
  if (k.kind == CardKind::kHowitzer) return 1.2;
  const int space = s.lane_space_[static_cast<size_t>(lane)];
  const double closeness = space == 3     ? 1.0
                           : k.speed == 3 ? 0.55
                           : space == 2   ? 0.45
                           : space == 1   ? 0.22
                                          : 0.12;
  return k.power * closeness * 1.6;
}

}  // namespace

double score(const WpState& s) {
  const Data& d = s.wp().data();
  if (s.outcome_ > 0) return 1e6;
  if (s.outcome_ < 0) return -1e6 + s.discarded() * 100;
  double v = 0;
  // Walls: guard posts are the loss condition (WP 11).
  std::array<int, kTiles> tb{};
  for (int t = 0; t < kTiles; ++t)
    tb[static_cast<size_t>(t)] = s.bricks_[static_cast<size_t>(kFdfs + t)];
  std::sort(tb.begin(), tb.end());
  for (int t = 0; t < kTiles; ++t) {
    const int b = tb[static_cast<size_t>(t)];
    const double w = t == 0 ? 5.0 : t == 1 ? 9.0 : 2.5;  // the two weakest posts matter most
    v += w * std::min(b, 3) + 1.0 * b;
    if (b == 0) v -= t == 0 ? 25 : 200;
  }
  for (int f = 0; f < kFdfs; ++f) {
    const int b = s.bricks_[static_cast<size_t>(f)];
    // An FDF's bricks shield its two guard posts.
    v += 1.6 * std::min(b, 2) + 0.6 * b;
  }
  // Five occupied lanes: new troops go under the deck and the days stop advancing (WP 7.4).
  int occupied = 0;
  for (int l = 0; l < kLanes; ++l) occupied += s.lane_card_[static_cast<size_t>(l)] >= 0;
  // Stalled: the lanes stay full while cards go under the deck. Pushing troops back only delays
  // the next card's advance, so a team that keeps pushing loops for ever; only kills let the days
  // go on. Ammo and damage then count for more, pushes for less.
  const bool stalled = occupied == kLanes && s.under_.size() >= 3;
  const double threat_weight = stalled ? 2.0 : 4.0;
  const double per_endurance = stalled ? 4.0 : 1.6;
  // Troops on the lanes: projected damage and the work left to kill them.
  for (int l = 0; l < kLanes; ++l) {
    const int c = s.lane_card_[static_cast<size_t>(l)];
    if (c < 0) {
      if (s.mine_[static_cast<size_t>(l)]) v += 1.5;
      continue;
    }
    const int left = s.card(c).endurance - s.lane_damage_[static_cast<size_t>(l)];
    const double th = threat(s, l);
    // Overflow into thin guard posts is worse when the FDF is empty.
    const double fdf_empty = s.bricks_[static_cast<size_t>(l)] == 0 ? 1.8 : 1.0;
    v -= th * threat_weight * fdf_empty + left * per_endurance;
  }
  if (occupied == kLanes) v -= 6.0;
  // Progress: every discarded card brings day 7 closer.
  v += s.discarded() * 1.2;
  // Resources.
  int ammo = 0;
  for (int p = 0; p < s.wp().rules().players; ++p) {
    const int a = s.ammo_[static_cast<size_t>(p)];
    ammo += a;
    v += (stalled ? 5.0 : 2.2) * std::min(a, 2) + 0.6 * std::min(std::max(a - 2, 0), 4);
  }
  (void)ammo;
  v += 3.0 * s.shells_ + 2.2 * s.mines_ + 0.35 * s.rebuild_ + 0.3 * s.surplus_;
  for (int p = 0; p < s.wp().rules().players; ++p) {
    v += 0.6 * s.extra_move_[static_cast<size_t>(p)] +
         1.5 * s.extra_action_[static_cast<size_t>(p)] -
         0.8 * s.restricted_[static_cast<size_t>(p)];
  }
  // Morale: low levels cost resources and moves (WP 8).
  const int code = s.level_code();
  if (code == kMoraleL1) v -= 2.5;
  if (code == kMoraleL2) v -= 5.5;
  const int rel = s.morale_ - s.start_index();
  if (rel > 0) v += 0.8 * rel;
  // Positions: each officer near the most useful field.
  int best_lane = -1;
  double best = 0.3;
  for (int l = 0; l < kLanes; ++l) {
    const double th = threat(s, l) + (s.lane_card_[static_cast<size_t>(l)] >= 0 ? 0.4 : 0);
    if (th > best) best = th, best_lane = l;
  }
  const int ammo_field = s.field_of_tile(TileKind::kAmmo);
  for (int o = 0; o < s.wp().num_officers(); ++o) {
    const int at = s.officer_at_[static_cast<size_t>(o)];
    if (at < 0) continue;
    const int owner = s.wp().owner(o);
    if (s.ammo_[static_cast<size_t>(owner)] == 0 && ammo_field >= 0) {
      v -= (stalled ? 2.5 : 0.5) * distance(d, at, ammo_field);
    } else if (best_lane >= 0) {
      v -= (stalled ? 1.0 : 0.35) * distance(d, at, best_lane);
    } else {
      v -= 0.15 * distance(d, at, 2);
    }
  }
  return v;
}

double evaluate(const State& st, int seat) {
  (void)seat;
  if (st.is_terminal()) return st.result().returns.empty() ? 0 : st.result().returns[0];
  const auto& s = static_cast<const WpState&>(st);
  // Relative to a fresh position: positive means ahead of the start.
  return std::tanh((score(s) - 60.0) / 40.0);
}

namespace {

class Heuristic : public Player {
 public:
  // Every choice is for the seat that owes the decision (state.current_seat()).
  Heuristic(int /*seat*/, uint64_t seed) : rng_(seed) {}
  std::string name() const override { return "heuristic"; }

  Action choose(const State& state) override {
    const auto& s = static_cast<const WpState&>(state);
    s.legal_actions(legal_);
    if (legal_.size() == 1) return legal_[0];
    ScoreAll(s);
    // The first best: the earliest action whose value beats every earlier one (a plan by more
    // than rounding).
    const double margin = s.tasks_.back().type == tPlayer ? 1e-9 : 0;
    size_t best = 0;
    for (size_t i = 1; i < scores_.size(); ++i)
      if (scores_[i] > scores_[best] + margin) best = i;
    return legal_[best];
  }

  // The value each legal action leads to: for the move-and-action phase the best position of a
  // plan that begins with it (an action the bounded search did not reach is valued one step
  // ahead, below every reached one), for a small decision its one-step score.
  bool score_actions(const State& state, std::vector<double>& scores) override {
    const auto& s = static_cast<const WpState&>(state);
    s.legal_actions(legal_);
    ScoreAll(s);
    scores = scores_;
    if (s.tasks_.back().type == tPlayer) {
      double floor = 1e18;
      for (double v : scores) floor = v > kUnreached ? std::min(floor, v) : floor;
      for (size_t i = 0; i < scores.size(); ++i) {
        if (scores[i] > kUnreached) continue;
        auto c = s.clone();
        static_cast<WpState&>(*c).apply(legal_[i]);
        scores[i] = std::min(score(static_cast<const WpState&>(*c)), floor - 1);
      }
    }
    return true;
  }

 private:
  // A fire with several officers (WP 7.1) that kills a troop no single shot could (every
  // officer's damage needed) does in one action what would otherwise take one action per shot:
  // the static score sees only the ammo spent (and counts two ammo above one mortar shell), so the
  // search credits each joining officer with one ammo's worth (2.2, as `score` values a player's
  // first two) for the action it saves. No credit for a fire that wastes ammo or does not kill.
  static double joint_kill_credit(const WpState& before, const Action& a, const WpState& after) {
    if (a.verb != kVFire) return 0;
    const int n = std::popcount(static_cast<unsigned>(a.arg(1)));
    const size_t l = static_cast<size_t>(a.arg(0));
    const int card = before.lane_card_[l];
    if (n < 2 || card < 0 || after.lane_card_[l] == card) return 0;
    const int left = before.card(card).endurance - before.lane_damage_[l];
    return left >= n ? kJointCredit * (n - 1) : 0;
  }
  static constexpr double kJointCredit = 2.2;

  // Scores every legal action of `s` (legal_) into scores_.
  void ScoreAll(const WpState& s) {
    scores_.assign(legal_.size(), kUnreached);
    const Task& t = s.tasks_.back();
    if (t.type == tPlayer) {
      plan(s);
      return;
    }
    // Small decisions: score each outcome by one step (the procedure runs to the next decision).
    for (size_t i = 0; i < legal_.size(); ++i) {
      auto c = s.clone();
      auto& cs = static_cast<WpState&>(*c);
      cs.apply(legal_[i]);
      double v = score(cs);
      if (t.type == tPlace) v -= 0.5 * std::abs(legal_[i].arg(1) - 2);  // start near the centre
      scores_[i] = v;
    }
  }

  // Depth-first over the phase-1 actions; leaves are the positions where "end" is chosen. Each
  // first action's score is the best leaf below it.
  void plan(const WpState& s) {
    seen_.clear();
    nodes_ = 0;
    for (size_t i = 0; i < legal_.size(); ++i) {
      const Action& a = legal_[i];
      if (a.verb == kVEnd) {
        consider(score(s), i);
        continue;
      }
      auto c = s.clone();
      static_cast<WpState&>(*c).apply(a);
      const auto& cs = static_cast<const WpState&>(*c);
      search(cs, i, 1, joint_kill_credit(s, a, cs));
    }
  }

  void consider(double v, size_t first) { scores_[first] = std::max(scores_[first], v); }

  void search(const WpState& s, size_t first, int depth, double credit) {
    if (++nodes_ > 700) return;  // bounds the solo search (two officers, 4 moves)
    if (s.is_terminal() || s.tasks_.empty() || s.tasks_.back().type != tPlayer) {
      consider(score(s) + credit, first);
      return;
    }
    if (!seen_.insert(s.hash()).second) return;
    consider(score(s) + credit, first);  // ending here
    if (depth >= 6) return;
    ActionList legal;
    s.legal_actions(legal);
    for (const Action& a : legal) {
      if (a.verb == kVEnd) continue;
      auto c = s.clone();
      static_cast<WpState&>(*c).apply(a);
      const auto& cs = static_cast<const WpState&>(*c);
      search(cs, first, depth + 1, credit + joint_kill_credit(s, a, cs));
    }
  }

  static constexpr double kUnreached = -1e18;
  ActionList legal_;
  std::vector<double> scores_;
  Rng rng_;
  std::unordered_set<uint64_t> seen_;
  int nodes_ = 0;
};

}  // namespace

std::unique_ptr<Player> make_heuristic(int seat, uint64_t seed) {
  return std::make_unique<Heuristic>(seat, seed);
}

}  // namespace feldherr::westerplatte
