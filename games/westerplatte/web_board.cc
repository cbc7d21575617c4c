// 7 Tage der Westerplatte: the static board description for the web UI (GameModule::board,
// docs/web.md) and the odds hook of the two actions that damage a troop (GameModule::odds).
//
// The board is what never changes during a game: the eleven fields (guard posts T1-T6 with their
// action-tile spaces, forward defence fields A-E) with a layout position, the paths and the paths
// an event can burn, the lanes and their spaces, the action tiles with this level's values, the
// level's morale track with the effect of each level, the supplies, the day count and the catalogue
// of attack and event cards (the cards in the box, in id order: nothing of the deck's order, which
// the state does not hold either, WP 0), and the numbers of the briefing (players, days, lanes,
// opening, how the game is lost). The observation (WpState::observe) names fields, lanes,
// tiles and cards by the ids used here.
#include <algorithm>
#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "games/westerplatte/westerplatte.h"

namespace feldherr::westerplatte {

namespace {

const char* wb_kind_name(CardKind k) {
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

const char* wb_event_kind(EventKind k) {
  switch (k) {
    case EventKind::kRaiseMorale:
      return "raise_morale";
    case EventKind::kExtraStock:
      return "extra_stock";
    case EventKind::kWallReinforcement:
      return "wall_reinforcement";
    case EventKind::kExtraAmmo:
      return "extra_ammo";
    case EventKind::kBattleship:
      return "battleship_shelling";
    case EventKind::kBurnedPassage:
      return "burned_passage";
    case EventKind::kGermanAttack:
      return "german_attack";
  }
  return "?";
}

// The event's name in the German rulebook's words (WP 10) and in English.
Text wb_event_title(const EventCard& e) {
  switch (e.kind) {
    case EventKind::kRaiseMorale:
      return {"Raise morale", "Moral heben"};
    case EventKind::kExtraStock:
      return e.tile == TileKind::kMortar ? Text{"Extra mortar shell", "Zusätzliche Mörsergranate"}
                                         : Text{"Extra mine", "Zusätzliche Mine"};
    case EventKind::kWallReinforcement:
      return {"Wall reinforcement", "Mauerbefestigung"};
    case EventKind::kExtraAmmo:
      return {"Extra ammunition", "Zusätzliche Munition"};
    case EventKind::kBattleship:
      return {"Battleship shelling", "Beschuss vom Einheitslinienschiff"};
    case EventKind::kBurnedPassage:
      return {"Burned fields", "Verbrannte Felder"};
    case EventKind::kGermanAttack:
      return {"German attack", "Angriff der deutschen Truppen"};
  }
  return {"?", "?"};
}

// What moving into a morale level does (WP 8), in both languages.
Text wb_level_effect(int code) {
  switch (code) {
    case kMoraleStart:
      return {"start", "Start"};
    case kMoraleH1:
      return {"H1: +1 mine, 1 shell or 2 bricks on a tile",
              "H1: +1 Mine, 1 Mörsergranate oder 2 Mauerziegel auf ein Aktionsplättchen"};
    case kMoraleH2:
      return {"H2: the extra-movement markers are handed out",
              "H2: die Marker „Zusatz-Bewegung“ werden verteilt"};
    case kMoraleH3:
      return {"H3: the extra-action markers are handed out, back to START",
              "H3: die Marker „Zusatz-Aktion“ werden verteilt, zurück auf Start"};
    case kMoraleL1:
      return {"L1: −1 mine, 1 shell or 2 bricks from a tile",
              "L1: −1 Mine, 1 Mörsergranate oder 2 Mauerziegel von einem Aktionsplättchen"};
    case kMoraleL2:
      return {"L2: the restricted-movement markers are handed out",
              "L2: die Marker „eingeschränkte Bewegung“ werden verteilt"};
    case kMoraleL3:
      return {"L3: the players lose 5 ammo, back to START",
              "L3: die Spieler verlieren 5 Munition, zurück auf Start"};
    default:
      return {"empty space", "leeres Feld"};
  }
}

const char* wb_level_code(int code) {
  static const char* kNames[] = {"-", "START", "L1", "L2", "L3", "H1", "H2", "H3"};
  return code >= 0 && code < 8 ? kNames[code] : "?";
}

// The situation for the briefing (docs/web.md "Board JSON"): the players and their officers, the
// days and the cards that make a day (WP 6), the lanes with the field each faces and the two guard
// posts it overflows into (WP 2), the level's events (WP 3), the opening cards (WP 5 step 12) and
// how the game is lost (WP 11: two guard posts without bricks) or won (day 7 survived). Numbers
// only: the UI words them in English and German. `provenance` names the stand-in parts.
json wb_briefing(const WpGame& g) {
  const Data& d = g.data();
  const auto& lv = d.levels[static_cast<size_t>(g.rules().level)];
  const int n = g.rules().players;
  json lanes = json::array();
  for (int l = 0; l < kLanes; ++l)
    lanes.push_back({{"id", lane_name(l)},
                     {"field", field_name(l)},
                     {"overflow",
                      {field_name(d.overflow[static_cast<size_t>(l)][0]),
                       field_name(d.overflow[static_cast<size_t>(l)][1])}}});
  return {{"players", n},
          {"officers", g.num_officers()},
          {"days", d.days},
          {"cards_per_day", d.cards_per_day},
          {"lane_spaces", d.lane_spaces},
          {"lanes", lanes},
          {"guard_posts", kFields - kFdfs},
          {"loss_posts", 2},  // WP 11
          {"bricks_per_field", d.bricks_at_setup},
          {"start_ammo", d.start_ammo},
          {"positive_events", lv.positive},
          {"negative_events", lv.negative},
          // WP 5 step 12: 1-2 players one card onto the day-1 pile and two into play, else three
          {"opening_discard", n <= 2 ? 1 : 0},
          {"opening_cards", n <= 2 ? 2 : 3},
          {"provenance",
           {{"rules", "rules-text"},
            {"overflow", d.overflow_provenance},
            {"paths", d.paths_provenance}}}};
}

}  // namespace

json wp_board_json(const Game& game) {
  const auto* g = dynamic_cast<const WpGame*>(&game);
  if (g == nullptr) throw std::runtime_error("westerplatte board: not a Westerplatte game");
  const Data& d = g->data();
  static const char* kRoman[] = {"I", "II", "III", "IV", "V", "VI"};
  json j;
  j["kind"] = "westerplatte";
  j["game"] = "westerplatte";
  j["scenario"] = std::string(g->scenario());
  j["level"] = level_name(g->rules().level);
  j["level_title"] = level_title(g->rules().level).en;
  j["level_title_de"] = level_title(g->rules().level).de;
  j["side"] = g->side() ? "red" : "green";
  j["title"] = "7 Tage der Westerplatte — " + level_title(g->rules().level).en;
  j["title_de"] = "7 Tage der Westerplatte — " + level_title(g->rules().level).de;
  j["seats"] = g->seats();
  j["players"] = g->rules().players;
  j["officers"] = g->num_officers();

  // Fields (WP 2): layout units as on the printed board read with the lanes at the bottom edge
  // (content 1.2): guard posts in a row at y 0, x 0..5; forward defence fields between them at
  // y 1; the lanes below their fields.
  json fields = json::array();
  for (int f = 0; f < kFields; ++f) {
    const bool fdf = f < kFdfs;
    json fj = {{"id", field_name(f)},
               {"type", fdf ? "fdf" : "post"},
               {"x", fdf ? 0.5 + f : static_cast<double>(f - kFdfs)},
               {"y", fdf ? 1 : 0}};
    json nb = json::array();
    for (int n : d.neighbours[static_cast<size_t>(f)]) nb.push_back(field_name(n));
    fj["neighbours"] = nb;
    if (fdf) {
      fj["lane"] = lane_name(f);
      fj["overflow"] = {field_name(d.overflow[static_cast<size_t>(f)][0]),
                        field_name(d.overflow[static_cast<size_t>(f)][1])};
    }
    fields.push_back(fj);
  }
  j["fields"] = fields;
  json paths = json::array();
  for (const auto& p : d.passages) paths.push_back({field_name(p[0]), field_name(p[1])});
  j["paths"] = paths;
  json burnable = json::array();  // the paths an event "Verbrannte Felder" can block (WP 10)
  for (const EventCard& e : d.events)
    if (e.kind == EventKind::kBurnedPassage && e.passage >= 0) {
      const auto& p = d.passages[static_cast<size_t>(e.passage)];
      burnable.push_back({field_name(p[0]), field_name(p[1])});
    }
  j["burnable"] = burnable;

  // Lanes A-E (WP 2): space I is the entry (howitzers), the last space lies at the wall (W1).
  json spaces = json::array();
  for (int s = 0; s < d.lane_spaces && s < 6; ++s) spaces.push_back(kRoman[s]);
  j["spaces"] = spaces;
  json lanes = json::array();
  for (int l = 0; l < kLanes; ++l)
    lanes.push_back({{"id", lane_name(l)}, {"field", field_name(l)}, {"x", 0.5 + l}});
  j["lanes"] = lanes;

  // Action tiles (WP 4) with this level's side (WP 3).
  json tiles = json::array();
  for (int k = 0; k < kNumTileKinds; ++k) {
    const auto t = static_cast<TileKind>(k);
    tiles.push_back({{"id", tile_name(t)},
                     {"name", tile_title(t).en},
                     {"name_de", tile_title(t).de},
                     {"value", g->tile_value(t)},
                     {"green", d.tile_value[static_cast<size_t>(k)][0]},
                     {"red", d.tile_value[static_cast<size_t>(k)][1]}});
  }
  j["tiles"] = tiles;

  // The level's morale track (WP 8), left = low.
  json track = json::array();
  for (int code : g->track()) {
    const Text effect = wb_level_effect(code);
    track.push_back(
        {{"level", wb_level_code(code)}, {"effect", effect.en}, {"effect_de", effect.de}});
  }
  j["morale_track"] = track;

  j["max_bricks"] = d.max_bricks;
  j["days"] = d.days;
  j["cards_per_day"] = d.cards_per_day;
  j["supplies"] = {{"bricks", d.bricks},
                   {"ammo", d.ammo},
                   {"shells", d.shells},
                   {"mines", d.mines},
                   {"extra_move", d.extra_move},
                   {"restricted", d.restricted},
                   {"extra_action", d.extra_action},
                   {"start_ammo", d.start_ammo}};

  // The cards in the box (content 4, 5), in id order.
  json cards = json::array();
  for (const AttackCard& c : d.cards) {
    json cj = {{"id", c.id},
               {"phase", c.phase},
               {"kind", wb_kind_name(c.kind)},
               {"advance", {lane_name(c.advance[0]), lane_name(c.advance[1])}}};
    if (c.troop()) {
      cj["lane"] = lane_name(c.lane);
      cj["endurance"] = c.endurance;
      cj["speed"] = c.speed;
      cj["power"] = c.power;
    }
    if (c.kind == CardKind::kAirRaid) cj["target"] = field_name(c.target);
    cards.push_back(cj);
  }
  std::sort(cards.begin(), cards.end(),
            [](const json& a, const json& b) { return a["id"] < b["id"]; });
  j["cards"] = cards;
  json events = json::array();
  for (const EventCard& e : d.events) {
    const Text name = wb_event_title(e);
    events.push_back({{"id", e.id},
                      {"positive", e.positive},
                      {"kind", wb_event_kind(e.kind)},
                      {"name", name.en},
                      {"name_de", name.de}});
  }
  std::sort(events.begin(), events.end(),
            [](const json& a, const json& b) { return a["id"] < b["id"]; });
  j["events"] = events;
  j["briefing"] = wb_briefing(*g);
  return j;
}

// The attack from a forward defence field (WP 7.1) and the mortar (WP 7.2 B) roll no dice: their
// outcome is certain. The odds panel shows it as one outcome with probability 1, in both
// languages, told by the events the action writes: the first (who fires, the ammo or shell spent)
// as the summary, the rest (the damage, the troop destroyed, excess damage lost, the day pile) as
// the outcome. Every other action: null (the engine's next-roll odds, if any).
json wp_odds(const State& state, const Action& action) {
  if (action.verb != kVFire && action.verb != kVMortar) return nullptr;
  const auto* s = dynamic_cast<const WpState*>(&state);
  if (s == nullptr) return nullptr;
  std::unique_ptr<State> next = s->clone();
  EventList events;
  next->apply(action, &events);
  Text summary{"Certain", "Sicher"}, outcome;
  for (size_t i = 0; i < events.size(); ++i) {
    const Event& e = events[i];
    const std::string& de = e.text_de.empty() ? e.text : e.text_de;
    if (i == 0) {
      summary = {"Certain (" + e.rule + "): " + e.text, "Sicher (" + e.rule + "): " + de};
      continue;
    }
    outcome.en += (outcome.en.empty() ? "" : "; ") + e.text;
    outcome.de += (outcome.de.empty() ? "" : "; ") + de;
  }
  const bool fire = action.verb == kVFire;
  return {{"kind", "certain"},
          {"exact", true},
          {"prompt", fire ? "none: an attack from a field rolls no dice (WP 7.1)"
                          : "none: the mortar rolls no dice (WP 7.2 B)"},
          {"summary", summary.en},
          {"summary_de", summary.de},
          {"outcomes", json::array({{{"text", outcome.en}, {"text_de", outcome.de}, {"p", 1.0}}})}};
}

}  // namespace feldherr::westerplatte
