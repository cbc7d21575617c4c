// 7 Tage der Westerplatte: the rules procedure (WP 5-11). The state keeps a stack of pending
// steps (tasks_); run() executes automatic steps until a seat or Chance owes a decision.
#include <algorithm>
#include <numeric>

#include "games/westerplatte/tasks.h"
#include "games/westerplatte/westerplatte.h"

namespace feldherr::westerplatte {

namespace {
Text card_text(const AttackCard& c) {
  switch (c.kind) {
    case CardKind::kMg:
      return say("{0} (MG lane {1}, endurance {2}, speed {3}, power {4})",
                 "{0} (MG-Abteilung, Leiste {1}, Ausdauer {2}, Schnelligkeit {3}, "
                 "Angriffskraft {4})",
                 c.id, lane_name(c.lane), c.endurance, c.speed, c.power);
    case CardKind::kHowitzer:
      return say("{0} (howitzer battery lane {1}, endurance {2})",
                 "{0} (Geschützbatterie, Leiste {1}, Ausdauer {2})", c.id, lane_name(c.lane),
                 c.endurance);
    case CardKind::kAirRaid:
      return say("{0} (air raid on {1})", "{0} (Luftangriff auf {1})", c.id, field_name(c.target));
    case CardKind::kMoraleLoss:
      return say("{} (morale loss)", "{} (Moralverlust)", c.id);
  }
  return {c.id, c.id};
}
}  // namespace

WpGame::WpGame(std::shared_ptr<const Data> data, Rules rules, std::string scenario, Options options)
    : data_(std::move(data)),
      rules_(rules),
      scenario_(std::move(scenario)),
      options_(std::move(options)) {
  for (int p = 0; p < rules_.players; ++p) seats_.push_back("p" + std::to_string(p + 1));
}

std::unique_ptr<State> WpGame::new_initial_state() const {
  auto s = std::make_unique<WpState>(*this);
  s->run();
  return s;
}

// WP 5: setup.
WpState::WpState(const WpGame& game) : game_(&game) {
  const Data& d = game.data();
  bricks_.fill(static_cast<int8_t>(d.bricks_at_setup));  // WP 5 step 8
  tile_at_.fill(-1);
  // WP 5 step 4: stock the tiles to the level side's value.
  shells_ = static_cast<int8_t>(game.tile_value(TileKind::kMortar));
  mines_ = static_cast<int8_t>(game.tile_value(TileKind::kMines));
  rebuild_ = static_cast<int8_t>(game.tile_value(TileKind::kRebuild));
  // WP 5 step 5: 2 ammo per player (solo: 2, W18); the rest is the general supply.
  for (int p = 0; p < game.rules().players; ++p)
    ammo_[static_cast<size_t>(p)] = static_cast<int8_t>(d.start_ammo);
  supply_ammo_ = static_cast<int8_t>(d.ammo - d.start_ammo * game.rules().players);
  officer_at_.fill(-1);
  morale_ = static_cast<int8_t>(start_index());  // WP 5 step 7
  lane_card_.fill(-1);
  card_loc_.assign(d.cards.size(), kInDeck);  // WP 5 step 10
  event_used_.assign(d.events.size(), 0);
  const auto& lv = d.levels[static_cast<size_t>(game.rules().level)];
  pos_left_ = static_cast<int8_t>(lv.positive);  // WP 5 step 11, WP 3
  neg_left_ = static_cast<int8_t>(lv.negative);
  // The procedure, pushed in reverse: tiles (step 3), officers (step 9), opening cards (step 12),
  // then the first turn.
  push(tNextTurn, 0);
  const int n = game.rules().players;
  if (n <= 2) {
    push(tDraw, kDrawOpenPlace);
    push(tDraw, kDrawOpenPlace);
    push(tDraw, kDrawOpenDiscard);
  } else {
    for (int i = 0; i < 3; ++i) push(tDraw, kDrawOpenPlace);
  }
  for (int o = game.num_officers() - 1; o >= 0; --o) push(tPlace, o);
  for (int slot = kTiles - 1; slot >= 0; --slot) push(tSetupTile, slot);
}

int WpState::start_index() const {
  const auto& t = wp().track();
  return static_cast<int>(std::find(t.begin(), t.end(), kMoraleStart) - t.begin());
}

int WpState::tiles_destroyed() const {
  int n = 0;
  for (int f = kFdfs; f < kFields; ++f) n += bricks_[static_cast<size_t>(f)] == 0;
  return n;
}

int WpState::field_of_tile(TileKind k) const {
  for (int s = 0; s < kTiles; ++s)
    if (tile_at_[static_cast<size_t>(s)] == static_cast<int8_t>(k)) return kFdfs + s;
  return -1;
}

int WpState::deck_size() const {
  int n = 0;
  for (int8_t l : card_loc_) n += l == kInDeck || l == kUnder;
  return n;
}
int WpState::discarded() const {
  int n = 0;
  for (int d = 1; d <= 8; ++d) n += pile_[static_cast<size_t>(d)];
  return n;
}

int WpState::damaged_fields() const {
  int n = 0;
  for (int f = 0; f < kFields; ++f) n += bricks_[static_cast<size_t>(f)] < wp().data().max_bricks;
  return n;
}

void WpState::log(EventList* ev, const char* rule, Text text, int seat) const {
  if (ev) ev->push_back(Event::said(rule, std::move(text), seat));
}

void WpState::place_for_test(int lane, int c, int space, int damage) {
  lane_card_[static_cast<size_t>(lane)] = static_cast<int8_t>(c);
  lane_space_[static_cast<size_t>(lane)] = static_cast<int8_t>(space);
  lane_damage_[static_cast<size_t>(lane)] = static_cast<int8_t>(damage);
  card_loc_[static_cast<size_t>(c)] = static_cast<int8_t>(kOnLane + lane);
}

// WP 6 pile cap [REC]: a day pile takes at most 8 cards; further cards go to the next day's pile.
void WpState::discard(int c, EventList* ev) {
  int d = day_;
  while (d < 8 && pile_[static_cast<size_t>(d)] >= wp().data().cards_per_day) ++d;
  card_loc_[static_cast<size_t>(c)] = static_cast<int8_t>(d);
  pile_[static_cast<size_t>(d)]++;
  log(ev, "WP 6",
      say("{0} goes to the day-{1} pile ({2} card{4})",
          "{0} kommt auf den Abwurfstapel von Tag {1} ({2} Karte{3})", card(c).id, d,
          int(pile_[static_cast<size_t>(d)]), pile_[static_cast<size_t>(d)] == 1 ? "" : "n",
          pile_[static_cast<size_t>(d)] == 1 ? "" : "s"));
}

// WP 7.1 damage to troops; WP 7.2 B: excess damage is lost.
void WpState::damage_troop(int lane, int dmg, EventList* ev, const char* rule) {
  const size_t l = static_cast<size_t>(lane);
  const int c = lane_card_[l];
  const int total = lane_damage_[l] + dmg;
  if (total >= card(c).endurance) {
    const bool excess = total > card(c).endurance;
    log(ev, rule,
        say("the troop {0} on lane {1} takes {2} damage and is destroyed{3}",
            "die Truppe {0} auf Leiste {1} erleidet {2} Schaden und ist vernichtet{4}", card(c).id,
            lane_name(lane), dmg, excess ? " (excess damage is lost)" : "",
            excess ? " (überzähliger Schaden verfällt)" : ""));
    lane_card_[l] = -1;
    lane_space_[l] = 0;
    lane_damage_[l] = 0;
    discard(c, ev);
  } else {
    lane_damage_[l] = static_cast<int8_t>(total);
    log(ev, rule,
        say("the troop {0} on lane {1} takes {2} damage ({3} of {4})",
            "die Truppe {0} auf Leiste {1} erleidet {2} Schaden ({3} von {4})", card(c).id,
            lane_name(lane), dmg, total, card(c).endurance));
  }
}

void WpState::check_loss(EventList* ev) {
  // WP 11: the game is lost at once when two action tiles hold no bricks.
  if (outcome_ == 0 && tiles_destroyed() >= 2) {
    outcome_ = -1;
    tasks_.clear();
    log(ev, "WP 11",
        {"two guard posts have lost all their bricks: the defenders lose",
         "zwei Wachen haben alle Mauerziegel verloren: die Verteidiger verlieren"});
  }
}

void WpState::remove_brick(int field, EventList* ev, const char* rule) {
  bricks_[static_cast<size_t>(field)]--;
  log(ev, rule,
      say("{0} loses a brick ({1} left)", "{0} verliert einen Mauerziegel (noch {1})",
          field_name(field), int(bricks_[static_cast<size_t>(field)])));
  check_loss(ev);
}

// WP 8: the morale marker moves down one space; entering a low level triggers its effect.
void WpState::morale_change(int delta, EventList* ev, const char* rule) {
  (void)delta;
  if (morale_ > 0) morale_--;
  const int code = level_code();
  const bool low = code == kMoraleL1 || code == kMoraleL2 || code == kMoraleL3;
  const std::string now = code == kMoraleL1   ? "L1"
                          : code == kMoraleL2 ? "L2"
                          : code == kMoraleL3 ? "L3"
                                              : "START";
  log(ev, rule,
      say("morale falls (now {0})", "die Moral sinkt (jetzt {1})",
          low || code == kMoraleStart ? now : "a high level",
          low || code == kMoraleStart ? now : "eine hohe Stufe"));
  if (code == kMoraleL1) {
    push(tStock, 0);  // lose 1 mine, 1 shell or 2 bricks
  } else if (code == kMoraleL2) {
    push(tDistribute, kMarkRestricted, wp().data().restricted);
  } else if (code == kMoraleL3) {
    // WP 8 L3: lose 5 ammo, then the marker returns to START.
    morale_ = static_cast<int8_t>(start_index());
    log(ev, "WP 8",
        {"L3: the players lose 5 ammo; the marker returns to START",
         "L3: die Spieler verlieren 5 Munition; der Moralmarker kehrt auf START zurück"});
    push(tDistribute, kMarkAmmoLoss, 5);
  }
}

// WP 7.2 A / WP 10 raise morale: one step up; from a low level straight to START.
void WpState::morale_raise(EventList* ev, const char* rule) {
  const int code = level_code();
  if (code == kMoraleL1 || code == kMoraleL2 || code == kMoraleL3) {
    morale_ = static_cast<int8_t>(start_index());
    log(ev, rule,
        {"morale rises from a low level straight to START (no effect)",
         "die Moral steigt von einer niedrigen Stufe direkt auf START (ohne Wirkung)"});
    return;
  }
  if (morale_ + 1 < static_cast<int>(wp().track().size())) morale_++;
  const int now = level_code();
  const std::string into = now == kMoraleH1   ? "H1"
                           : now == kMoraleH2 ? "H2"
                           : now == kMoraleH3 ? "H3"
                                              : "";
  log(ev, rule,
      into.empty() ? Text{"morale rises", "die Moral steigt"}
                   : say("morale rises into {}", "die Moral steigt auf {}", into));
  if (now == kMoraleH1) {
    push(tStock, 1);
  } else if (now == kMoraleH2) {
    push(tDistribute, kMarkExtraMove, wp().data().extra_move);
  } else if (now == kMoraleH3) {
    morale_ = static_cast<int8_t>(start_index());
    log(ev, "WP 8",
        {"H3: extra-action markers are handed out; the marker returns to START",
         "H3: Marker „Zusatz-Aktion“ werden verteilt; der Moralmarker kehrt auf START zurück"});
    push(tDistribute, kMarkExtraAction, wp().data().extra_action);
  }
}

void WpState::advance_lane(int lane, int spaces, EventList* ev) {
  const size_t l = static_cast<size_t>(lane);
  const int c = lane_card_[l];
  if (c < 0) return;
  if (card(c).kind == CardKind::kHowitzer) {
    log(ev, "WP 7.5",
        say("the howitzer battery on lane {} does not move",
            "die Geschützbatterie auf Leiste {} bewegt sich nie", lane_name(lane)));
    return;
  }
  const int n = spaces < 0 ? card(c).speed : spaces;
  const int to = std::min(wp().data().lane_spaces - 1, lane_space_[l] + n);
  if (to == lane_space_[l]) return;
  static const char* kRoman[] = {"I", "II", "III", "IV"};
  log(ev, "WP 7.5",
      say("the troop on lane {0} advances from {1} to {2}",
          "die Truppe auf Leiste {0} rückt von Feld {1} auf Feld {2} vor", lane_name(lane),
          kRoman[lane_space_[l]], kRoman[to]));
  lane_space_[l] = static_cast<int8_t>(to);
}

// WP 7.1: start of a player's turn; restricted-movement markers must be used at once, and an
// extra-movement marker held at the same time cancels with it [REC WP 7.1].
void WpState::start_turn(EventList* ev) {
  moved_.fill(0);
  actions_ = 0;
  restricted_now_ = extra_move_now_ = extra_action_now_ = 0;
  const size_t p = static_cast<size_t>(player_);
  if (restricted_[p] > 0) {
    restricted_[p]--;
    if (extra_move_[p] > 0) {
      extra_move_[p]--;
      log(ev, "WP 7.1",
          say("{0}'s restricted-movement and extra-movement markers cancel out",
              "die Marker „eingeschränkte Bewegung“ und „Zusatz-Bewegung“ von {1} heben sich auf",
              wp().side_name(player_).en, wp().side_name(player_).de),
          player_);
    } else {
      restricted_now_ = 1;
      log(ev, "WP 8",
          say("{0} uses a restricted-movement marker: one move less this turn",
              "{1} verwendet einen Marker „eingeschränkte Bewegung“: eine Bewegung weniger in "
              "dieser Runde",
              wp().side_name(player_).en, wp().side_name(player_).de),
          player_);
    }
  }
  push(tPlayer);
}

std::vector<int> WpState::stock_options(bool gain) const {
  std::vector<int> out;
  const TileKind kinds[] = {TileKind::kMines, TileKind::kMortar, TileKind::kRebuild};
  const int8_t* stocks[] = {&mines_, &shells_, &rebuild_};
  for (int i = 0; i < 3; ++i) {
    const int cap = wp().tile_value(kinds[i]);
    if (gain ? *stocks[i] < cap : *stocks[i] > 0) out.push_back(static_cast<int>(kinds[i]));
  }
  return out;
}

std::vector<int> WpState::give_candidates() const {
  const Task& t = tasks_.back();
  std::vector<int> out;
  for (int p = 0; p < wp().rules().players; ++p) {
    if (given_[static_cast<size_t>(p)]) continue;
    if (t.a == kMarkAmmoLoss && ammo_[static_cast<size_t>(p)] == 0) continue;
    out.push_back(p);
  }
  return out;
}

std::vector<int> WpState::reinforce_options() const {
  const Task& t = tasks_.back();
  std::vector<int> out;
  for (int f = 0; f < kFields; ++f) {
    if (bricks_[static_cast<size_t>(f)] >= wp().data().max_bricks) continue;
    if (!reinforced_[static_cast<size_t>(f)] && reinforce_fields_ >= t.b) continue;
    out.push_back(f);
  }
  return out;
}

// Whether the top task needs a decision (or chance) before it can run.
int WpState::current_seat() const {
  if (outcome_ != 0 || tasks_.empty()) return kNobody;
  const Task& t = tasks_.back();
  switch (t.type) {
    case tSetupTile:
    case tDraw:
    case tEventDraw:
      return kChance;
    case tPlace:
      return wp().owner(t.a);
    default:
      return player_;
  }
}

void WpState::run() {
  run(nullptr);
}

void WpState::run(EventList* ev) {
  while (outcome_ == 0 && !tasks_.empty()) {
    if (!step(ev)) return;
  }
}

// Runs the top task if it is automatic. Returns false when it needs a decision.
bool WpState::step(EventList* ev) {
  const Task t = tasks_.back();
  const Data& d = wp().data();
  switch (t.type) {
    case tSetupTile:
    case tPlace:
    case tPlayer:
    case tOverflow:
      return false;
    case tDraw:
      if (deck_size() == 0) {
        tasks_.pop_back();
        log(ev, "WP 7.4",
            {"the attack deck is empty: no card is drawn",
             "der Angriffskartenstapel ist leer: keine Karte wird gezogen"});
        return true;
      }
      return false;
    case tEventDraw:
      if (pos_left_ + neg_left_ == 0) {
        tasks_.pop_back();
        return true;
      }
      return false;
    case tStock: {
      auto opts = stock_options(t.a == 1);
      if (opts.size() >= 2) return false;
      tasks_.pop_back();
      if (opts.empty()) {
        log(ev, "WP 8",
            t.a ? Text{"H1: no action tile has a free slot",
                       "H1: kein Aktionsplättchen hat einen freien Platz"}
                : Text{"L1: the action tiles hold nothing to lose",
                       "L1: auf den Aktionsplättchen liegt nichts, was verloren gehen könnte"});
      } else {
        apply_stock(opts[0], t.a == 1, ev);
      }
      return true;
    }
    case tGive: {
      if (t.b <= 0) {
        tasks_.pop_back();
        return true;
      }
      auto c = give_candidates();
      if (c.size() >= 2) return false;
      tasks_.pop_back();
      if (c.size() == 1) {
        give_one(t.a, c[0], ev);
        if (t.b - 1 > 0) push(tGive, t.a, t.b - 1);
      }
      return true;
    }
    case tReinforce: {
      if (t.a <= 0) {
        tasks_.pop_back();
        return true;
      }
      auto o = reinforce_options();
      if (o.size() >= 2) return false;
      tasks_.pop_back();
      if (o.empty()) {
        log(ev, "WP 10",
            say("{} reinforcement brick(s) fit nowhere and go to the supply",
                "{} Mauerziegel der Mauerbefestigung passen nirgends hin und kommen in den Vorrat",
                int(t.a)));
      } else {
        reinforce_one(o[0], t.a, t.b, ev);
      }
      return true;
    }
    case tDistribute:
      tasks_.pop_back();
      distribute(t.a, t.b, ev);
      return true;
    case tHit: {
      tasks_.pop_back();
      hit(t.a, t.b, ev);
      return true;
    }
    case tFire:
      tasks_.pop_back();
      fire(t.a, ev);
      return true;
    case tAdvance:
      tasks_.pop_back();
      for (int l : {static_cast<int>(t.a), static_cast<int>(t.b)}) advance_lane(l, t.c, ev);
      return true;
    case tEndTurn: {
      tasks_.pop_back();
      // WP 6 (W4): the day ends when its pile holds 8 cards and the current turn has ended.
      if (pile_[static_cast<size_t>(day_)] >= d.cards_per_day) {
        if (day_ == d.days) {
          // WP 11: the 8th card lies on the day-7 pile and the turn ended without a loss.
          outcome_ = 1;
          tasks_.clear();
          log(ev, "WP 11",
              {"day 7 is over and the Westerplatte still holds: the defenders win",
               "der siebte Tag ist vorbei und die Westerplatte hält noch: die Verteidiger "
               "gewinnen"});
          return true;
        }
        push(tNextTurn, 1);
        push(tNewDay);
        push(tEventDraw);
        log(ev, "WP 6",
            say("day {} ends; an event card is drawn",
                "Tag {} endet; eine Ereigniskarte wird gezogen", int(day_)));
      } else {
        push(tNextTurn, 1);
      }
      return true;
    }
    case tNewDay: {
      tasks_.pop_back();
      if (day_ == 3) {
        // WP 6 end of day 3 (W9): refill the three stock tiles, top up each player's ammo to 2.
        shells_ = static_cast<int8_t>(wp().tile_value(TileKind::kMortar));
        mines_ = static_cast<int8_t>(wp().tile_value(TileKind::kMines));
        rebuild_ = static_cast<int8_t>(wp().tile_value(TileKind::kRebuild));
        for (int p = 0; p < wp().rules().players; ++p) {
          auto& a = ammo_[static_cast<size_t>(p)];
          const int add = std::min<int>(std::max(0, d.start_ammo - a), supply_ammo_);
          a = static_cast<int8_t>(a + add);
          supply_ammo_ = static_cast<int8_t>(supply_ammo_ - add);
        }
        log(ev, "WP 6",
            {"end of day 3: mortar, mines and rebuild tiles are refilled and every player's ammo "
             "is topped up to 2",
             "Ende des dritten Tages: Mörser, Minen und Wiederaufbau der Mauer werden aufgefüllt, "
             "die Munition jedes Spielers wird auf 2 ergänzt"});
      }
      day_++;
      log(ev, "WP 6", say("day {} begins", "Tag {} beginnt", int(day_)));
      return true;
    }
    case tNextTurn: {
      tasks_.pop_back();
      // t.a == 0 marks the first turn: p1 starts (WP 5 step 13); otherwise clockwise.
      if (t.a == 1) player_ = static_cast<int8_t>((player_ + 1) % wp().rules().players);
      start_turn(ev);
      return true;
    }
    default:
      tasks_.pop_back();
      return true;
  }
}

// ---- effects used by step() and apply() ----

void WpState::apply_stock(int kind, bool gain, EventList* ev) {
  const TileKind k = static_cast<TileKind>(kind);
  int8_t& s = k == TileKind::kMines ? mines_ : k == TileKind::kMortar ? shells_ : rebuild_;
  const int cap = wp().tile_value(k);
  const int n = k == TileKind::kRebuild ? 2 : 1;
  if (gain) {
    s = static_cast<int8_t>(std::min(cap, s + n));
    log(ev, "WP 8",
        say("H1: the {0} tile gains {2}", "H1: das Aktionsplättchen „{1}“ erhält {3}",
            tile_title(k).en, tile_title(k).de, n == 2 ? "2 bricks" : "1 piece",
            n == 2                  ? "2 Mauerziegel"
            : k == TileKind::kMines ? "1 Mine"
                                    : "1 Mörsergranate"));
  } else {
    s = static_cast<int8_t>(std::max(0, s - n));
    log(ev, "WP 8",
        say("L1: the {0} tile loses {2}", "L1: das Aktionsplättchen „{1}“ verliert {3}",
            tile_title(k).en, tile_title(k).de, n == 2 ? "2 bricks" : "1 piece",
            n == 2                  ? "2 Mauerziegel"
            : k == TileKind::kMines ? "1 Mine"
                                    : "1 Mörsergranate"));
  }
}

int WpState::marker_supply(int type) const {
  const Data& d = wp().data();
  auto held = [&](const std::array<int8_t, kMaxPlayers>& a) {
    return std::accumulate(a.begin(), a.end(), 0);
  };
  switch (type) {
    case kMarkExtraMove:
      return d.extra_move - held(extra_move_);
    case kMarkRestricted:
      return d.restricted - held(restricted_);
    case kMarkExtraAction:
      return d.extra_action - held(extra_action_);
    case kMarkAmmoGain:
      return supply_ammo_;
    default:
      return held(ammo_);
  }
}

void WpState::give_one(int type, int p, EventList* ev) {
  const size_t i = static_cast<size_t>(p);
  given_[i] = 1;
  switch (type) {
    case kMarkExtraMove:
      extra_move_[i]++;
      break;
    case kMarkRestricted:
      restricted_[i]++;
      break;
    case kMarkExtraAction:
      extra_action_[i]++;
      break;
    case kMarkAmmoGain:
      ammo_[i]++;
      supply_ammo_--;
      break;
    case kMarkAmmoLoss:
      ammo_[i]--;
      supply_ammo_++;
      break;
  }
  static const char* kWhat[] = {"an extra-movement marker", "a restricted-movement marker",
                                "an extra-action marker", "1 ammo", "loses 1 ammo"};
  static const char* kWhatDe[] = {
      "erhält einen Marker „Zusatz-Bewegung“", "erhält einen Marker „eingeschränkte Bewegung“",
      "erhält einen Marker „Zusatz-Aktion“", "erhält 1 Munition", "verliert 1 Munition"};
  const size_t w = static_cast<size_t>(std::clamp(type, 0, 4));
  log(ev, type == kMarkAmmoGain ? "WP 10" : "WP 8",
      say("{0}{1}{2}", "{4} {3}", wp().side_name(p).en, type == kMarkAmmoLoss ? " " : " receives ",
          kWhat[w], kWhatDe[w], wp().side_name(p).de),
      p);
}

// WP 8 / WP 10: hand out (or take) `count` items as evenly as possible; the players choose who
// gets the extra ones (EN manual for L3).
void WpState::distribute(int type, int count, EventList* ev) {
  const int n = wp().rules().players;
  int k = std::min(count, marker_supply(type));
  if (type == kMarkAmmoLoss) {
    // Round by round, each player still holding ammo loses 1, while enough remains to lose.
    while (k > 0) {
      int holders = 0;
      for (int p = 0; p < n; ++p) holders += ammo_[static_cast<size_t>(p)] > 0;
      if (holders == 0 || k < holders) break;
      for (int p = 0; p < n; ++p)
        if (ammo_[static_cast<size_t>(p)] > 0) give_one(type, p, ev);
      k -= holders;
    }
  } else {
    const int base = k / n;
    for (int r = 0; r < base; ++r)
      for (int p = 0; p < n; ++p) give_one(type, p, ev);
    k -= base * n;
  }
  given_.fill(0);
  if (k > 0) push(tGive, type, k);
}

void WpState::reinforce_one(int field, int left, int max_fields, EventList* ev) {
  const size_t f = static_cast<size_t>(field);
  if (!reinforced_[f]) {
    reinforced_[f] = 1;
    reinforce_fields_++;
  }
  bricks_[f]++;
  log(ev, "WP 10",
      say("wall reinforcement: a brick is placed on {0} ({1})",
          "Mauerbefestigung: ein Mauerziegel kommt auf {0} ({1})", field_name(field),
          int(bricks_[f])));
  if (left - 1 > 0) push(tReinforce, left - 1, max_fields);
}

// WP 7.3 (and WP 10 shelling, air raid): `n` bricks from `field`; an empty FDF overflows to one of
// its two action tiles, chosen by the players; W6: to a tile with bricks, else the damage is lost.
void WpState::hit(int field, int n, EventList* ev) {
  const size_t f = static_cast<size_t>(field);
  while (n > 0 && outcome_ == 0) {
    if (bricks_[f] > 0) {
      remove_brick(field, ev, "WP 7.3");
      --n;
      continue;
    }
    if (field >= kFdfs) {
      log(ev, "WP 7.3",
          say("W6: {} has no bricks left; the damage is lost",
              "W6: {} hat keine Mauerziegel mehr; der Schaden verfällt", field_name(field)));
      return;
    }
    const auto& ov = wp().data().overflow[f];
    const bool a = bricks_[static_cast<size_t>(ov[0])] > 0,
               b = bricks_[static_cast<size_t>(ov[1])] > 0;
    if (!a && !b) {
      log(ev, "WP 7.3",
          say("W6: {0} and both its guard posts are empty; {1} damage is lost",
              "W6: {0} und beide anliegenden Wachen sind leer; {1} Schaden verfällt",
              field_name(field), n));
      return;
    }
    if (a && b) {
      push(tOverflow, field, n);
      return;
    }
    remove_brick(a ? ov[0] : ov[1], ev, "WP 7.3");
    --n;
  }
}

// WP 7.3: every howitzer battery (space I) and every MG on space IV attacks its FDF.
void WpState::fire(int lane_mask, EventList* ev) {
  for (int l = kLanes - 1; l >= 0; --l) {
    if (!(lane_mask & (1 << l))) continue;
    const int c = lane_card_[static_cast<size_t>(l)];
    if (c < 0) continue;
    const AttackCard& k = card(c);
    if (k.kind == CardKind::kHowitzer ||
        lane_space_[static_cast<size_t>(l)] == wp().data().lane_spaces - 1) {
      push(tHit, l, k.power);
    }
  }
  // Log in lane order (the tasks run A first).
  for (int l = 0; l < kLanes; ++l) {
    if (!(lane_mask & (1 << l))) continue;
    const int c = lane_card_[static_cast<size_t>(l)];
    if (c < 0) continue;
    const AttackCard& k = card(c);
    if (k.kind == CardKind::kHowitzer)
      log(ev, "WP 7.3",
          say("the howitzer battery on lane {0} fires at {1}: 1 brick",
              "die Geschützbatterie auf Leiste {0} schießt auf {1}: 1 Mauerziegel", lane_name(l),
              field_name(l)));
    else if (lane_space_[static_cast<size_t>(l)] == wp().data().lane_spaces - 1)
      log(ev, "WP 7.3",
          say("the MG on lane {0} (space IV) fires at {1}: {2} brick(s)",
              "die MG-Abteilung auf Leiste {0} (Feld IV) schießt auf {1}: {2} Mauerziegel",
              lane_name(l), field_name(l), k.power));
  }
}

// WP 7.4: the new card. mode: kDrawNormal, kDrawOpenDiscard, kDrawOpenPlace (no movement).
void WpState::resolve_card(int c, int mode, EventList* ev) {
  const AttackCard& k = card(c);
  card_loc_[static_cast<size_t>(c)] = kInDeck;  // replaced below
  if (!under_.empty() && under_.front() == c) under_.erase(under_.begin());
  const Text drawn = card_text(k);
  if (mode == kDrawNormal && k.advance[0] >= 0 && k.advance[1] >= 0)  // WP 7.5: says which lanes
    log(ev, "WP 7.4",
        say("German card: {0}; then the troops on lanes {2} and {3} advance (WP 7.5)",
            "Deutsche Angriffskarte: {1}; danach rücken die Truppen auf den Leisten {2} und {3} "
            "vor (WP 7.5)",
            drawn.en, drawn.de, lane_name(k.advance[0]), lane_name(k.advance[1])));
  else
    log(ev, "WP 7.4", say("German card: {}", "Deutsche Angriffskarte: {1}", drawn.en, drawn.de));
  if (mode == kDrawOpenDiscard) {
    // WP 5 step 12 (W17): the first card goes to the day-1 pile and counts toward day 1.
    discard(c, ev);
    return;
  }
  if (mode == kDrawNormal) push(tAdvance, k.advance[0], k.advance[1], -1);  // WP 7.5 after any card
  if (k.troop()) {
    int lane = -1;
    // WP 7.4 (W20): the named lane, else the nearest free lane to its right, else from A.
    for (int i = 0; i < kLanes; ++i) {
      const int l = (k.lane + i) % kLanes;
      if (lane_card_[static_cast<size_t>(l)] < 0) {
        lane = l;
        break;
      }
    }
    if (lane < 0) {
      // WP 7.4: all lanes occupied: morale -1, the card goes under the deck (its marks still move).
      card_loc_[static_cast<size_t>(c)] = kUnder;
      under_.push_back(static_cast<int8_t>(c));
      log(ev, "WP 7.4",
          say("all five lanes are occupied: morale falls and {} goes under the deck",
              "alle fünf Angriffsleisten sind besetzt: die Moral sinkt und {} kommt unter den "
              "Angriffskartenstapel",
              k.id));
      morale_change(-1, ev, "WP 7.4");
      return;
    }
    if (mine_[static_cast<size_t>(lane)]) {
      // WP 7.2 C (W8): a card placed on a lane holding a mine is discarded; the mine is spent.
      mine_[static_cast<size_t>(lane)] = 0;
      log(ev, "WP 7.2 C",
          say("the mine on lane {0} destroys {1} as it arrives",
              "die Mine auf Leiste {0} vernichtet {1} bei der Ankunft", lane_name(lane), k.id));
      discard(c, ev);
      return;
    }
    lane_card_[static_cast<size_t>(lane)] = static_cast<int8_t>(c);
    lane_space_[static_cast<size_t>(lane)] = 0;  // W16: space I
    lane_damage_[static_cast<size_t>(lane)] = 0;
    card_loc_[static_cast<size_t>(c)] = static_cast<int8_t>(kOnLane + lane);
    const bool moved = lane != k.lane;
    log(ev, "WP 7.4",
        say("{0} is placed on lane {1}, space I{2}", "{0} kommt auf Leiste {1}, Feld I{3}", k.id,
            lane_name(lane), moved ? " (lane " + lane_name(k.lane) + " is occupied)" : "",
            moved ? " (Leiste " + lane_name(k.lane) + " ist besetzt)" : ""));
    return;
  }
  if (k.kind == CardKind::kAirRaid) {
    // WP 7.4: morale -1 and 1 brick from the marked field (overflow as in WP 7.3, W6).
    discard(c, ev);
    push(tHit, k.target, 1);
    morale_change(-1, ev, "WP 7.4");
    return;
  }
  discard(c, ev);
  morale_change(-1, ev, "WP 7.4");
}

// WP 10: resolve an event card.
void WpState::resolve_event(int e, EventList* ev) {
  const EventCard& k = wp().data().events[static_cast<size_t>(e)];
  event_used_[static_cast<size_t>(e)] = 1;
  (k.positive ? pos_left_ : neg_left_)--;
  if (burned_ >= 0) {
    log(ev, "WP 10",
        {"the burned path is open again", "der verbrannte Durchgang ist wieder offen"});
    burned_ = -1;
  }
  switch (k.kind) {
    case EventKind::kRaiseMorale:
      log(ev, "WP 10", say("event {}: raise morale", "Ereignis {}: Moral heben", k.id));
      for (int i = 0; i < k.amount; ++i) morale_raise(ev, "WP 10");
      break;
    case EventKind::kExtraStock: {
      int8_t& s = k.tile == TileKind::kMortar ? shells_ : mines_;
      const int cap = wp().tile_value(k.tile);
      const int add = std::max(0, std::min(k.amount, cap - s));
      s = static_cast<int8_t>(s + add);
      const bool mortar = k.tile == TileKind::kMortar;
      log(ev, "WP 10",
          say("event {0}: extra {1}{2}", "Ereignis {0}: {3}{4}", k.id,
              mortar ? "mortar shell" : "mine",
              add > 0 ? " added to the tile" : ": the tile has no free slot",
              mortar ? "Zusätzliche Mörsergranate" : "Zusätzliche Mine",
              add > 0 ? " kommt auf das Aktionsplättchen"
                      : ": das Aktionsplättchen hat keinen freien Platz"));
      break;
    }
    case EventKind::kWallReinforcement: {
      const int total = k.amount + surplus_;
      log(ev, "WP 10",
          say("event {0}: wall reinforcement with {1} bricks{2}",
              "Ereignis {0}: Mauerbefestigung mit {1} Mauerziegeln{3}", k.id, k.amount,
              surplus_ ? " plus " + std::to_string(surplus_) + " from the surplus pile (W14)" : "",
              surplus_ ? " und " + std::to_string(surplus_) + " vom zusätzlichen Vorrat (W14)"
                       : ""));
      surplus_ = 0;
      reinforce_fields_ = 0;
      reinforced_.fill(0);
      push(tReinforce, total, k.max_fields);
      break;
    }
    case EventKind::kExtraAmmo:
      log(ev, "WP 10",
          say("event {0}: {1} extra ammo, split as evenly as possible",
              "Ereignis {0}: Zusätzliche Munition, {1} Munitionsmarker möglichst gerecht verteilt",
              k.id, k.amount));
      push(tDistribute, kMarkAmmoGain, k.amount);
      break;
    case EventKind::kBattleship:
      log(ev, "WP 10",
          say("event {0}: battleship shelling (W13: {1} per field)",
              "Ereignis {0}: Beschuss vom Einheitslinienschiff (W13: {1} je Feld)", k.id,
              k.amount));
      for (auto it = k.targets.rbegin(); it != k.targets.rend(); ++it) push(tHit, *it, k.amount);
      break;
    case EventKind::kBurnedPassage: {
      burned_ = static_cast<int8_t>(k.passage);
      const auto& p = wp().data().passages[static_cast<size_t>(k.passage)];
      log(ev, "WP 10",
          say("event {0}: the path {1}-{2} burns and cannot be crossed until the next event",
              "Ereignis {0}: Verbrannte Felder, der Durchgang {1}-{2} darf bis zum nächsten "
              "Ereignis nicht überquert werden",
              k.id, field_name(p[0]), field_name(p[1])));
      break;
    }
    case EventKind::kGermanAttack: {
      // W12: move first, then the listed lanes attack; W21: the advance is printed on the card.
      log(ev, "WP 10",
          say("event {}: German attack", "Ereignis {}: Angriff der deutschen Truppen", k.id));
      int mask = 0;
      for (int l : k.targets) {
        advance_lane(l, k.amount, ev);
        mask |= 1 << l;
      }
      push(tFire, mask);
      break;
    }
  }
}

}  // namespace feldherr::westerplatte
