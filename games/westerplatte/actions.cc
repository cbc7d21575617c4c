// 7 Tage der Westerplatte: decisions, legal actions, refusals with reasons, applying actions,
// chance outcomes, and the text form of actions (WP 5, WP 7, WP 8, WP 10).
#include <algorithm>
#include <sstream>

#include "engine/verbs.h"
#include "games/westerplatte/tasks.h"
#include "games/westerplatte/westerplatte.h"

namespace feldherr::westerplatte {

namespace {
int popcount(int m) {
  return __builtin_popcount(static_cast<unsigned>(m));
}
std::string oname(int o) {
  return "o" + std::to_string(o + 1);
}
}  // namespace

int WpState::officer_slot(int officer) const {
  return wp().rules().players == 1 ? officer : 0;
}

// WP 7.1: moves left for the officer (0 none). *uses_extra: the move needs the extra-move marker.
int WpState::move_budget_left(int slot, bool* uses_extra) const {
  const size_t p = static_cast<size_t>(player_);
  const int k = wp().rules().players == 1 ? 2 : 1;  // W10: each solo officer moves up to 2
  const int total = moved_[0] + moved_[1];
  *uses_extra = false;
  if (moved_[static_cast<size_t>(slot)] < 2 && total < 2 * k - restricted_now_) return 1;
  if (!restricted_now_ && !extra_move_now_ && extra_move_[p] > 0 &&
      moved_[static_cast<size_t>(slot)] == 2) {
    *uses_extra = true;
    return 1;
  }
  return 0;
}

Decision WpState::decision() const {
  Decision d;
  d.seat = current_seat();
  if (d.seat == kNobody) {
    d.kind = "over";
    d.say({"the game is over", "das Spiel ist vorbei"});
    return d;
  }
  const Task& t = tasks_.back();
  switch (t.type) {
    case tSetupTile:
      d.kind = "tile";
      d.say(say("shuffle an action tile onto {} (WP 5 step 3)",
                "ein gemischtes Aktionsplättchen auf {} legen (WP 5 Schritt 3)",
                field_name(kFdfs + t.a)));
      break;
    case tPlace:
      d.kind = "place";
      d.say(say("{0}: place officer {1} on a forward defence field (WP 5 step 9)",
                "{2}: Offizier {1} auf ein vorgeschobenes Abwehrfeld stellen (WP 5 Schritt 9)",
                wp().side_name(wp().owner(t.a)).en, oname(t.a),
                wp().side_name(wp().owner(t.a)).de));
      break;
    case tDraw:
      d.kind = "draw";
      d.say(t.a == kDrawNormal
                ? Text{"draw the top German attack card (WP 7.4)",
                       "die oberste deutsche Angriffskarte ziehen (WP 7.4)"}
                : Text{"draw an opening card (WP 5 step 12)",
                       "eine Angriffskarte des ersten Tages ziehen (WP 5 Schritt 12)"});
      break;
    case tEventDraw:
      d.kind = "event";
      d.say({"draw the top event card (WP 6)", "die oberste Ereigniskarte ziehen (WP 6)"});
      break;
    case tPlayer:
      d.kind = "turn";
      d.say(say("{0}: move (up to 2) and act (1), then end the phase (WP 7.1)",
                "{1}: bewegen (bis zu 2) und eine Aktion ausführen, dann die Phase beenden "
                "(WP 7.1)",
                wp().side_name(player_).en, wp().side_name(player_).de));
      // No `decline`: ending the phase is the seat's own turn, not a reaction window that a
      // player could let the interface decline for him (engine/game.h Decision::decline).
      break;
    case tOverflow:
      d.kind = "overflow";
      d.say(say("{} has no bricks: choose the guard post that loses a brick (WP 7.3)",
                "{} hat keine Mauerziegel mehr: die Wache wählen, die einen Mauerziegel verliert "
                "(WP 7.3)",
                field_name(t.a)));
      break;
    case tStock:
      d.kind = "stock";
      d.say(t.a ? Text{"H1: choose the tile that gains 1 mine, 1 shell or 2 bricks (WP 8)",
                       "H1: das Aktionsplättchen wählen, das 1 Mine, 1 Mörsergranate oder 2 "
                       "Mauerziegel erhält (WP 8)"}
                : Text{"L1: choose the tile that loses 1 mine, 1 shell or 2 bricks (WP 8)",
                       "L1: das Aktionsplättchen wählen, das 1 Mine, 1 Mörsergranate oder 2 "
                       "Mauerziegel verliert (WP 8)"});
      break;
    case tGive:
      d.kind = "give";
      d.say(t.a == kMarkAmmoLoss
                ? Text{"L3: choose who loses one more ammo (WP 8)",
                       "L3: wählen, wer noch 1 Munition verliert (WP 8)"}
                : Text{"choose who receives one of the remaining items (WP 8, WP 10)",
                       "wählen, wer einen der übrigen Marker erhält (WP 8, WP 10)"});
      break;
    case tReinforce:
      d.kind = "reinforce";
      d.say(say("wall reinforcement: choose a damaged field for the next brick ({} left) (WP 10)",
                "Mauerbefestigung: ein beschädigtes Feld für den nächsten Mauerziegel wählen "
                "(noch {}) (WP 10)",
                int(t.a)));
      break;
    default:
      d.kind = "?";
      d.say({"?", "?"});
  }
  return d;
}

void WpState::legal_player(ActionList& out) const {
  const Data& d = wp().data();
  const size_t p = static_cast<size_t>(player_);
  const int nof = wp().num_officers();
  // Moves (WP 7.1).
  for (int o = 0; o < nof; ++o) {
    if (!officer_of_active(o)) continue;
    bool extra = false;
    if (!move_budget_left(officer_slot(o), &extra)) continue;
    const int at = officer_at_[static_cast<size_t>(o)];
    for (int n : d.neighbours[static_cast<size_t>(at)]) {
      if (burned_ >= 0 && d.passage_index(at, n) == burned_) continue;
      out.push_back(Action(kVMove, {o, n}));
    }
  }
  const bool can_act =
      actions_ == 0 || (actions_ == 1 && extra_action_[p] > 0 && !extra_action_now_);
  if (can_act) {
    // Attack from an FDF (WP 7.1).
    for (int l = 0; l < kLanes; ++l) {
      if (lane_card_[static_cast<size_t>(l)] < 0) continue;
      std::vector<int> here;
      bool mine = false;
      for (int o = 0; o < nof; ++o)
        if (officer_at_[static_cast<size_t>(o)] == l) {
          here.push_back(o);
          mine = mine || officer_of_active(o);
        }
      if (!mine) continue;
      for (int m = 1; m < 16; ++m) {
        bool ok = true;
        std::array<int, kMaxPlayers> need{};
        for (int o = 0; o < kMaxOfficers; ++o) {
          if (!(m & (1 << o))) continue;
          if (std::find(here.begin(), here.end(), o) == here.end()) {
            ok = false;
            break;
          }
          need[static_cast<size_t>(wp().owner(o))]++;
        }
        for (int q = 0; ok && q < kMaxPlayers; ++q)
          ok = need[static_cast<size_t>(q)] <= ammo_[static_cast<size_t>(q)];
        if (ok) out.push_back(Action(kVFire, {l, m}));
      }
    }
    // Tile actions (WP 7.2): an officer of the active player stands on the tile.
    for (int s = 0; s < kTiles; ++s) {
      const int field = kFdfs + s;
      bool here = false;
      for (int o = 0; o < nof; ++o)
        here = here || (officer_of_active(o) && officer_at_[static_cast<size_t>(o)] == field);
      if (!here) continue;
      switch (static_cast<TileKind>(tile_at_[static_cast<size_t>(s)])) {
        case TileKind::kMorale:
          out.push_back(Action(kVMorale, {}));
          break;
        case TileKind::kMortar:
          if (shells_ > 0)
            for (int l = 0; l < kLanes; ++l)
              if (lane_card_[static_cast<size_t>(l)] >= 0) out.push_back(Action(kVMortar, {l}));
          break;
        case TileKind::kMines:
          if (mines_ > 0)
            for (int l = 0; l < kLanes; ++l)
              if (lane_card_[static_cast<size_t>(l)] < 0 && !mine_[static_cast<size_t>(l)])
                out.push_back(Action(kVMine, {l}));
          break;
        case TileKind::kRebuild:
          if (rebuild_ > 0)
            for (int f = 0; f < kFields; ++f)
              if (bricks_[static_cast<size_t>(f)] < d.max_bricks)
                out.push_back(Action(kVRebuild, {f}));
          break;
        case TileKind::kAmmo:
          if (supply_ammo_ > 0) out.push_back(Action(kVAmmo, {}));
          break;
        case TileKind::kPushBack: {
          int lanes = 0;
          for (int l = 0; l < kLanes; ++l) {
            const int c = lane_card_[static_cast<size_t>(l)];
            if (c >= 0 && card(c).kind == CardKind::kMg && lane_space_[static_cast<size_t>(l)] > 0)
              lanes |= 1 << l;
          }
          const int cap = wp().tile_value(TileKind::kPushBack);
          for (int m = 1; m < 32; ++m)
            if ((m & lanes) == m && popcount(m) <= cap) out.push_back(Action(kVPush, {m}));
          break;
        }
      }
    }
  }
  out.push_back(Action(kVEnd, {}));
}

void WpState::legal_actions(ActionList& out) const {
  out.clear();
  if (outcome_ != 0 || tasks_.empty()) return;
  const Task& t = tasks_.back();
  switch (t.type) {
    case tSetupTile:
    case tDraw:
    case tEventDraw:
      for (const auto& o : chance_outcomes()) out.push_back(o.action);
      return;
    case tPlace:
      for (int f = 0; f < kFdfs; ++f) out.push_back(Action(kVPlace, {t.a, f}));
      return;
    case tPlayer:
      legal_player(out);
      return;
    case tOverflow:
      for (int f : wp().data().overflow[static_cast<size_t>(t.a)])
        if (bricks_[static_cast<size_t>(f)] > 0) out.push_back(Action(kVOverflow, {f}));
      return;
    case tStock:
      for (int k : stock_options(t.a == 1)) out.push_back(Action(kVStock, {k}));
      return;
    case tGive:
      for (int p : give_candidates()) out.push_back(Action(kVGive, {p}));
      return;
    case tReinforce:
      for (int f : reinforce_options()) out.push_back(Action(kVReinforce, {f}));
      return;
    default:
      return;
  }
}

std::vector<ChanceOutcome> WpState::chance_outcomes() const {
  std::vector<ChanceOutcome> out;
  if (outcome_ != 0 || tasks_.empty()) return out;
  const Task& t = tasks_.back();
  if (t.type == tSetupTile) {
    std::vector<int> left;
    for (int k = 0; k < kNumTileKinds; ++k)
      if (std::find(tile_at_.begin(), tile_at_.end(), k) == tile_at_.end()) left.push_back(k);
    for (int k : left)
      out.push_back({Action(kVTile, {t.a, k}), 1.0 / static_cast<double>(left.size())});
  } else if (t.type == tDraw) {
    // Phase-1 cards lie above phase-2 cards (WP 5 step 10); cards sent under lie at the bottom.
    for (int phase = 1; phase <= 2 && out.empty(); ++phase) {
      std::vector<int> left;
      for (size_t c = 0; c < card_loc_.size(); ++c)
        if (card_loc_[c] == kInDeck && wp().data().cards[c].phase == phase)
          left.push_back(static_cast<int>(c));
      for (int c : left)
        out.push_back({Action(kVDraw, {c}), 1.0 / static_cast<double>(left.size())});
    }
    if (out.empty() && !under_.empty()) out.push_back({Action(kVDraw, {under_.front()}), 1.0});
  } else if (t.type == tEventDraw) {
    // WP 3 / WP 5 step 11: the level's pile holds pos_left positive and neg_left negative cards.
    const double total = pos_left_ + neg_left_;
    for (int sign = 1; sign >= 0; --sign) {
      const int left = sign ? pos_left_ : neg_left_;
      if (left == 0) continue;
      std::vector<int> cards;
      for (size_t e = 0; e < event_used_.size(); ++e)
        if (!event_used_[e] && wp().data().events[e].positive == (sign == 1))
          cards.push_back(static_cast<int>(e));
      for (int e : cards)
        out.push_back({Action(kVEvent, {e}), left / total / static_cast<double>(cards.size())});
    }
  }
  return out;
}

Action WpState::sample_chance(Rng& rng) const {
  auto o = chance_outcomes();
  if (tasks_.back().type == tEventDraw) return State::sample_chance(rng);
  return o[rng.below(static_cast<uint32_t>(o.size()))].action;  // uniform outcomes
}

Text WpState::why_player(const Action& a) const {
  const Data& d = wp().data();
  const size_t p = static_cast<size_t>(player_);
  const bool can_act =
      actions_ == 0 || (actions_ == 1 && extra_action_[p] > 0 && !extra_action_now_);
  auto on_tile = [&](TileKind k) -> Text {
    const int f = field_of_tile(k);
    for (int o = 0; o < wp().num_officers(); ++o)
      if (officer_of_active(o) && officer_at_[static_cast<size_t>(o)] == f) return {};
    return say("WP 7.1: no officer of {0} stands on the {1} tile ({3})",
               "WP 7.1: kein Offizier von {4} steht auf dem Aktionsplättchen „{2}“ ({3})",
               wp().side_name(player_).en, tile_title(k).en, tile_title(k).de, field_name(f),
               wp().side_name(player_).de);
  };
  auto act = [&]() -> Text {
    if (can_act) return {};
    return actions_ >= 2
               ? Text{"WP 7.1: at most two actions even with an extra-action marker",
                      "WP 7.1: höchstens zwei Aktionen, auch mit einem Marker „Zusatz-Aktion“"}
               : Text{
                     "WP 7.1: a player performs one action per turn (an extra-action marker "
                     "allows a second)",
                     "WP 7.1: ein Spieler führt eine Aktion pro Runde aus (ein Marker "
                     "„Zusatz-Aktion“ erlaubt eine zweite)"};
  };
  switch (a.verb) {
    case kVMove: {
      const int o = a.arg(0), f = a.arg(1);
      if (o >= wp().num_officers())
        return {"WP 7.1: no such officer", "WP 7.1: diesen Offizier gibt es nicht"};
      if (!officer_of_active(o))
        return say("WP 7.1: {} belongs to another player",
                   "WP 7.1: {} gehört einem anderen Spieler", oname(o));
      if (f >= kFields) return {"WP 7.1: no such field", "WP 7.1: dieses Feld gibt es nicht"};
      const int at = officer_at_[static_cast<size_t>(o)];
      const int pi = d.passage_index(at, f);
      if (pi < 0)
        return say("WP 7.1: {0} is not adjacent to {1} along a path",
                   "WP 7.1: kein Weg verbindet {1} direkt mit {0}", field_name(f), field_name(at));
      if (pi == burned_)
        return say("WP 10: the path {}-{} is burned", "WP 10: der Durchgang {}-{} ist verbrannt",
                   field_name(at), field_name(f));
      bool extra = false;
      if (!move_budget_left(officer_slot(o), &extra))
        return restricted_now_
                   ? Text{"WP 8: a restricted-movement marker leaves one move less this turn",
                          "WP 8: ein Marker „eingeschränkte Bewegung“ lässt in dieser Runde eine "
                          "Bewegung weniger"}
                   : Text{
                         "WP 7.1: no moves left this turn (2 per turn, 3 with an "
                         "extra-movement marker)",
                         "WP 7.1: keine Bewegung mehr in dieser Runde (2 pro Runde, 3 mit einem "
                         "Marker „Zusatz-Bewegung“)"};
      return {};
    }
    case kVFire: {
      const int l = a.arg(0);
      if (l >= kLanes)
        return {"WP 7.1: no such lane", "WP 7.1: diese Angriffsleiste gibt es nicht"};
      if (auto r = act(); !r.en.empty()) return r;
      if (lane_card_[static_cast<size_t>(l)] < 0)
        return say("WP 7.1: there is no troop on lane {}",
                   "WP 7.1: auf Leiste {} steht keine Truppe", lane_name(l));
      bool mine = false;
      for (int o = 0; o < wp().num_officers(); ++o)
        mine = mine || (officer_of_active(o) && officer_at_[static_cast<size_t>(o)] == l);
      if (!mine)
        return say("WP 7.1: attacking needs an officer of {0} on field {1}",
                   "WP 7.1: ein Angriff braucht einen Offizier von {2} auf dem Abwehrfeld {1}",
                   wp().side_name(player_).en, field_name(l), wp().side_name(player_).de);
      for (int o = 0; o < kMaxOfficers; ++o)
        if ((a.arg(1) & (1 << o)) &&
            (o >= wp().num_officers() || officer_at_[static_cast<size_t>(o)] != l))
          return say("WP 7.1: only officers on {} join the attack",
                     "WP 7.1: nur Offiziere auf {} greifen mit an", field_name(l));
      return {"WP 7.1: each firing officer's owner spends 1 own ammo (not enough ammo)",
              "WP 7.1: der Spieler jedes schießenden Offiziers verwendet 1 eigene Munition (nicht "
              "genug Munition)"};
    }
    case kVMorale:
      if (auto r = act(); !r.en.empty()) return r;
      return on_tile(TileKind::kMorale);
    case kVMortar:
      if (auto r = act(); !r.en.empty()) return r;
      if (auto r = on_tile(TileKind::kMortar); !r.en.empty()) return r;
      if (shells_ == 0)
        return {"WP 7.2 B: the mortar tile has no shells",
                "WP 7.2 B: auf dem Aktionsplättchen „Mörser“ liegt keine Mörsergranate"};
      return {"WP 7.2 B: the mortar needs a troop on the lane",
              "WP 7.2 B: der Mörser braucht eine Truppe auf der Angriffsleiste"};
    case kVMine:
      if (auto r = act(); !r.en.empty()) return r;
      if (auto r = on_tile(TileKind::kMines); !r.en.empty()) return r;
      if (mines_ == 0)
        return {"WP 7.2 C: the mines tile has no mines",
                "WP 7.2 C: auf dem Aktionsplättchen „Minen“ liegt keine Mine"};
      return {"WP 7.2 C: a mine goes only on a lane without an attack card (and without a mine)",
              "WP 7.2 C: eine Mine kommt nur auf eine Angriffsleiste ohne Angriffskarte (und ohne "
              "Mine)"};
    case kVRebuild:
      if (auto r = act(); !r.en.empty()) return r;
      if (auto r = on_tile(TileKind::kRebuild); !r.en.empty()) return r;
      if (rebuild_ == 0)
        return {"WP 7.2 D: the rebuild tile has no bricks",
                "WP 7.2 D: auf dem Aktionsplättchen „Wiederaufbau der Mauer“ liegen keine "
                "Mauerziegel"};
      if (damaged_fields() == 0)
        return {"WP 7.2 D: no wall has lost bricks",
                "WP 7.2 D: keine Mauer hat Mauerziegel verloren"};
      return {"WP 7.2 D: the chosen field is not damaged (6 bricks is the maximum)",
              "WP 7.2 D: das gewählte Feld ist nicht beschädigt (höchstens 6 Mauerziegel)"};
    case kVAmmo:
      if (auto r = act(); !r.en.empty()) return r;
      if (auto r = on_tile(TileKind::kAmmo); !r.en.empty()) return r;
      return {"WP 7.2 E: the general ammo supply is empty",
              "WP 7.2 E: der Munitionsvorrat neben dem Spielplan ist leer"};
    case kVPush:
      if (auto r = act(); !r.en.empty()) return r;
      if (auto r = on_tile(TileKind::kPushBack); !r.en.empty()) return r;
      return say(
          "WP 7.2 F: choose up to {} MG detachments beyond space I (W15: howitzer batteries "
          "cannot be pushed)",
          "WP 7.2 F: bis zu {} MG-Abteilungen jenseits von Feld I wählen (W15: "
          "Geschützbatterien lassen sich nicht zurückdrängen)",
          wp().tile_value(TileKind::kPushBack));
    default: {
      const Decision now = decision();
      return say("WP 7.1: not a phase-1 action ({})",
                 "WP 7.1: keine Aktion der Phase Aktion / Bewegung ({1})", now.prompt,
                 now.prompt_de);
    }
  }
}

Text WpState::why_illegal_text(const Action& action) const {
  if (is_terminal()) return {"the game is over", "das Spiel ist vorbei"};
  ActionList legal;
  legal_actions(legal);
  if (std::find(legal.begin(), legal.end(), action) != legal.end()) return {};
  if (tasks_.back().type == tPlayer) {
    Text r = why_player(action);
    if (!r.en.empty()) return r;
  }
  const Decision d = decision();
  return say("not a legal action now ({})", "jetzt nicht erlaubt ({1})", d.prompt, d.prompt_de);
}

bool WpState::reveals_information(const Action& action) const {
  return action.verb == kVDraw || action.verb == kVEvent || action.verb == kVTile;
}

void WpState::apply(const Action& a, EventList* ev) {
  ++moves_;
  const Task t = tasks_.back();
  const size_t p = static_cast<size_t>(player_);
  switch (a.verb) {
    case kVTile:
      tasks_.pop_back();
      tile_at_[static_cast<size_t>(a.arg(0))] = static_cast<int8_t>(a.arg(1));
      log(ev, "WP 5",
          say("the {0} tile lies on {2} ({3} side up)",
              "das Aktionsplättchen „{1}“ liegt auf {2} ({4} Seite oben)",
              tile_title(static_cast<TileKind>(a.arg(1))).en,
              tile_title(static_cast<TileKind>(a.arg(1))).de, field_name(kFdfs + a.arg(0)),
              wp().side() ? "red" : "green", wp().side() ? "rote" : "grüne"));
      break;
    case kVPlace:
      tasks_.pop_back();
      officer_at_[static_cast<size_t>(a.arg(0))] = static_cast<int8_t>(a.arg(1));
      log(ev, "WP 5",
          say("officer {} takes position on {}", "Offizier {} bezieht Stellung auf {}",
              oname(a.arg(0)), field_name(a.arg(1))),
          wp().owner(a.arg(0)));
      break;
    case kVDraw:
      tasks_.pop_back();
      resolve_card(a.arg(0), t.a, ev);
      break;
    case kVEvent:
      tasks_.pop_back();
      resolve_event(a.arg(0), ev);
      break;
    case kVMove: {
      const int o = a.arg(0);
      bool extra = false;
      move_budget_left(officer_slot(o), &extra);
      if (extra) {
        extra_move_[p]--;
        extra_move_now_ = 1;
      }
      moved_[static_cast<size_t>(officer_slot(o))]++;
      log(ev, "WP 7.1",
          say("{0} moves from {1} to {2}{3}", "{0} geht von {1} nach {2}{4}", oname(o),
              field_name(officer_at_[static_cast<size_t>(o)]), field_name(a.arg(1)),
              extra ? " (extra-movement marker)" : "", extra ? " (Marker „Zusatz-Bewegung“)" : ""),
          player_);
      officer_at_[static_cast<size_t>(o)] = static_cast<int8_t>(a.arg(1));
      break;
    }
    case kVEnd:
      tasks_.pop_back();
      log(ev, "WP 7.3",
          say("{0} ends the move-and-action phase", "{1} beendet die Phase Aktion / Bewegung",
              wp().side_name(player_).en, wp().side_name(player_).de),
          player_);
      // Phases 2-4 and the day-end check (WP 7.3-7.5, WP 6).
      push(tEndTurn);
      push(tDraw, kDrawNormal);
      push(tFire, 31);
      break;
    case kVOverflow:
      tasks_.pop_back();
      remove_brick(a.arg(0), ev, "WP 7.3");
      if (t.b - 1 > 0 && outcome_ == 0) push(tHit, t.a, t.b - 1);
      break;
    case kVStock:
      tasks_.pop_back();
      apply_stock(a.arg(0), t.a == 1, ev);
      break;
    case kVGive:
      tasks_.pop_back();
      give_one(t.a, a.arg(0), ev);
      if (t.b - 1 > 0) push(tGive, t.a, t.b - 1);
      break;
    case kVReinforce:
      tasks_.pop_back();
      reinforce_one(a.arg(0), t.a, t.b, ev);
      break;
    default: {
      // Phase-1 actions (WP 7.1, 7.2).
      if (actions_ >= 1) {
        extra_action_[p]--;
        extra_action_now_ = 1;
        log(ev, "WP 8",
            say("{0} uses an extra-action marker", "{1} verwendet einen Marker „Zusatz-Aktion“",
                wp().side_name(player_).en, wp().side_name(player_).de),
            player_);
      }
      actions_++;
      switch (a.verb) {
        case kVFire: {
          const int l = a.arg(0), m = a.arg(1);
          for (int o = 0; o < kMaxOfficers; ++o)
            if (m & (1 << o)) {
              ammo_[static_cast<size_t>(wp().owner(o))]--;
              supply_ammo_++;  // WP 7.2 E: spent ammo returns to the general supply
            }
          std::string who, wer;  // "o1 (Defender 1), o2 (Defender 2)"
          if (ev)
            for (int o = 0; o < kMaxOfficers; ++o)
              if (m & (1 << o)) {
                const Text side = wp().side_name(wp().owner(o));
                who += (who.empty() ? "" : ", ") + oname(o) + " (" + side.en + ")";
                wer += (wer.empty() ? "" : ", ") + oname(o) + " (" + side.de + ")";
              }
          log(ev, "WP 7.1",
              say("attack from {0}: {1} spend 1 ammo each",
                  "Angriff aus dem Abwehrfeld {0}: {2} verwenden je 1 Munition", field_name(l), who,
                  wer),
              player_);
          damage_troop(l, popcount(m), ev, "WP 7.1");
          break;
        }
        case kVMorale:
          morale_raise(ev, "WP 7.2 A");
          break;
        case kVMortar:
          shells_--;
          log(ev, "WP 7.2 B",
              say("the mortar fires at lane {} (shell spent)",
                  "der Mörser schießt auf Leiste {} (eine Mörsergranate verbraucht)",
                  lane_name(a.arg(0))),
              player_);
          damage_troop(a.arg(0), 2, ev, "WP 7.2 B");
          break;
        case kVMine:
          mines_--;
          mine_[static_cast<size_t>(a.arg(0))] = 1;
          log(ev, "WP 7.2 C",
              say("a mine is laid on lane {}", "eine Mine wird auf Leiste {} gelegt",
                  lane_name(a.arg(0))),
              player_);
          break;
        case kVRebuild: {
          const size_t f = static_cast<size_t>(a.arg(0));
          const int take = std::min<int>(2, rebuild_);
          rebuild_ = static_cast<int8_t>(rebuild_ - take);
          int placed = 0;
          for (int i = 0; i < take; ++i) {
            if (bricks_[f] < wp().data().max_bricks) {
              bricks_[f]++;
              ++placed;
            } else {
              surplus_++;  // WP 7.2 D: to the surplus pile
            }
          }
          log(ev, "WP 7.2 D",
              say("{0} brick(s) rebuilt on {1}{2}", "{0} Mauerziegel auf {1} wieder aufgebaut{3}",
                  placed, field_name(a.arg(0)), placed < take ? ", 1 to the surplus pile" : "",
                  placed < take ? ", 1 auf den zusätzlichen Vorrat" : ""),
              player_);
          break;
        }
        case kVAmmo: {
          const int n = std::min<int>(wp().tile_value(TileKind::kAmmo), supply_ammo_);
          supply_ammo_ = static_cast<int8_t>(supply_ammo_ - n);
          ammo_[p] = static_cast<int8_t>(ammo_[p] + n);
          log(ev, "WP 7.2 E",
              say("{0} takes {1} ammo ({2})", "{3} erhält {1} Munition ({2})",
                  wp().side_name(player_).en, n, int(ammo_[p]), wp().side_name(player_).de),
              player_);
          break;
        }
        case kVPush:
          for (int l = 0; l < kLanes; ++l)
            if (a.arg(0) & (1 << l)) {
              auto& s = lane_space_[static_cast<size_t>(l)];
              s = static_cast<int8_t>(std::max(0, s - 2));
              log(ev, "WP 7.2 F",
                  say("the troop on lane {} is pushed back 2 spaces",
                      "die Truppe auf Leiste {} wird um zwei Felder zurückgezogen", lane_name(l)),
                  player_);
            }
          break;
        default:
          break;
      }
    }
  }
  run(ev);
}

Result WpState::result() const {
  Result r;
  const int n = wp().rules().players;
  r.returns.assign(static_cast<size_t>(n), outcome_ > 0 ? 1.0 : -1.0);
  r.summary = outcome_ > 0 ? "defenders win" : "defenders lose";
  r.say_reason(outcome_ > 0
                   ? Text{"the Westerplatte held until the end of day 7 (WP 11)",
                          "die Westerplatte hielt bis zum Ende des siebten Tages (WP 11)"}
                   : say("two guard posts lost all their bricks on day {} (WP 11)",
                         "zwei Wachen verloren am Tag {} alle Mauerziegel (WP 11)", int(day_)));
  r.headline = outcome_ > 0 ? Text{"The defenders win.", "Die Verteidiger gewinnen."}
                            : Text{"The defenders lose.", "Die Verteidiger verlieren."};
  return r;
}

// ---- text form ----

std::string WpState::describe(const Action& a) const {
  auto mask_text = [](int m, bool officers) {
    std::string s;
    for (int i = 0; i < 5; ++i)
      if (m & (1 << i)) s += (s.empty() ? "" : "+") + (officers ? oname(i) : lane_name(i));
    return s;
  };
  switch (a.verb) {
    case kVMove:
      return "move " + oname(a.arg(0)) + " " + field_name(a.arg(1));
    case kVPlace:
      return "place " + oname(a.arg(0)) + " " + field_name(a.arg(1));
    case kVFire:
      return "fire " + lane_name(a.arg(0)) + " " + mask_text(a.arg(1), true);
    case kVMorale:
      return "morale";
    case kVMortar:
      return "mortar " + lane_name(a.arg(0));
    case kVMine:
      return "mine " + lane_name(a.arg(0));
    case kVRebuild:
      return "rebuild " + field_name(a.arg(0));
    case kVAmmo:
      return "ammo";
    case kVPush:
      return "push " + mask_text(a.arg(0), false);
    case kVEnd:
      return "end";
    case kVOverflow:
      return "overflow " + field_name(a.arg(0));
    case kVStock:
      return std::string("stock ") + tile_name(static_cast<TileKind>(a.arg(0)));
    case kVGive:
      return "give p" + std::to_string(a.arg(0) + 1);  // the seat id, as typed
    case kVReinforce:
      return "reinforce " + field_name(a.arg(0));
    case kVTile:
      return "tile " + field_name(kFdfs + a.arg(0)) + " " +
             tile_name(static_cast<TileKind>(a.arg(1)));
    case kVDraw:
      return "draw " + card(a.arg(0)).id;
    case kVEvent:
      return "event " + wp().data().events[static_cast<size_t>(a.arg(0))].id;
  }
  return "?";
}

bool WpState::parse_text(std::string_view text, Action& out, Text& error) const {
  error = {};  // the readers below say why only where none has yet
  std::istringstream in{std::string(text)};
  std::vector<std::string> w;
  for (std::string s; in >> s;) w.push_back(s);
  if (w.empty()) {
    error = {"empty action", "leere Aktion"};
    return false;
  }
  auto field = [&](const std::string& s, int& f) {
    f = field_from_name(s);
    if (f < 0)
      error = say("unknown field '{}' (A-E, T1-T6)", "unbekanntes Feld '{}' (A-E, T1-T6)", s);
    return f >= 0;
  };
  auto lane = [&](const std::string& s, int& l) {
    l = (s.size() == 1 && s[0] >= 'A' && s[0] <= 'E') ? s[0] - 'A' : -1;
    if (l < 0) error = say("unknown lane '{}' (A-E)", "unbekannte Angriffsleiste '{}' (A-E)", s);
    return l >= 0;
  };
  auto officer = [&](const std::string& s, int& o) {
    o = (s.size() == 2 && s[0] == 'o' && s[1] >= '1' && s[1] <= '4') ? s[1] - '1' : -1;
    if (o < 0) error = say("unknown officer '{}' (o1-o4)", "unbekannter Offizier '{}' (o1-o4)", s);
    return o >= 0;
  };
  auto mask = [&](const std::string& s, bool officers, int& m) {
    m = 0;
    std::stringstream ss(s);
    for (std::string part; std::getline(ss, part, '+');) {
      int i = 0;
      if (!(officers ? officer(part, i) : lane(part, i))) return false;
      m |= 1 << i;
    }
    return m != 0;
  };
  auto tile = [&](const std::string& s, int& k) {
    for (k = 0; k < kNumTileKinds; ++k)
      if (s == tile_name(static_cast<TileKind>(k))) return true;
    error = say("unknown tile '{}'", "unbekanntes Aktionsplättchen '{}'", s);
    return false;
  };
  const std::string& v = w[0];
  const size_t n = w.size();
  int x = 0, y = 0;
  if (v == "end" && n == 1) return out = Action(kVEnd, {}), true;
  if (v == "morale" && n == 1) return out = Action(kVMorale, {}), true;
  if (v == "ammo" && n == 1) return out = Action(kVAmmo, {}), true;
  if ((v == "move" || v == "place") && n == 3 && officer(w[1], x) && field(w[2], y))
    return out = Action(v == "move" ? kVMove : kVPlace, {x, y}), true;
  if (v == "fire" && n == 3 && lane(w[1], x) && mask(w[2], true, y))
    return out = Action(kVFire, {x, y}), true;
  if (v == "mortar" && n == 2 && lane(w[1], x)) return out = Action(kVMortar, {x}), true;
  if (v == "mine" && n == 2 && lane(w[1], x)) return out = Action(kVMine, {x}), true;
  if (v == "rebuild" && n == 2 && field(w[1], x)) return out = Action(kVRebuild, {x}), true;
  if (v == "push" && n == 2 && mask(w[1], false, x)) return out = Action(kVPush, {x}), true;
  if (v == "overflow" && n == 2 && field(w[1], x)) return out = Action(kVOverflow, {x}), true;
  if (v == "reinforce" && n == 2 && field(w[1], x)) return out = Action(kVReinforce, {x}), true;
  if (v == "stock" && n == 2 && tile(w[1], x)) return out = Action(kVStock, {x}), true;
  if (v == "give" && n == 2) {
    if (w[1].size() == 2 && w[1][0] == 'p' && w[1][1] >= '1' && w[1][1] <= '4')
      return out = Action(kVGive, {w[1][1] - '1'}), true;
    error = say("unknown player '{}' (p1-p4)", "unbekannter Spieler '{}' (p1-p4)", w[1]);
    return false;
  }
  if (v == "tile" && n == 3 && field(w[1], x) && tile(w[2], y)) {
    if (x < kFdfs) {
      error = {"tiles lie on T1-T6", "Aktionsplättchen liegen auf T1-T6"};
      return false;
    }
    return out = Action(kVTile, {x - kFdfs, y}), true;
  }
  if (v == "draw" && n == 2) {
    for (size_t c = 0; c < wp().data().cards.size(); ++c)
      if (wp().data().cards[c].id == w[1]) return out = Action(kVDraw, {static_cast<int>(c)}), true;
    error = say("unknown attack card '{}'", "unbekannte Angriffskarte '{}'", w[1]);
    return false;
  }
  if (v == "event" && n == 2) {
    for (size_t e = 0; e < wp().data().events.size(); ++e)
      if (wp().data().events[e].id == w[1])
        return out = Action(kVEvent, {static_cast<int>(e)}), true;
    error = say("unknown event card '{}'", "unbekannte Ereigniskarte '{}'", w[1]);
    return false;
  }
  if (error.en.empty()) error = verb_mismatch(wp().verbs(), text).value_or(Text{});
  if (error.en.empty())  // a verb with its count of words that still reads as no action
    error =
        say("unknown action '{}' (move oN F, fire L oN[+oM], morale, mortar L, mine L, "
            "rebuild F, ammo, push L[+M], end, overflow T, stock K, give pN, reinforce F)",
            "unbekannte Aktion '{}' (move oN F, fire L oN[+oM], morale, mortar L, mine L, "
            "rebuild F, ammo, push L[+M], end, overflow T, stock K, give pN, reinforce F)",
            text);
  return false;
}

}  // namespace feldherr::westerplatte
