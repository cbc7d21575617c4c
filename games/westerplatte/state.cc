// 7 Tage der Westerplatte: serialisation, hashing, observation, invariants and the text board.
#include <nlohmann/json.hpp>
#include <numeric>
#include <sstream>

#include "engine/fields.h"
#include "engine/hash.h"
#include "games/westerplatte/tasks.h"
#include "games/westerplatte/westerplatte.h"

namespace feldherr::westerplatte {

// clang-format off
template <class S, class V>
void WpState::field_list(S& s, V& v) {
  v("moves", s.moves_)
   ("outcome_", s.outcome_)("player_", s.player_)("day_", s.day_)("bricks_", s.bricks_)
   ("tile_at_", s.tile_at_)("shells_", s.shells_)("mines_", s.mines_)("rebuild_", s.rebuild_)
   ("surplus_", s.surplus_)("supply_ammo_", s.supply_ammo_)("ammo_", s.ammo_)
   ("officer_at_", s.officer_at_)("morale_", s.morale_)("extra_move_", s.extra_move_)
   ("restricted_", s.restricted_)("extra_action_", s.extra_action_)("burned_", s.burned_)
   ("lane_card_", s.lane_card_)("lane_space_", s.lane_space_)("lane_damage_", s.lane_damage_)
   ("mine_", s.mine_)("card_loc_", s.card_loc_)("under_", s.under_)("pile_", s.pile_)
   ("event_used_", s.event_used_)("pos_left_", s.pos_left_)("neg_left_", s.neg_left_)
   ("moved_", s.moved_)("actions_", s.actions_)("restricted_now_", s.restricted_now_)
   ("extra_move_now_", s.extra_move_now_)("extra_action_now_", s.extra_action_now_)
   ("given_", s.given_)("reinforce_fields_", s.reinforce_fields_)("reinforced_", s.reinforced_)
   ("tasks_", s.tasks_);
}
// clang-format on

json WpState::to_json() const {
  return fields_to_json(*this);
}

void WpState::from_json(const json& j) {
  fields_from_json(j, *this);
  if (card_loc_.size() != wp().data().cards.size())
    throw std::runtime_error("$.card_loc_: wrong number of cards");
  if (event_used_.size() != wp().data().events.size())
    throw std::runtime_error("$.event_used_: wrong number of events");
  if (std::string v = invariant_violation(); !v.empty()) throw std::runtime_error("$: " + v);
}

std::unique_ptr<State> WpGame::state_from_json(const json& j) const {
  auto s = std::make_unique<WpState>(*this);
  s->from_json(j);
  return s;
}

uint64_t WpState::hash() const {
  Hasher hs;
  return fields_hash(hs, *this).value();
}

namespace {
const char* card_kind_name(CardKind k) {
  switch (k) {
    case CardKind::kMg:
      return "mg";
    case CardKind::kHowitzer:
      return "howitzer";
    case CardKind::kAirRaid:
      return "air_raid";
    case CardKind::kMoraleLoss:
      return "morale_loss";
  }
  return "?";
}
const char* morale_level_name(int code) {
  static const char* kNames[] = {"-", "START", "L1", "L2", "L3", "H1", "H2", "H3"};
  return code >= 0 && code < 8 ? kNames[code] : "?";
}
}  // namespace

// Everything is public (cooperative game, WP 0): the undrawn deck is a set without an order, so
// every seat and observer sees the same. The observation names its fields (docs/web.md
// "Observations"): fields, tiles and lanes by their ids, cards by id, players by seat id.
json WpState::observe(int seat) const {
  (void)seat;
  static const char* kRoman[] = {"I", "II", "III", "IV"};
  const Data& d = wp().data();
  const auto& seats = wp().seats();
  json j;
  j["level"] = level_name(wp().rules().level);
  j["outcome"] = outcome_ == 0 ? "running" : outcome_ > 0 ? "won" : "lost";
  j["day"] = day_;
  j["moves"] = moves_;
  j["active_player"] = seats[static_cast<size_t>(player_)];
  const auto& track = wp().track();
  json tr = json::array();
  for (int code : track) tr.push_back(morale_level_name(code));
  j["morale"] = {{"index", morale_}, {"level", morale_level_name(level_code())}, {"track", tr}};

  // The fields: forward defence fields A-E and the guard posts T1-T6 with their action tiles.
  json fields = json::array();
  for (int f = 0; f < kFields; ++f) {
    json officers = json::array();
    for (int i = 0; i < wp().num_officers(); ++i)
      if (officer_at_[static_cast<size_t>(i)] == f) officers.push_back("o" + std::to_string(i + 1));
    json fj = {{"id", field_name(f)},
               {"bricks", bricks_[static_cast<size_t>(f)]},
               {"reinforced", reinforced_[static_cast<size_t>(f)] != 0},
               {"officers", officers}};
    if (f >= kFdfs) {
      const int k = tile_at_[static_cast<size_t>(f - kFdfs)];
      fj["tile"] = k < 0 ? json(nullptr) : json(tile_name(static_cast<TileKind>(k)));
    }
    fields.push_back(fj);
  }
  j["fields"] = fields;
  j["max_bricks"] = d.max_bricks;
  j["stock"] = {{"shells", shells_}, {"mines", mines_}, {"rebuild", rebuild_}};
  j["surplus_bricks"] = surplus_;
  j["ammo_supply"] = supply_ammo_;

  json officers = json::array();
  for (int i = 0; i < wp().num_officers(); ++i) {
    const int at = officer_at_[static_cast<size_t>(i)];
    officers.push_back({{"id", "o" + std::to_string(i + 1)},
                        {"seat", seats[static_cast<size_t>(wp().owner(i))]},
                        {"field", at < 0 ? json(nullptr) : json(field_name(at))}});
  }
  j["officers"] = officers;
  json players = json::array();
  for (int p = 0; p < wp().rules().players; ++p) {
    const size_t k = static_cast<size_t>(p);
    players.push_back({{"seat", seats[k]},
                       {"ammo", ammo_[k]},
                       {"extra_move", extra_move_[k]},
                       {"restricted", restricted_[k]},
                       {"extra_action", extra_action_[k]},
                       {"given", given_[k]}});  // WP 8: received in the distribution under way
  }
  j["players"] = players;

  // The lanes A-E (WP 2): the German troop on each, space I (far) to IV (at the wall), or a mine.
  json lanes = json::array();
  for (int l = 0; l < kLanes; ++l) {
    const size_t k = static_cast<size_t>(l);
    const int c = lane_card_[k];
    json troop = nullptr;
    if (c >= 0) {
      const AttackCard& a = card(c);
      troop = {{"card", a.id},
               {"kind", card_kind_name(a.kind)},
               {"space", kRoman[lane_space_[k]]},
               {"endurance", a.endurance},
               {"damage", lane_damage_[k]},
               {"speed", a.speed},
               {"power", a.power}};
    }
    lanes.push_back({{"id", lane_name(l)}, {"troop", troop}, {"mine", mine_[k] != 0}});
  }
  j["lanes"] = lanes;
  j["burned_passage"] = burned_ < 0 ? json(nullptr)
                                    : json{field_name(d.passages[static_cast<size_t>(burned_)][0]),
                                           field_name(d.passages[static_cast<size_t>(burned_)][1])};

  // The attack cards: the day piles (drawn and resolved, WP 6), the known queue under the deck
  // (WP 7.4, top first) and how many are left to draw.
  json piles = json::array();
  for (int day = 1; day <= 8; ++day) {
    json cards = json::array();
    for (size_t c = 0; c < card_loc_.size(); ++c)
      if (card_loc_[c] == day) cards.push_back(d.cards[c].id);
    piles.push_back({{"day", day}, {"cards", cards}});
  }
  j["day_piles"] = piles;
  j["cards_per_day"] = d.cards_per_day;
  json under = json::array();
  for (int8_t c : under_) under.push_back(card(c).id);
  j["deck"] = {{"cards", deck_size()}, {"under", under}};
  json resolved = json::array();
  for (size_t e = 0; e < event_used_.size(); ++e)
    if (event_used_[e]) resolved.push_back(d.events[e].id);
  j["events"] = {
      {"positive_left", pos_left_}, {"negative_left", neg_left_}, {"resolved", resolved}};

  // The active player's turn (WP 7.1) while it is under way.
  if (!tasks_.empty() && tasks_.back().type == tPlayer)
    j["turn"] = {{"moves", moved_[0] + moved_[1]},
                 {"officer_moves", {moved_[0], moved_[1]}},
                 {"actions", actions_},
                 {"restricted", restricted_now_ != 0},
                 {"extra_move", extra_move_now_ != 0},
                 {"extra_action", extra_action_now_ != 0}};
  else
    j["turn"] = nullptr;
  return j;
}

// No hidden information: the order of the undrawn cards is not part of the state; each draw is a
// fresh uniform chance outcome, which is the reshuffle of the undrawn cards.
std::unique_ptr<State> WpState::determinize(int seat, Rng& rng) const {
  (void)seat;
  (void)rng;
  return clone();
}

std::string WpState::invariant_violation() const {
  const Data& d = wp().data();
  for (int f = 0; f < kFields; ++f)
    if (bricks_[static_cast<size_t>(f)] < 0 || bricks_[static_cast<size_t>(f)] > d.max_bricks)
      return "bricks out of range on " + field_name(f);
  // Ammo never leaves the game (WP 7.2 E).
  int ammo = supply_ammo_;
  for (int8_t a : ammo_) ammo += a;
  if (ammo != d.ammo) return "ammo total " + std::to_string(ammo) + " != " + std::to_string(d.ammo);
  if (supply_ammo_ < 0) return "negative ammo supply";
  for (int8_t a : ammo_)
    if (a < 0) return "negative ammo";
  if (shells_ < 0 || shells_ > wp().tile_value(TileKind::kMortar))
    return "mortar stock out of range";
  if (mines_ < 0 || mines_ > wp().tile_value(TileKind::kMines)) return "mines stock out of range";
  if (rebuild_ < 0 || rebuild_ > wp().tile_value(TileKind::kRebuild))
    return "rebuild stock out of range";
  int on_lanes = 0;
  for (int l = 0; l < kLanes; ++l) {
    const int c = lane_card_[static_cast<size_t>(l)];
    if (c < 0) continue;
    ++on_lanes;
    if (c >= static_cast<int>(card_loc_.size()) || card_loc_[static_cast<size_t>(c)] != kOnLane + l)
      return "lane " + lane_name(l) + " card location mismatch";
    if (!d.cards[static_cast<size_t>(c)].troop()) return "a non-troop card on a lane";
    if (lane_damage_[static_cast<size_t>(l)] >= d.cards[static_cast<size_t>(c)].endurance)
      return "a dead troop on a lane";
    if (d.cards[static_cast<size_t>(c)].kind == CardKind::kHowitzer &&
        lane_space_[static_cast<size_t>(l)] != 0)
      return "a howitzer battery moved off space I";
    if (mine_[static_cast<size_t>(l)]) return "a mine on an occupied lane";
  }
  std::array<int, 9> piles{};
  int under = 0, on = 0;
  for (int8_t loc : card_loc_) {
    if (loc >= 1 && loc <= 8) piles[static_cast<size_t>(loc)]++;
    if (loc == kUnder) ++under;
    if (loc >= kOnLane) ++on;
  }
  if (on != on_lanes) return "cards on lanes mismatch";
  if (under != static_cast<int>(under_.size())) return "cards under the deck mismatch";
  for (int i = 1; i <= 8; ++i)
    if (piles[static_cast<size_t>(i)] != pile_[static_cast<size_t>(i)])
      return "day pile count mismatch";
  for (int i = 1; i <= 7; ++i)
    if (pile_[static_cast<size_t>(i)] > d.cards_per_day)
      return "a day pile holds more than 8 cards";
  auto total = [](const std::array<int8_t, kMaxPlayers>& a) {
    return std::accumulate(a.begin(), a.end(), 0);
  };
  if (total(extra_move_) > d.extra_move || total(restricted_) > d.restricted ||
      total(extra_action_) > d.extra_action)
    return "more markers held than exist";
  if (outcome_ == 0 && tiles_destroyed() >= 2)
    return "two guard posts destroyed but the game goes on";
  if (day_ < 1 || day_ > 7) return "day out of range";
  const int lc = level_code();
  if (lc == kMoraleL3 || lc == kMoraleH3)
    return "the morale marker rests on L3/H3 (it returns to START)";
  return "";
}

std::string WpState::render_text_in(int seat, Lang lang) const {
  (void)seat;
  static const char* kRoman[] = {"I", "II", "III", "IV"};
  const bool de = lang == Lang::kDe;
  auto t = [de](const char* en, const char* german) { return de ? german : en; };
  const Data& d = wp().data();
  std::ostringstream o;
  o << "7 Tage der Westerplatte - " << level_title(wp().rules().level).in(lang) << ", "
    << wp().rules().players
    << (wp().rules().players == 1 ? t(" player, day ", " Spieler, Tag ")
                                  : t(" players, day ", " Spieler, Tag "))
    << int(day_) << t(" (pile ", " (Abwurfstapel ") << int(pile_[static_cast<size_t>(day_)]) << "/"
    << d.cards_per_day << ")\n";
  auto officers_on = [&](int f) {
    std::string s;
    for (int i = 0; i < wp().num_officers(); ++i)
      if (officer_at_[static_cast<size_t>(i)] == f) s += " o" + std::to_string(i + 1);
    return s;
  };
  o << t("Guard posts (action tiles):\n", "Wachen (Aktionsplättchen):\n");
  for (int s = 0; s < kTiles; ++s) {
    const int f = kFdfs + s;
    o << "  " << field_name(f) << " ";
    const int k = tile_at_[static_cast<size_t>(s)];
    std::string name = k < 0 ? "?" : tile_title(static_cast<TileKind>(k)).in(lang);
    if (k == static_cast<int>(TileKind::kMortar))
      name += " (" + std::to_string(shells_) + t(" shells)", " Mörsergranaten)");
    if (k == static_cast<int>(TileKind::kMines))
      name += " (" + std::to_string(mines_) + t(" mines)", " Minen)");
    if (k == static_cast<int>(TileKind::kRebuild))
      name += " (" + std::to_string(rebuild_) + t(" bricks)", " Mauerziegel)");
    if (k == static_cast<int>(TileKind::kAmmo))
      name += t(" (takes ", " (erhält ") + std::to_string(wp().tile_value(TileKind::kAmmo)) + ")";
    if (k == static_cast<int>(TileKind::kPushBack))
      name +=
          " (" + std::to_string(wp().tile_value(TileKind::kPushBack)) + t(" troops)", " Truppen)");
    o << name << t("  bricks ", "  Mauerziegel ") << int(bricks_[static_cast<size_t>(f)]) << "/"
      << d.max_bricks << officers_on(f) << "\n";
  }
  o << t("Forward fields and lanes (space I far, IV at the wall):\n",
         "Vorgeschobene Abwehrfelder und Angriffsleisten (Feld I fern, IV an der Mauer):\n");
  for (int l = 0; l < kLanes; ++l) {
    o << "  " << field_name(l) << t(" bricks ", " Mauerziegel ")
      << int(bricks_[static_cast<size_t>(l)]) << "/" << d.max_bricks << officers_on(l)
      << t("  | lane ", "  | Leiste ") << lane_name(l) << ": ";
    const int c = lane_card_[static_cast<size_t>(l)];
    if (c >= 0) {
      const AttackCard& k = card(c);
      o << k.id
        << (k.kind == CardKind::kMg ? t(" MG", " MG-Abteilung")
                                    : t(" howitzer", " Geschützbatterie"))
        << t(" on ", " auf ") << kRoman[lane_space_[static_cast<size_t>(l)]]
        << t(", endurance ", ", Ausdauer ") << k.endurance - lane_damage_[static_cast<size_t>(l)]
        << "/" << k.endurance;
      if (k.kind == CardKind::kMg) o << t(", speed ", ", Schnelligkeit ") << k.speed;
      o << t(", power ", ", Angriffskraft ") << k.power;
    } else {
      o << (mine_[static_cast<size_t>(l)] ? t("(mine)", "(Mine)") : t("empty", "leer"));
    }
    o << "\n";
  }
  o << t("Morale:", "Moral:");
  const auto& tr = wp().track();
  static const char* kLv[] = {"-", "START", "L1", "L2", "L3", "H1", "H2", "H3"};
  for (size_t i = 0; i < tr.size(); ++i)
    o << (static_cast<int>(i) == morale_ ? " [" : " ") << kLv[tr[i]]
      << (static_cast<int>(i) == morale_ ? "]" : "");
  // Per player, named by the side ("4 (Defender 1), 0 (Defender 2)").
  auto whose = [&](int p) { return " (" + wp().side_name(p).in(lang) + ")"; };
  o << t("\nAmmo:", "\nMunition:");
  for (int p = 0; p < wp().rules().players; ++p)
    o << (p > 0 ? ", " : " ") << int(ammo_[static_cast<size_t>(p)]) << whose(p);
  o << t("; supply ", "; Vorrat ") << int(supply_ammo_)
    << t("; surplus bricks ", "; zusätzlicher Vorrat an Mauerziegeln ") << int(surplus_) << "\n";
  o << t("Markers (extra move / restricted / extra action):",
         "Marker (Zusatz-Bewegung / eingeschränkte Bewegung / Zusatz-Aktion):");
  for (int p = 0; p < wp().rules().players; ++p)
    o << (p > 0 ? ", " : " ") << int(extra_move_[static_cast<size_t>(p)]) << "/"
      << int(restricted_[static_cast<size_t>(p)]) << "/"
      << int(extra_action_[static_cast<size_t>(p)]) << whose(p);
  o << "\n";
  if (burned_ >= 0) {
    const auto& pp = d.passages[static_cast<size_t>(burned_)];
    o << t("Burned path: ", "Verbrannter Durchgang: ") << field_name(pp[0]) << "-"
      << field_name(pp[1]) << "\n";
  }
  o << t("Day piles:", "Abwurfstapel:");
  for (int i = 1; i <= 7; ++i) o << " " << i << ":" << int(pile_[static_cast<size_t>(i)]);
  o << t("; deck ", "; Angriffskartenstapel ") << deck_size() << t(" cards (", " Karten (")
    << under_.size()
    << t(" sent under); events left +", " darunter gelegt); Ereigniskarten übrig +")
    << int(pos_left_) << " -" << int(neg_left_) << "\n";
  if (!tasks_.empty() && tasks_.back().type == tPlayer) {
    o << t("Turn of ", "Runde von ") << wp().side_name(player_).in(lang)
      << t(": moves used ", ": Bewegungen ") << int(moved_[0] + moved_[1])
      << t(", actions ", ", Aktionen ") << int(actions_)
      << (restricted_now_ ? t(" (restricted)", " (eingeschränkt)") : "") << "\n";
  }
  return o.str();
}

}  // namespace feldherr::westerplatte
