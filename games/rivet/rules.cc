// Rivet Wars rules: turn structure, deployment, combat, movement, wrap-up (RW §4-§13).
#include <algorithm>
#include <cassert>

#include "games/rivet/rivet.h"

namespace feldherr::rivet {

namespace {

// "the Allies'" and "Bismark's": the possessive of a side's name.
std::string Possessive(const std::string& name) {
  return name + (!name.empty() && name.back() == 's' ? "'" : "'s");
}

int Opp(int f) {
  return 1 - f;
}

// A unit type's German name (RW Spielregeln), its English one where the data gives none.
const std::string& NameDe(const UnitType& t) {
  return t.german.empty() ? t.name : t.german;
}

void Say(EventList* ev, const char* rule, Text text, int seat) {
  ev->push_back(Event::said(rule, std::move(text), seat));
}

bool Bit(int mask, int f) {
  return (mask >> f) & 1;
}

// Grid target order (content §3): position of each field for the defending owner.
// Allies: NW 1, NE 2, SW 3, SE 4. Bismark: SE 1, SW 2, NE 3, NW 4.
int FieldPosition(int owner, int field) {
  static constexpr std::array<int, 4> kAllies = {1, 2, 3, 4};
  static constexpr std::array<int, 4> kBismark = {4, 3, 2, 1};
  return owner == 0 ? kAllies[static_cast<size_t>(field)] : kBismark[static_cast<size_t>(field)];
}

// Relative deviation direction (content §0.2) to a compass SquareDir for `faction`: the Allies
// face north, Bismark faces south.
int DeviationDir(Deviation d, int faction) {
  const int k = static_cast<int>(d) - 1;  // F=0 .. FL=7 in clockwise order
  return faction == kAllies ? k : RotateSquareDir(k, 4);
}

}  // namespace

Masks base_masks(int base_fields) {
  switch (base_fields) {
    case 1:
      return {{1, 2, 4, 8}, 4};
    case 2:
      return {{3, 12, 5, 10}, 4};  // N pair, S pair, W pair, E pair (content C5)
    case 4:
      return {{15}, 1};
    default:
      return {};
  }
}

// ---------------------------------------------------------------------------------------------
// Queries.

const Game& RivetState::game() const {
  return *game_;
}
const Mission& RivetState::mission() const {
  return game_->mission();
}
const Unit* RivetState::unit(int id) const {
  for (const Unit& u : units)
    if (u.id == id) return &u;
  return nullptr;
}
Unit* RivetState::unit_mut(int id) {
  for (Unit& u : units)
    if (u.id == id) return &u;
  return nullptr;
}

// Content D-6: host and plug form one unit; HP and loot add up.
int RivetState::max_hp(const Unit& u) const {
  int hp = type_of(u).hp;
  if (u.plug >= 0) hp += game_->data().units[static_cast<size_t>(u.plug)].hp;
  return hp;
}
int RivetState::loot(const Unit& u) const {
  int l = type_of(u).loot;
  if (u.plug >= 0) l += game_->data().units[static_cast<size_t>(u.plug)].loot;
  return l;
}

// Own abilities (not buffs) of host and plug; a plug's "(+X)" raises the host's ability of that
// name and gives nothing to a host without it (content D-6).
int RivetState::ability(const Unit& u, AbilityKind k) const {
  int x = -1;
  for (const Ability& a : type_of(u).abilities)
    if (a.kind == k && !a.buff) x = std::max(x, 0) + a.x;
  if (u.plug >= 0) {
    for (const Ability& a : game_->data().units[static_cast<size_t>(u.plug)].abilities) {
      if (a.kind != k || a.buff) continue;
      if (a.plus && x < 0) continue;
      x = std::max(x, 0) + a.x;
    }
  }
  return x;
}

const std::vector<Weapon>& RivetState::weapons(const Unit& u) const {
  return game_->weapons_of(u.type, u.plug);
}

int RivetState::seg_owner(int seg) const {
  for (const Unit& u : units)
    if (u.seg == seg) return u.owner;
  return -1;
}
std::array<int8_t, kMaxSegments> RivetState::segment_holders() const {
  std::array<int8_t, kMaxSegments> holder;
  holder.fill(-1);
  for (const Unit& u : units) holder[static_cast<size_t>(u.seg)] = static_cast<int8_t>(u.owner);
  return holder;
}
int RivetState::used_fields(int seg) const {
  int m = 0;
  for (const Unit& u : units)
    if (u.seg == seg) m |= u.fields;
  return m;
}
std::vector<int> RivetState::units_in(int seg) const {
  std::vector<int> out;
  for (const Unit& u : units)
    if (u.seg == seg) out.push_back(u.id);
  return out;
}

// Content §3: a unit's position is the lowest position among its fields, in its owner's order.
std::vector<int> RivetState::target_order(int seg) const {
  std::vector<std::pair<int, int>> pos;
  for (const Unit& u : units) {
    if (u.seg != seg) continue;
    int best = 5;
    for (int f = 0; f < 4; ++f)
      if (Bit(u.fields, f)) best = std::min(best, FieldPosition(u.owner, f));
    pos.emplace_back(best, u.id);
  }
  std::sort(pos.begin(), pos.end());
  std::vector<int> out;
  for (auto& p : pos) out.push_back(p.second);
  return out;
}

bool RivetState::terrain_in(int seg, Terrain t) const {
  return terrain_field(seg, t) >= 0;
}
int RivetState::terrain_field(int seg, Terrain t) const {
  for (const TerrainPiece& p : terrain)
    if (p.type == t && board().seg(p.col, p.row) == seg) return p.field;
  return -1;
}

// RW §8.1 step 6, §11, content §6.1: chart value -> + Assault -> - Bolster Defense (minimum 1).
// A chart value of 0 stays 0 (R13).
int RivetState::dice_against(const Unit& target, int chart_value, int assault,
                             int extra_bolster) const {
  if (chart_value <= 0) return 0;
  int n = chart_value + std::max(0, assault);
  // Bolster Defense (RW §11): the unit's own, a Buff of a unit in its segment, or infantry on
  // the bunker field (RW §10, content C3). Sources do not add up; the largest applies (reading
  // E1, docs/rules/rivet.md: the text gives one -X per unit).
  int bolster = std::max(0, ability(target, AbilityKind::kBolsterDefense));
  for (const Unit& o : units) {
    if (o.seg != target.seg || o.owner != target.owner) continue;
    for (const Ability& a : type_of(o).abilities)
      if (a.buff && a.kind == AbilityKind::kBolsterDefense) bolster = std::max(bolster, a.x);
    if (o.plug >= 0)
      for (const Ability& a : game_->data().units[static_cast<size_t>(o.plug)].abilities)
        if (a.buff && a.kind == AbilityKind::kBolsterDefense) bolster = std::max(bolster, a.x);
  }
  const int bunker = terrain_field(target.seg, Terrain::kBunker);
  if (is_infantry(target) && bunker >= 0 && Bit(target.fields, bunker))
    bolster = std::max(bolster, 1);
  bolster = std::max(bolster, extra_bolster);  // AC-18 Take Cover! (a Bolster Defense -1)
  // AC-10 Smoke Screen: 1 die fewer against units in a smoked segment (content §6.1 order).
  for (const auto& [seg, who] : smoke)
    if (seg == target.seg) {
      bolster += 1;
      break;
    }
  return std::max(1, n - bolster);
}

// One pass over the pieces; of several that bar a vehicle, the refusal names the first of
// objective, bunker, tank trap.
EntryBlock RivetState::terrain_block(int type, int seg) const {
  const bool infantry = game_->data().units[static_cast<size_t>(type)].cls == UnitClass::kInfantry;
  const Board& b = board();
  EntryBlock block = EntryBlock::kNone;
  for (const TerrainPiece& p : terrain) {
    if (b.seg(p.col, p.row) != seg) continue;
    if (infantry) {
      if (p.type == Terrain::kWire) return EntryBlock::kWire;
      continue;
    }
    if (p.type == Terrain::kObjective) return EntryBlock::kObjective;
    if (p.type == Terrain::kBunker) block = EntryBlock::kBunker;
    if (p.type == Terrain::kTankTrap && block == EntryBlock::kNone) block = EntryBlock::kTankTrap;
  }
  return block;
}

EntryBlock RivetState::entry_block_kind(int type, int owner, int seg) const {
  const int holder = seg_owner(seg);
  if (holder >= 0 && holder != owner) return EntryBlock::kEnemy;  // RW §3
  return terrain_block(type, seg);
}

Text RivetState::entry_block_text(EntryBlock block, int seg) const {
  switch (block) {
    case EntryBlock::kNone:
      return {};
    case EntryBlock::kEnemy:
      return say("RW §3: {} holds enemy units (a segment holds one faction only)",
                 "RW §3: in {} stehen gegnerische Einheiten (ein Segment gehört nur einer Seite)",
                 seg_name(seg));
    case EntryBlock::kObjective:
      return say("RW §10: only infantry may enter {} (strategic objective)",
                 "RW §10: nur Infanterie darf {} betreten (strategisches Ziel)", seg_name(seg));
    case EntryBlock::kBunker:
      return say("RW §10: only infantry may enter {} (bunker)",
                 "RW §10: nur Infanterie darf {} betreten (Bunker)", seg_name(seg));
    case EntryBlock::kTankTrap:
      return say("RW §10: only infantry may move onto {} (tank trap)",
                 "RW §10: nur Infanterie darf auf {} ziehen (Panzersperre)", seg_name(seg));
    case EntryBlock::kWire:
      return say("RW §10: infantry may not enter {} (barbed wire)",
                 "RW §10: Infanterie darf {} nicht betreten (Stacheldraht)", seg_name(seg));
  }
  return {};
}

Text RivetState::entry_block_type(int type, int owner, int seg) const {
  return entry_block_text(entry_block_kind(type, owner, seg), seg);
}

bool RivetState::can_shock(const Unit& u, int seg) const {
  if (ability(u, AbilityKind::kTankShock) < 1) return false;
  if (seg_owner(seg) != 1 - u.owner) return false;
  for (const Unit& o : units)
    if (o.seg == seg && !is_infantry(o)) return false;  // only enemy infantry there
  return terrain_block(u.type, seg) == EntryBlock::kNone;
}

std::vector<std::pair<int, int>> RivetState::retreat_options(const Unit& u) const {
  std::vector<std::pair<int, int>> out;
  const Board& b = board();
  for (int d = 0; d < kSquareDirs; ++d) {
    const SquareCell n = Step(b.cell(u.seg), d);
    if (!b.on_board(n)) continue;
    const int s = b.seg(n.x, n.y);
    if (entry_block_kind(u.type, u.owner, s) != EntryBlock::kNone) continue;
    for (int m : masks_for(u, s, u.id)) out.emplace_back(d, m);
  }
  return out;
}

// Free placements of a unit's base in `seg`, ignoring the unit `exclude_self_id` (R16, C5).
Masks RivetState::masks_for(const Unit& u, int seg, int exclude_self_id) const {
  int used = 0;
  for (const Unit& o : units)
    if (o.seg == seg && o.id != exclude_self_id) used |= o.fields;
  Masks out;
  for (int m : base_masks(type_of(u).base_fields))
    if ((m & used) == 0) out.push_back(m);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Turn structure.

RivetState::RivetState(const RivetGame& game) : game_(&game) {
  const Mission& m = game.mission();
  terrain = game.board().terrain;
  for (const TerrainPiece& p : terrain) {
    if (p.type != Terrain::kObjective) continue;
    so_segs.push_back(game.board().seg(p.col, p.row));
    so_field.push_back(p.field);
    flags.push_back(-1);
  }
  hero_used.assign(game.data().units.size(), false);
  for (int i = 0; i < static_cast<int>(game.data().actions.size()); ++i) deck.push_back(i);
  for (int i = 0; i < static_cast<int>(game.data().secrets.size()); ++i) sm_deck.push_back(i);
  // Missions 2 and 6 (RW §12): one Allied Rifleman on each SO field before the first turn.
  if (m.setup_riflemen_on_sos) {
    for (size_t i = 0; i < so_segs.size(); ++i) {
      Unit u;
      u.id = next_id++;
      u.type = game.data().unit_index("rifleman");
      u.owner = kAllies;
      u.seg = so_segs[i];
      u.fields = 1 << so_field[i];
      units.push_back(u);
    }
  }
  if (m.first_player >= 0) {
    first = m.first_player;
    active = first;
    start_turn(nullptr);
  }
}

void RivetState::start_turn(EventList* ev) {
  const Mission& m = mission();
  // RW §6: the scenario's DP (unspent ones lapse) and rivets (saved on the counter).
  dp[active] = m.dp[active];
  rivets[active] += m.rivets;
  inf_dp[active] = 0;
  free_units[active] = 0;
  stats = TurnStats{};
  // Mission 10 escalation (RW §12): the bonus for the exact VP total at the end of the last
  // round, at the start of each turn of this round.
  if (m.escalation && round > 1) {
    const int v = esc_vp[active];
    if (v == 1 || v == 2) dp[active] += 1;
    if (v == 3 || v == 4) rivets[active] += 1;
    if (v == 5 || v == 6) dp[active] += 3;
    if (v == 7 || v == 8) free_units[active] = 3;
    if (ev && v >= 1 && v <= 8)
      Say(ev, "RW §12 M10",
          say("{0} escalation bonus for {2} VP", "Eskalationsbonus der {1} für {2} SP",
              Possessive(faction_en(active, true)), faction_de(active), v),
          active);
  }
  for (Unit& u : units) {
    if (u.owner != active) continue;
    u.combat = 0;
    u.move = 0;
    u.rapid_used = false;
    u.placed = false;
    u.attacked = u.dashed = false;
    u.shots = {};
    u.card_precision = u.card_assault = 0;
    u.card_sniper = false;
    u.card_extra = -1;
    u.rush_left = u.dash_left = 0;
    u.rush_diag = false;
    u.buff_range = u.buff_rapid = 0;
    u.mp_left = 0;
    u.diag_used = false;
  }
  // RW §10 control: an own unit on an SO at the start of the turn plants the flag.
  for (size_t i = 0; i < so_segs.size(); ++i) {
    for (const Unit& u : units) {
      if (u.owner == active && u.seg == so_segs[i] && Bit(u.fields, so_field[i]) &&
          flags[i] != active) {
        flags[i] = active;
        if (ev)
          Say(ev, "RW §10",
              say("{0} the SO in {2} and places a flag",
                  "Die {1} kontrollieren das strategische Ziel in {2} und platzieren eine Flagge",
                  faction_does(active, "controls", "control"), faction_de(active),
                  seg_name(so_segs[i])),
              active);
      }
    }
  }
  activated_seg = -1;
  if (ev)
    Say(ev, "RW §5",
        say("round {0}: {1} turn; {2} DP, {3} rivet{4}",
            "Runde {0}: Zug der {5}; {2} AP, {3} Rivet{4}", round, Possessive(faction_en(active)),
            dp[active], rivets[active], rivets[active] == 1 ? "" : "s", faction_de(active)),
        active);
  card_step = 0;
  secret_draws = 0;
  para_done = false;
  forward_depot = false;
  window_open = false;
  window_used = false;
  w5_used = false;
  // AC-10: the smoke lasts until the start of the smoking player's next turn.
  smoke.erase(std::remove_if(smoke.begin(), smoke.end(),
                             [&](const std::pair<int, int>& p) { return p.second == active; }),
              smoke.end());
  // RW §11 Gas (R6, E4): the active player's units that start the turn in a cloud suffer a gas
  // attack; then the active player's clouds drift (each by a deviation card).
  phase = Phase::kStartGas;
  for (const GasCloud& c : clouds) {
    std::vector<int> ids;
    for (const Unit& u : units)
      if (u.owner == active && u.seg == c.seg) ids.push_back(u.id);
    if (!ids.empty()) gas_attack_job(c.seg, c.owner, c.chart, ids, false);
  }
  for (size_t i = 0; i < clouds.size(); ++i)
    if (clouds[i].owner == active) {
      GasJob j;
      j.cloud = static_cast<int>(i);
      gas_jobs.push_back(j);
    }
  run_gas(ev);
}

bool RivetState::immune_to_gas(const Unit& u) const {
  if (ability(u, AbilityKind::kImmuneToGas) >= 0) return true;
  for (const Unit& o : units) {  // Buff: Immune to Gas of an own unit in the segment (RW §5)
    if (o.seg != u.seg || o.owner != u.owner) continue;
    for (const Ability& a : type_of(o).abilities)
      if (a.buff && a.kind == AbilityKind::kImmuneToGas) return true;
    if (o.plug >= 0)
      for (const Ability& a : game_->data().units[static_cast<size_t>(o.plug)].abilities)
        if (a.buff && a.kind == AbilityKind::kImmuneToGas) return true;
  }
  return false;
}

void RivetState::gas_attack_job(int seg, int owner, const std::array<int, 5>& chart,
                                std::vector<int> ids, bool front) {
  GasJob j;
  j.seg = seg;
  j.owner = owner;
  j.chart = chart;
  j.units = std::move(ids);
  if (front)
    gas_jobs.insert(gas_jobs.begin(), j);
  else
    gas_jobs.push_back(j);
}

// Works off the gas jobs one by one (each may wait for dice or a drift card); at the start of a
// turn it then goes on with the card phase.
void RivetState::run_gas(EventList* ev) {
  while (!pending.active && gas_drift < 0 && retreat.empty()) {
    if (gas_jobs.empty()) {
      if (phase == Phase::kStartGas) {
        // Mission 9 (RW §12, R11): at the start of an Allied turn up to three Riflemen drop,
        // free, limited by the Rifleman miniatures not on the board.
        const int rifle = game_->data().unit_index("rifleman");
        int on_board = 0;
        for (const Unit& u : units) on_board += u.type == rifle;
        const int drop =
            active == kAllies
                ? std::min(mission().paradrop,
                           game_->data().units[static_cast<size_t>(rifle)].miniatures - on_board)
                : 0;
        if (drop > 0 && !para_done) {
          para_done = true;
          para_left = drop;
          para_origin = -1;
          return;  // the Allied player chooses the segment (kParadrop)
        }
        phase = Phase::kCards;
        advance_cards(ev);
      }
      return;
    }
    GasJob j = gas_jobs.front();
    gas_jobs.erase(gas_jobs.begin());
    if (j.cloud >= 0) {
      if (j.cloud < static_cast<int>(clouds.size())) gas_drift = j.cloud;  // draw (chance)
      continue;
    }
    std::vector<int> queue;
    for (int id : target_order(j.seg)) {
      const Unit* u = unit(id);
      if (std::find(j.units.begin(), j.units.end(), id) == j.units.end()) continue;
      if (immune_to_gas(*u)) {
        if (ev)
          Say(ev, "RW §11",
              say("{0} is immune to gas", "{1} ist immun gegen Gas", type_of(*u).name,
                  NameDe(type_of(*u))),
              u->owner);
        continue;
      }
      queue.push_back(id);
    }
    if (queue.empty()) continue;
    pending = Pending{};
    pending.active = true;
    pending.source = 3;
    pending.faction = j.owner;
    pending.owner = j.owner;
    pending.chart = j.chart;
    pending.flat = true;
    pending.seg = j.seg;
    pending.queue = queue;
    pending.resume = static_cast<int>(phase);
    if (ev)
      Say(ev, "RW §11", say("gas attack in {}", "Gasangriff in {}", seg_name(j.seg)), j.owner);
    advance_pending(ev);
  }
}

// RW §5.1 card phase: (1) optionally discard 1 Action! card, (2) draw 1 if holding fewer than 3
// (not in the very first turn of the game), (3) draw secret missions up to 2 (at most 2 draws).
// Mission 1 draws no cards, mission 2 no secret missions (RW §12).
void RivetState::advance_cards(EventList* ev) {
  const Mission& m = mission();
  if (card_step == 0) {
    if (m.action_cards && !hands[active].empty()) return;  // the player decides
    card_step = 1;
  }
  if (card_step == 1) {
    const bool first_turn = round == 1 && turn_in_round == 0;
    if (m.action_cards && hands[active].size() < 3 && !first_turn && !deck.empty()) return;
    if (ev && m.action_cards && first_turn)
      Say(ev, "RW §5.1",
          {"the first player draws no Action! card in the first turn",
           "der Startspieler zieht im ersten Zug keine Action!-Karte"},
          active);
    card_step = 2;
  }
  if (card_step == 2) {
    if (m.secret_missions && secrets[active].size() < 2 && secret_draws < 2 && !sm_deck.empty())
      return;
    card_step = 3;
  }
  if (card_step == 3 && has_w1_play()) return;  // W1: after drawing (content §6.2)
  if (card_step == 5) return;                   // AC-24: the new secret mission is drawn (chance)
  card_step = 0;
  phase = Phase::kDeployment;
  // Mission 8 (RW §12): 2 extra DP at the start of the deployment phase, infantry only.
  inf_dp[active] = m.infantry_bonus_dp;
}

int RivetState::secret_metric(SecretMetric metric) const {
  const Board& b = board();
  int n = 0;
  switch (metric) {
    case SecretMetric::kUnitsInEnemyDeployment:
      for (const Unit& u : units)
        n += u.owner == active &&
             b.deploy[static_cast<size_t>(u.seg)][static_cast<size_t>(1 - active)];
      return n;
    case SecretMetric::kHeldSos:
      for (size_t i = 0; i < so_segs.size(); ++i) {
        bool held = flags[i] == active;
        for (const Unit& u : units)
          held =
              held || (u.owner == active && u.seg == so_segs[i] && ((u.fields >> so_field[i]) & 1));
        n += held;
      }
      return n;
    case SecretMetric::kEnemyFlagsRemoved:
      return stats.flags_removed;
    case SecretMetric::kEnemyDestroyed:
      return stats.destroyed;
    case SecretMetric::kEnemyHeroesDestroyed:
      return stats.heroes;
    case SecretMetric::kEnemyNonInfantryDestroyed:
      return stats.non_infantry;
    case SecretMetric::kDamagingClasses:
      for (int c = 0; c < 5; ++c) n += (stats.classes >> c) & 1;
      return n;
    case SecretMetric::kUnitsInNoMansLand:
      for (const Unit& u : units)
        n += u.owner == active && b.territory[static_cast<size_t>(u.seg)] == kNoMansLand;
      return n;
    case SecretMetric::kRivets:
      return rivets[active];
    case SecretMetric::kMultiDamageAttack:
      return stats.multi;
  }
  return 0;
}

// Content §7.1: in his wrap-up phase, after the SO VP, every secret mission in the active
// player's hand whose goal is met scores and goes to the discard pile.
void RivetState::score_secrets(EventList* ev) {
  const auto& data = game_->data();
  std::vector<int> keep;
  for (int c : secrets[active]) {
    const SecretMission& sm = data.secrets[static_cast<size_t>(c)];
    if (secret_metric(sm.metric) >= sm.threshold) {
      vp[active] += sm.vp;
      sm_discard.push_back(c);
      if (ev)
        Say(ev, "RW §13",
            say("{0} secret mission {2} ({3}) for {4} VP",
                "Die {1} erfüllen die Geheime Mission {2} ({3}) für {4} SP",
                faction_does(active, "fulfils", "fulfil"), faction_de(active), sm.id, sm.name,
                sm.vp),
            active);
    } else {
      keep.push_back(c);
    }
  }
  secrets[active] = keep;
}

int RivetState::usable_dp(int type) const {
  const UnitType& t = game_->data().units[static_cast<size_t>(type)];
  return dp[active] + (t.cls == UnitClass::kInfantry && !t.hero ? inf_dp[active] : 0);
}

bool RivetState::deploys_free(int type) const {
  const auto& d = game_->data();
  return free_units[active] > 0 &&
         type == d.unit_index(active == kAllies ? "rifleman" : "panzerfaust");
}

void RivetState::end_turn(EventList* ev) {
  const Mission& m = mission();
  // RW §10 wrap-up (R5): each SO captured (own unit on its field, C4) or controlled (own flag)
  // scores 1 VP; taking an SO removes the opponent's flag.
  const bool scores = !(m.so_scoring_bismark_only && active != kBismark);
  for (size_t i = 0; i < so_segs.size(); ++i) {
    bool on = false;
    for (const Unit& u : units)
      if (u.owner == active && u.seg == so_segs[i] && Bit(u.fields, so_field[i])) on = true;
    if (on && flags[i] == Opp(active)) {
      flags[i] = -1;
      ++stats.flags_removed;
      if (ev)
        Say(ev, "RW §10",
            say("{0} the SO in {2} and removes the enemy flag",
                "Die {1} erobern das strategische Ziel in {2} und entfernen die gegnerische Flagge",
                faction_does(active, "takes", "take"), faction_de(active), seg_name(so_segs[i])),
            active);
    }
    if ((on || flags[i] == active) && scores) {
      vp[active] += 1;
      if (ev)
        Say(ev, "RW §10",
            say("{0} 1 VP for the SO in {2}",
                "Die {1} erhalten 1 SP für das strategische Ziel in {2}",
                faction_does(active, "scores", "score"), faction_de(active), seg_name(so_segs[i])),
            active);
    }
  }
  if (m.secret_missions) score_secrets(ev);
  for (Unit& u : units)
    if (u.owner == active) u.bogged = false;  // AC-11 lasted for this turn (E8)
  if (vp[active] >= m.vp[active]) threshold_reached = true;
  if (turn_in_round == 0) {
    turn_in_round = 1;
    active = Opp(active);
    start_turn(ev);
    return;
  }
  // End of the round (RW §13): the round is complete, every player had the same turns.
  if (m.allies_vp_per_round > 0) vp[kAllies] += m.allies_vp_per_round;
  esc_vp = vp;  // mission 10: the totals that select next round's bonus
  const bool a = vp[kAllies] >= m.vp[kAllies], b = vp[kBismark] >= m.vp[kBismark];
  // The end of the game: the state keeps its record (end_reason, ending_record); the players
  // read ending_text() in their language.
  auto finish = [&](int w, Ending kind) {
    phase = Phase::kOver;
    winner = w;
    end_reason = ending_record(kind, w);
    if (ev) Say(ev, "RW §13", ending_text(kind, w), w == 2 ? kNobody : w);
  };
  if (tie_continuation && vp[kAllies] != vp[kBismark]) {
    const int w = vp[kAllies] > vp[kBismark] ? kAllies : kBismark;
    finish(w, Ending::kAfterTie);
    return;
  }
  if (!tie_continuation && (a || b)) {
    if (a && !b) return finish(kAllies, Ending::kThreshold);
    if (b && !a) return finish(kBismark, Ending::kThreshold);
    if (vp[kAllies] != vp[kBismark]) {
      const int w = vp[kAllies] > vp[kBismark] ? kAllies : kBismark;
      return finish(w, Ending::kBothOver);
    }
    tie_continuation = true;
    if (ev)
      Say(ev, "RW §13 R15",
          {"both sides meet the victory conditions with equal VP; play continues",
           "beide Seiten erfüllen die Siegbedingungen mit gleich vielen SP; das Spiel geht weiter"},
          kNobody);
  }
  const int max_rounds = game_->opts().max_rounds;
  if (max_rounds > 0 && round >= max_rounds) {
    if (vp[kAllies] == vp[kBismark]) return finish(2, Ending::kRoundLimit);
    const int w = vp[kAllies] > vp[kBismark] ? kAllies : kBismark;
    return finish(w, Ending::kRoundLimit);
  }
  ++round;
  turn_in_round = 0;
  // RW §4.5 R1: "Zu Beginn eines Zuges würfeln die Spieler die Initiative aus" — by default a
  // new roll opens every round (chance, kInitiative); with initiative=game the first player of
  // the first round opens every round.
  if (game_->opts().initiative == InitiativeRule::kEveryRound) {
    phase = Phase::kInitiative;
    return;
  }
  active = first;
  start_turn(ev);
}

// ---------------------------------------------------------------------------------------------
// Decisions.

// current_seat, chance_outcomes: steps.cc (the step table).

namespace {

// The card that answers the window `w` of a pending attack (content §6.2 W4, W8, W9).
const char* WindowCard(int w) {
  return w == 4 ? "AC-07" : w == 8 ? "AC-18" : w == 9 ? "AC-19" : "";
}

}  // namespace

Decision RivetState::decision() const {
  Decision d;
  const RivetStep s = step();
  d.seat = current_seat();
  d.kind = step_row(s).decision;
  // The deciding side as a prompt's first word names it ("Allies: deploy units ...").
  const std::string side = d.seat >= 0 ? game_->side_name(d.seat).en : "";
  const std::string act = game_->side_name(active).en, act_de = game_->side_name(active).de;
  switch (s) {
    case RivetStep::kOver:
      d.say({"The game is over (RW §13).", "Das Spiel ist vorbei (RW §13)."});
      return d;
    case RivetStep::kInitiative:
      d.say(say("Round {}: each player rolls 1d6 for the initiative (RW §4.5 R1).",
                "Runde {}: jeder Spieler wirft einen W6 für die Initiative (RW §4.5 R1).", round));
      return d;
    case RivetStep::kReaction: {
      static const std::array<Text, 10> kText = {
          Text{},
          Text{},
          Text{},
          Text{},
          Text{"play AC-07 Lucky Charm to re-roll your attack, or end (content §6.2 W4).",
               "AC-07 Lucky Charm spielen, um den Angriff neu zu würfeln, oder beenden (content "
               "§6.2 W4)."},
          Text{},
          Text{},
          Text{},
          Text{"play AC-18 Take Cover! against this attack, or end (content §6.2 W8).",
               "AC-18 Take Cover! gegen diesen Angriff spielen oder beenden (content §6.2 W8)."},
          Text{"play AC-19 Dud Shell to cancel this hit, or end (content §6.2 W9).",
               "AC-19 Dud Shell spielen, um diesen Treffer aufzuheben, oder beenden (content "
               "§6.2 W9)."}};
      const bool held = holds(d.seat, WindowCard(pending.window));
      const Text& what =
          held ? kText[static_cast<size_t>(pending.window)]
               : Text{"you hold no card for this moment; end (content §6.2).",
                      "keine Karte auf der Hand für diesen Moment; beenden (content §6.2)."};
      d.say(say("{0}: {2}", "{1}: {3}", side, game_->side_name(d.seat).de, what.en, what.de));
      d.decline = Action(kEnd, {});
      return d;
    }
    case RivetStep::kParadropAim:
      d.say({"Allies: choose the segment the paradrop aims at (RW §12 mission 9).",
             "Alliierte: das Segment wählen, auf das der Fallschirmabsprung zielt (RW §12 "
             "Mission 9)."});
      return d;
    case RivetStep::kParadropDraw:
      d.say({"Draw an Action! card: the Rifleman lands by its diagram (RW §12 mission 9).",
             "Eine Action!-Karte ziehen: der Schütze landet nach ihrem Diagramm (RW §12 Mission "
             "9)."});
      return d;
    case RivetStep::kGasDrift:
      d.say({"Draw an Action! card: the gas cloud drifts by its diagram (RW §11 Gas).",
             "Eine Action!-Karte ziehen: die Gaswolke treibt nach ihrem Diagramm (RW §11 Gas)."});
      return d;
    case RivetStep::kDeviationDraw:
      d.say({"Draw the top Action! card for the deviation (RW §8.4).",
             "Die oberste Action!-Karte für die Abweichung ziehen (RW §8.4)."});
      return d;
    case RivetStep::kCardDraw:
      d.say({"Draw 1 Action! card (RW §5.1).", "1 Action!-Karte ziehen (RW §5.1)."});
      return d;
    case RivetStep::kSecretDraw:
      d.say({"Draw a secret mission (RW §5.1).", "Eine Geheime Mission ziehen (RW §5.1)."});
      return d;
    case RivetStep::kAttackRoll:
      d.say(say("Roll attack die {} of {} (RW §8.1 step 7).",
                "Angriffswürfel {} von {} würfeln (RW §8.1 Schritt 7).", pending.rolled.size() + 1,
                pending.dice));
      return d;
    case RivetStep::kRetreat:
      d.say(say("{0}: move u{2} out of {3} to an adjacent segment (RW §11 Tank Shock).",
                "{1}: u{2} aus {3} in ein benachbartes Segment ziehen (RW §11 Panzerschock).",
                game_->side_name(1 - active).en, game_->side_name(1 - active).de, retreat.front(),
                seg_name(shock_seg)));
      return d;
    case RivetStep::kWrapUp:
      d.say(say("{0}: play an Action! card before the VP check, or end (content §6.2 W7).",
                "{1}: eine Action!-Karte vor der Siegpunkt-Wertung spielen oder beenden (content "
                "§6.2 W7).",
                act, act_de));
      break;
    case RivetStep::kCards:
      if (card_step == 0)
        d.say(say("{0}: discard 1 Action! card, or end to keep your hand (RW §5.1).",
                  "{1}: 1 Action!-Karte abwerfen oder beenden, um die Hand zu behalten (RW §5.1).",
                  act, act_de));
      else
        d.say(say("{0}: play an Action! card after the draws, or end (content §6.2 W1).",
                  "{1}: nach dem Ziehen eine Action!-Karte spielen oder beenden (content §6.2 "
                  "W1).",
                  act, act_de));
      break;
    case RivetStep::kDeployment:
      d.say(say("{0}: deploy units with {2} DP and {3} rivet{4}, or end (RW §7).",
                "{1}: Einheiten mit {2} AP und {3} Rivet{4} aufstellen oder beenden (RW §7).", act,
                act_de, dp[active], rivets[active], rivets[active] == 1 ? "" : "s"));
      break;
    case RivetStep::kCombat:
      d.say(say("{0}: activate a segment, act with its units, or end the combat phase (RW §8.1).",
                "{1}: ein Segment aktivieren und mit seinen Einheiten handeln oder die Kampfphase "
                "beenden (RW §8.1).",
                act, act_de));
      break;
    case RivetStep::kMovement:
      d.say(say("{0}: activate a segment and move its units, or end the movement phase (RW §9).",
                "{1}: ein Segment aktivieren und seine Einheiten bewegen oder die Bewegungsphase "
                "beenden (RW §9).",
                act, act_de));
      break;
    case RivetStep::kNumSteps:
      break;
  }
  // No `decline` for the phase steps: `end` ends the seat's own phase, not a reaction window the
  // interface may decline for the player (engine/game.h Decision::decline; the card windows
  // above have one).
  return d;
}

// Action! cards in a hand are secret (RW §5.1): to the other seat and observers a reaction window
// says whose it is and when, never which card could answer it.
Decision RivetState::decision_for(int viewer) const {
  Decision d = decision();
  if (viewer == kNobody || viewer == d.seat || step() != RivetStep::kReaction) return d;
  static const std::array<Text, 10> kWhen = {
      Text{},
      Text{},
      Text{},
      Text{},
      Text{"may play an Action! card on this attack roll, or end (content §6.2 W4).",
           "dürfen eine Action!-Karte auf diesen Angriffswurf spielen oder beenden (content §6.2 "
           "W4)."},
      Text{},
      Text{},
      Text{},
      Text{"may play an Action! card against this attack, or end (content §6.2 W8).",
           "dürfen eine Action!-Karte gegen diesen Angriff spielen oder beenden (content §6.2 "
           "W8)."},
      Text{"may play an Action! card against this hit, or end (content §6.2 W9).",
           "dürfen eine Action!-Karte gegen diesen Treffer spielen oder beenden (content §6.2 "
           "W9)."}};
  const Text& when = kWhen[static_cast<size_t>(pending.window)];
  d.say(say("{0}: {2}", "Die {1} {3}", game_->side_name(d.seat).en, faction_de(d.seat), when.en,
            when.de));
  return d;
}

// Content §7.1: the `end` that ends a turn scores the fulfilled secret missions, which are then
// shown (undo closes there).
bool RivetState::reveals_information(const Action& a) const {
  if (a.verb != kEnd || !mission().secret_missions) return false;
  const RivetStep s = step();
  return s == RivetStep::kWrapUp || (s == RivetStep::kMovement && !has_w7_play());
}

void RivetState::legal_actions(ActionList& out) const {
  out.clear();
  const RivetStep s = step();
  if (step_row(s).seat == RivetStepSeat::kChance) {
    for (const ChanceOutcome& o : chance_outcomes()) out.push_back(o.action);
    return;
  }
  switch (s) {
    case RivetStep::kReaction: {  // content §6.2: the window's card if held, or end
      const int seat = reaction_seat();
      for (int c : hands[static_cast<size_t>(seat)])
        if (game_->data().actions[static_cast<size_t>(c)].id == WindowCard(pending.window)) {
          out.push_back(Action(kPlay, {c, 0, 0}));
          break;
        }
      out.push_back(Action(kEnd, {}));
      return;
    }
    case RivetStep::kParadropAim:  // mission 9: any segment of the map may be chosen (R11)
      for (int g = 0; g < board().num_segments(); ++g) out.push_back(Action(kParadrop, {g}));
      return;
    case RivetStep::kRetreat: {  // RW §11: the defender moves the Tank Shock survivor
      const Unit& u = *unit(retreat.front());
      for (auto [d, m] : retreat_options(u)) out.push_back(Action(kRetreat, {u.id, d, m}));
      return;
    }
    case RivetStep::kCards:
      if (card_step == 0)  // RW §5.1 step 1
        for (int c : hands[active]) out.push_back(Action(kDiscard, {c}));
      else  // content §6.2 W1
        card_plays(out);
      out.push_back(Action(kEnd, {}));
      return;
    case RivetStep::kWrapUp:  // content §6.2 W7
      card_plays(out);
      out.push_back(Action(kEnd, {}));
      return;
    case RivetStep::kDeployment:
      deployment_actions(out);
      return;
    case RivetStep::kCombat:
      combat_actions(out);
      return;
    case RivetStep::kMovement:
      movement_actions(out);
      return;
    case RivetStep::kOver:
    case RivetStep::kInitiative:  // the chance steps: above
    case RivetStep::kGasDrift:
    case RivetStep::kDeviationDraw:
    case RivetStep::kAttackRoll:
    case RivetStep::kParadropDraw:
    case RivetStep::kCardDraw:
    case RivetStep::kSecretDraw:
    case RivetStep::kNumSteps:
      return;
  }
}

// Steps of one segment (RW §9): diagonal at most once, entry rules, free fields.
void RivetState::unit_steps(const Unit& u, int verb, bool diag_used, ActionList& out) const {
  if (u.bogged) return;  // AC-11 Bogged Down
  const Board& b = board();
  const SquareCell c = b.cell(u.seg);
  for (int d = 0; d < kSquareDirs; ++d) {
    if (IsDiagonalDir(d) && diag_used) continue;
    const SquareCell n = Step(c, d);
    if (!b.on_board(n)) continue;
    const int s = b.seg(n.x, n.y);
    if (can_shock(u, s)) {  // RW §11 Tank Shock: the survivors will leave the segment
      for (int m : base_masks(type_of(u).base_fields)) out.push_back(Action(verb, {u.id, d, m}));
      continue;
    }
    if (entry_block_kind(u.type, u.owner, s) != EntryBlock::kNone) continue;
    for (int m : masks_for(u, s, u.id)) out.push_back(Action(verb, {u.id, d, m}));
  }
}

void RivetState::deployment_actions(ActionList& out) const {
  const auto& data = game_->data();
  const Board& b = board();
  // RW §7.1: a unit type, paid in DP and rivets, into an own deployment segment.
  std::vector<int> on_board(data.units.size(), 0);
  const std::array<int8_t, kMaxSegments> holder = segment_holders();
  std::array<int, kMaxSegments> used{};
  for (const Unit& u : units) {
    ++on_board[static_cast<size_t>(u.type)];
    if (u.plug >= 0) ++on_board[static_cast<size_t>(u.plug)];
    used[static_cast<size_t>(u.seg)] |= u.fields;
  }
  // The segments a unit of any type may be deployed into, with the fields taken there: own
  // deployment segments (and AC-22's) that hold no enemy units (RW §3).
  std::vector<std::pair<int, int>> open;
  for (int s = 0; s < b.num_segments(); ++s) {
    const int h = holder[static_cast<size_t>(s)];
    if (deploy_segment(s) && (h < 0 || h == active))
      open.emplace_back(s, used[static_cast<size_t>(s)]);
  }
  for (int t = 0; t < static_cast<int>(data.units.size()); ++t) {
    const UnitType& ut = data.units[static_cast<size_t>(t)];
    if (ut.faction != active) continue;
    if (!deploys_free(t) && (ut.cost > usable_dp(t) || ut.rivets > rivets[active])) continue;
    if (on_board[static_cast<size_t>(t)] >= ut.miniatures) continue;
    if (ut.hero && hero_used[static_cast<size_t>(t)]) continue;
    if (ut.is_plug()) {
      // RW §7.2: into a free socket of an own unit standing in own territory.
      for (const Unit& h : units)
        if (h.owner == active && h.plug < 0 && type_of(h).sockets > 0 &&
            b.territory[static_cast<size_t>(h.seg)] == active)
          out.push_back(Action(kPlug, {t, h.id}));
      continue;
    }
    for (const auto& [s, taken] : open) {
      if (terrain_block(t, s) != EntryBlock::kNone) continue;
      for (int m : base_masks(ut.base_fields))
        if ((m & taken) == 0) out.push_back(Action(kDeploy, {t, s, m}));
    }
  }
  card_plays(out);
  out.push_back(Action(kEnd, {}));
}

void RivetState::combat_actions(ActionList& out) const {
  const Board& b = board();
  // Per segment: whose units stand there (RW §3: one faction only), and whether an own unit
  // there has not fought yet (its segment may be activated).
  const std::array<int8_t, kMaxSegments> holder = segment_holders();
  std::array<bool, kMaxSegments> ready{};
  for (const Unit& u : units)
    if (u.owner == active && u.combat == 0) ready[static_cast<size_t>(u.seg)] = true;
  for (int s = 0; s < b.num_segments(); ++s)
    if (ready[static_cast<size_t>(s)]) out.push_back(Action(kActivate, {s}));
  for (const Unit& u : units) {
    if (u.owner != active || u.combat != 1) continue;
    const std::vector<Weapon>& ws = weapons(u);
    const bool sniper = is_sniper(u);
    if (!u.dashed) {
      for (int w = 0; w < static_cast<int>(ws.size()); ++w) {
        const Weapon& wp = ws[static_cast<size_t>(w)];
        if (u.shots[static_cast<size_t>(w)] >= attacks_of(u, w)) continue;
        if (wp.range_ground <= 0) continue;  // R18: every target of this box is a ground unit
        const int range =
            wp.range_ground + std::max(0, ability(u, AbilityKind::kRangeGround)) + u.buff_range;
        for (int s = 0; s < b.num_segments(); ++s) {
          if (holder[static_cast<size_t>(s)] != Opp(active) || range_to(u.seg, s) > range) continue;
          const std::vector<int> order = target_order(s);
          if (sniper && !(wp.rules & (kFlatGrid | kChainGrid)) && !wp.deviates) {
            for (int id : order)
              if (dice_against(*unit(id), wp.dice[static_cast<size_t>(type_of(*unit(id)).armour)],
                               0) > 0)
                out.push_back(Action(kSnipe, {u.id, w, id}));
            continue;
          }
          bool possible = false;
          if ((wp.rules & kFlatGrid) || wp.deviates) {
            for (int id : order)
              if (wp.dice[static_cast<size_t>(type_of(*unit(id)).armour)] > 0) possible = true;
          } else {
            possible = wp.dice[static_cast<size_t>(type_of(*unit(order[0])).armour)] > 0;
          }
          if (possible) out.push_back(Action(kAttack, {u.id, w, s}));
        }
      }
      // Rapid Assault (RW §11): steps before the unit attacks.
      if (!u.attacked && u.rush_left > 0) unit_steps(u, kRush, u.rush_diag, out);
    }
    // Dash (RW §11): the unit's [Action] instead of attacking.
    if (!u.attacked && !u.rapid_used && u.dash_left > 0) unit_steps(u, kDash, u.rush_diag, out);
  }
  card_plays(out);
  out.push_back(Action(kEnd, {}));
}

void RivetState::movement_actions(ActionList& out) const {
  const Board& b = board();
  // The segments with an own unit that has not moved yet (their activation, RW §9).
  std::array<bool, kMaxSegments> ready{};
  for (const Unit& u : units)
    if (u.owner == active && u.move == 0 && !u.rapid_used) ready[static_cast<size_t>(u.seg)] = true;
  for (int s = 0; s < b.num_segments(); ++s)
    if (ready[static_cast<size_t>(s)]) out.push_back(Action(kActivate, {s}));
  for (const Unit& u : units) {
    if (u.owner != active) continue;
    if (u.move == 1 && u.mp_left > 0) unit_steps(u, kStep, u.diag_used, out);
    if (!u.placed && (u.move == 1 || (activated_seg >= 0 && u.seg == activated_seg))) {
      for (int m : masks_for(u, u.seg, u.id))
        if (m != u.fields) out.push_back(Action(kPlace, {u.id, m}));
    }
  }
  card_plays(out);
  out.push_back(Action(kEnd, {}));
}

Text RivetState::why_illegal_text(const Action& a) const {
  ActionList legal;
  legal_actions(legal);
  if (std::find(legal.begin(), legal.end(), a) != legal.end()) return {};
  const Text why = why_illegal_impl(a);
  return why.en.empty() ? Text{"not a legal action now", "jetzt keine erlaubte Aktion"} : why;
}

// Reasons for refusals, citing the rule (checked in the order the rules apply).
Text RivetState::why_illegal_impl(const Action& a) const {
  const RivetStep step_now = step();
  if (step_now == RivetStep::kOver)
    return {"RW §13: the game is over", "RW §13: das Spiel ist vorbei"};
  if (step_row(step_now).seat == RivetStepSeat::kChance)
    return {"the dice or the deck decide now (chance)",
            "jetzt entscheiden die Würfel oder der Kartenstapel (Zufall)"};
  const auto& data = game_->data();
  const Board& b = board();
  auto verb_phase = [&](Phase p, const char* rule) -> Text {
    if (phase != p)
      return say("{}: not allowed in this phase", "{}: in dieser Phase nicht erlaubt", rule);
    return {};
  };
  switch (a.verb) {
    case kDeploy:
    case kPlug: {
      if (auto e = verb_phase(Phase::kDeployment, "RW §7"); !e.en.empty()) return e;
      if (a.arg(0) >= static_cast<int>(data.units.size()))
        return {"no such unit type", "keine solche Einheitenart"};
      const UnitType& ut = data.units[static_cast<size_t>(a.arg(0))];
      const std::string& de = NameDe(ut);
      if (ut.faction != active)
        return say("RW §7.1: {0} belongs to the other faction",
                   "RW §7.1: {1} gehört zur anderen Seite", ut.name, de);
      if (ut.hero && hero_used[static_cast<size_t>(a.arg(0))])
        return say("RW §7.3: {0} is a hero and may be deployed only once per game",
                   "RW §7.3: {1} ist ein Held und darf nur einmal pro Spiel aufgestellt werden",
                   ut.name, de);
      if (ut.cost > usable_dp(a.arg(0)) && !deploys_free(a.arg(0)))
        return say("RW §7.1: {0} costs {2} DP, {3} usable",
                   "RW §7.1: {1} kostet {2} AP, {3} verfügbar", ut.name, de, ut.cost,
                   usable_dp(a.arg(0)));
      if (ut.rivets > rivets[active] && !deploys_free(a.arg(0)))
        return say("RW §7.1: {0} costs {2} rivet{4}, {3} on the counter",
                   "RW §7.1: {1} kostet {2} Rivet{4}, {3} auf der Leiste", ut.name, de, ut.rivets,
                   rivets[active], ut.rivets == 1 ? "" : "s");
      int n = 0;
      for (const Unit& u : units) n += (u.type == a.arg(0)) + (u.plug == a.arg(0));
      if (n >= ut.miniatures)
        return say("RW §1 [REC]: all {2} miniatures of {0} are on the board",
                   "RW §1 [REC]: alle {2} Miniaturen von {1} stehen auf dem Spielfeld", ut.name, de,
                   ut.miniatures);
      if (a.verb == kPlug) {
        if (!ut.is_plug())
          return say("RW §7.2: {0} is not a plug", "RW §7.2: {1} ist kein Stecker", ut.name, de);
        const Unit* h = unit(a.arg(1));
        if (!h || h->owner != active)
          return {"RW §7.2: a plug goes onto one of your units",
                  "RW §7.2: ein Stecker kommt auf eine eigene Einheit"};
        if (h->plug >= 0 || type_of(*h).sockets == 0)
          return say("RW §7.2: u{} has no free socket", "RW §7.2: u{} hat keinen freien Sockel",
                     h->id);
        if (b.territory[static_cast<size_t>(h->seg)] != active)
          return {"RW §7.2: the host must stand in your own territory",
                  "RW §7.2: die Trägereinheit muss im eigenen Gebiet stehen"};
        return {};
      }
      if (ut.is_plug())
        return {"RW §7.2: a plug is deployed into a socket (plug ...)",
                "RW §7.2: ein Stecker wird in einen Sockel gesetzt (plug ...)"};
      if (a.arg(1) >= b.num_segments()) return {"no such segment", "kein solches Segment"};
      if (!deploy_segment(a.arg(1)))
        return say("RW §7.1: {} is not one of your deployment segments",
                   "RW §7.1: {} ist keines deiner Aufstellungssegmente", seg_name(a.arg(1)));
      if (auto e = entry_block_type(a.arg(0), active, a.arg(1)); !e.en.empty()) return e;
      return {"RW §3 [REC] R16: the base does not fit on free fields there",
              "RW §3 [REC] R16: die Base passt dort nicht auf freie Felder"};
    }
    case kActivate:
      if (phase != Phase::kCombat && phase != Phase::kMovement)
        return {"RW §8.1/§9: segments are activated in the combat and movement phases",
                "RW §8.1/§9: Segmente werden in der Kampf- und der Bewegungsphase aktiviert"};
      if (seg_owner(a.arg(0)) != active)
        return {"RW §8.1 step 1: choose a segment holding own units",
                "RW §8.1 Schritt 1: ein Segment mit eigenen Einheiten wählen"};
      return {"RW §8.1 step 10 / §9 step 4: every unit is activated at most once per phase",
              "RW §8.1 Schritt 10 / §9 Schritt 4: jede Einheit wird höchstens einmal pro Phase "
              "aktiviert"};
    case kAttack:
    case kSnipe: {
      if (auto e = verb_phase(Phase::kCombat, "RW §8"); !e.en.empty()) return e;
      const Unit* u = unit(a.arg(0));
      if (!u || u->owner != active)
        return {"RW §8.1: choose one of your units", "RW §8.1: eine eigene Einheit wählen"};
      if (u->combat != 1)
        return {"RW §8.1 step 3: the unit is not active (activate its segment)",
                "RW §8.1 Schritt 3: die Einheit ist nicht aktiv (ihr Segment aktivieren)"};
      if (u->dashed)
        return {"RW §8.1 step 3: the unit used its [Action] (Dash) instead of attacking",
                "RW §8.1 Schritt 3: die Einheit hat ihre [Aktion] (Spurt) statt eines Angriffs "
                "genutzt"};
      const auto& ws = weapons(*u);
      if (a.arg(1) >= static_cast<int>(ws.size()))
        return {"the unit has no such weapon", "die Einheit hat keine solche Waffe"};
      const Weapon& w = ws[static_cast<size_t>(a.arg(1))];
      if (u->shots[static_cast<size_t>(a.arg(1))] >= attacks_of(*u, a.arg(1)))
        return say("RW §8.1 step 8: the weapon has made its {} attack(s)",
                   "RW §8.1 Schritt 8: die Waffe hat ihre {} Angriff(e) gemacht", w.attacks);
      const int target_seg =
          a.verb == kAttack ? a.arg(2) : (unit(a.arg(2)) ? unit(a.arg(2))->seg : -1);
      if (target_seg < 0 || target_seg >= b.num_segments())
        return {"no such target", "kein solches Ziel"};
      if (seg_owner(target_seg) == active)
        return say("RW §3, §8.1 step 4: {} holds friendly units",
                   "RW §3, §8.1 Schritt 4: in {} stehen eigene Einheiten", seg_name(target_seg));
      if (seg_owner(target_seg) < 0)
        return say("RW §8.1 step 4: no enemy unit in {}",
                   "RW §8.1 Schritt 4: keine gegnerische Einheit in {}", seg_name(target_seg));
      const int range =
          w.range_ground + std::max(0, ability(*u, AbilityKind::kRangeGround)) + u->buff_range;
      if (range_to(u->seg, target_seg) > range)
        return say("RW §8.2: {} is {} segments away, range {}",
                   "RW §8.2: {} ist {} Segmente entfernt, Reichweite {}", seg_name(target_seg),
                   range_to(u->seg, target_seg), range);
      const Text no_dice{
          "RW §8.1 step 6: the chart gives 0 dice against that unit's armour (no attack "
          "possible)",
          "RW §8.1 Schritt 6: die Tabelle gibt 0 Würfel gegen die Panzerung dieser Einheit (kein "
          "Angriff möglich)"};
      if (a.verb == kSnipe) {
        if (!is_sniper(*u))
          return {"RW §8.1 step 4: only a Sniper may ignore the grid target order (RW §11)",
                  "RW §8.1 Schritt 4: nur ein Scharfschütze darf die Zielrangfolge übergehen (RW "
                  "§11)"};
        return no_dice;
      }
      if (is_sniper(*u) && !(w.rules & (kFlatGrid | kChainGrid)) && !w.deviates)
        return {"RW §11: a Sniper names its target unit (snipe ...)",
                "RW §11: ein Scharfschütze benennt seine Zieleinheit (snipe ...)"};
      return {
          "RW §8.1 step 6: the chart gives 0 dice against the target's armour (no attack "
          "possible)",
          "RW §8.1 Schritt 6: die Tabelle gibt 0 Würfel gegen die Panzerung des Ziels (kein "
          "Angriff möglich)"};
    }
    case kRush:
    case kDash:
    case kStep: {
      const Unit* u = unit(a.arg(0));
      if (!u || u->owner != active)
        return {"RW §9: choose one of your units", "RW §9: eine eigene Einheit wählen"};
      if (a.verb == kStep) {
        if (phase != Phase::kMovement)
          return {"RW §9: units move in the movement phase",
                  "RW §9: Einheiten ziehen in der Bewegungsphase"};
        if (u->rapid_used)
          return {"RW §9: a unit that used Rapid Assault in the combat phase may not move",
                  "RW §9: eine Einheit, die in der Kampfphase Sturmangriff genutzt hat, darf nicht "
                  "ziehen"};
        if (u->move != 1)
          return {"RW §9: the unit is not active (activate its segment)",
                  "RW §9: die Einheit ist nicht aktiv (ihr Segment aktivieren)"};
        if (u->mp_left <= 0)
          return {"RW §9: no movement points left", "RW §9: keine Bewegungspunkte mehr"};
      } else {
        if (phase != Phase::kCombat)
          return {"RW §11: Rapid Assault and Dash move in the combat phase",
                  "RW §11: Sturmangriff und Spurt bewegen in der Kampfphase"};
        if (u->combat != 1)
          return {"RW §8.1: the unit is not active", "RW §8.1: die Einheit ist nicht aktiv"};
        if (u->attacked)
          return {"RW §11: Rapid Assault moves before the attack",
                  "RW §11: Sturmangriff bewegt vor dem Angriff"};
        if (a.verb == kRush && u->rush_left <= 0)
          return {"RW §11: no Rapid Assault points (ability or Buff) left",
                  "RW §11: keine Sturmangriff-Punkte (Fähigkeit oder Buff) mehr"};
        if (a.verb == kDash && u->dash_left <= 0)
          return {"RW §11: no Dash points left", "RW §11: keine Spurt-Punkte mehr"};
      }
      if (u->bogged)
        return {"content §6.4 AC-11: the unit is bogged down and may not move this turn",
                "content §6.4 AC-11: die Einheit steckt fest und darf in diesem Zug nicht ziehen"};
      if (a.arg(1) >= kSquareDirs) return {"no such direction", "keine solche Richtung"};
      const bool diag_used = a.verb == kStep ? u->diag_used : u->rush_diag;
      if (IsDiagonalDir(a.arg(1)) && diag_used)
        return {"RW §9: at most one diagonal step per activation",
                "RW §9: höchstens ein diagonaler Schritt pro Aktivierung"};
      const SquareCell n = Step(b.cell(u->seg), a.arg(1));
      if (!b.on_board(n))
        return {"RW §9: that step leaves the map", "RW §9: dieser Schritt verlässt das Spielfeld"};
      const int s = b.seg(n.x, n.y);
      if (auto e = entry_block_type(u->type, u->owner, s); !e.en.empty()) {
        if (seg_owner(s) == 1 - active && ability(*u, AbilityKind::kTankShock) >= 1)
          return {
              "RW §11: Tank Shock enters only a segment held by enemy infantry alone, "
              "if the unit may otherwise enter it",
              "RW §11: Panzerschock führt nur in ein Segment, in dem allein gegnerische "
              "Infanterie steht, wenn die Einheit es sonst betreten darf"};
        return e;
      }
      return say("RW §3 [REC] R16: the base does not fit on free fields of {}",
                 "RW §3 [REC] R16: die Base passt nicht auf freie Felder von {}", seg_name(s));
    }
    case kRetreat:
      return {
          "RW §11: only the defender moves a Tank Shock survivor, to an adjacent segment it "
          "may enter",
          "RW §11: nur der Verteidiger zieht einen Überlebenden eines Panzerschocks, in ein "
          "benachbartes Segment, das er betreten darf"};
    case kPlace:
      if (phase != Phase::kMovement)
        return {"RW §9: units are rearranged in the movement phase",
                "RW §9: Einheiten werden in der Bewegungsphase umgestellt"};
      return {"RW §9: rearrange once per turn a unit of the activated segment onto free fields",
              "RW §9: einmal pro Zug eine Einheit des aktivierten Segments auf freie Felder "
              "umstellen"};
    case kPlay:
      return card_why(a);
    case kParadrop:
      return {"RW §12 mission 9: the paradrop is chosen at the start of an Allied turn",
              "RW §12 Mission 9: der Fallschirmabsprung wird zu Beginn eines Zuges der Alliierten "
              "gewählt"};
    case kDiscard:
      if (phase != Phase::kCards)
        return {"RW §5.1: Action! cards are discarded in the card phase",
                "RW §5.1: Action!-Karten werden in der Kartenphase abgeworfen"};
      return {"RW §5.1: discard a card of your hand", "RW §5.1: eine Karte deiner Hand abwerfen"};
    case kEnd:
      return {};
    default:
      return {"not an action of the players", "keine Aktion der Spieler"};
  }
}

// ---------------------------------------------------------------------------------------------
// Apply.

void RivetState::apply(const Action& a, EventList* ev) {
  ++moves;
  apply_impl(a, ev);
}

void RivetState::close_activation() {
  for (Unit& u : units) {
    if (u.owner != active) continue;
    if (phase == Phase::kCombat && u.combat == 1) u.combat = 2;
    if (phase == Phase::kMovement && u.move == 1) u.move = 2;
  }
  activated_seg = -1;
}

// RW §8.1 steps 1-2, RW §9 steps 1-2: all own units of the segment become active with the buffs
// of the segment (kept for the whole activation, RW §5).
void RivetState::activate_segment(int seg, EventList* ev) {
  close_activation();
  activated_seg = seg;
  window_open = true;  // W3 / W6 (content §6.2)
  window_used = false;
  w5_used = false;
  int buff_range = 0, buff_rapid = 0, buff_move = 0;
  for (const Unit& o : units) {
    if (o.seg != seg || o.owner != active) continue;
    std::vector<Ability> abs = type_of(o).abilities;
    if (o.plug >= 0)
      for (const Ability& x : game_->data().units[static_cast<size_t>(o.plug)].abilities)
        abs.push_back(x);
    for (const Ability& x : abs) {
      if (!x.buff) continue;
      if (x.kind == AbilityKind::kRangeGround) buff_range = std::max(buff_range, x.x);
      if (x.kind == AbilityKind::kRapidAssault) buff_rapid = std::max(buff_rapid, x.x);
      if (x.kind == AbilityKind::kMoveBonus) buff_move = std::max(buff_move, x.x);
    }
  }
  for (Unit& u : units) {
    if (u.seg != seg || u.owner != active) continue;
    if (phase == Phase::kCombat && u.combat == 0) {
      u.combat = 1;
      // Range bonus applies only to a unit with a ground range (RW §11).
      u.buff_range = buff_range;
      u.buff_rapid = buff_rapid;
      u.rush_left = std::max(std::max(0, ability(u, AbilityKind::kRapidAssault)), buff_rapid);
      u.dash_left = std::max(0, ability(u, AbilityKind::kDash));
      u.rush_diag = false;
      u.shots = {};
      u.card_precision = u.card_assault = 0;
      u.card_sniper = false;
      u.card_extra = -1;
    }
    if (phase == Phase::kMovement && u.move == 0) {
      if (u.rapid_used) {
        u.move = 2;  // RW §9: no movement after Rapid Assault
        continue;
      }
      u.move = 1;
      int mp = type_of(u).move + std::max(0, ability(u, AbilityKind::kMoveBonus)) + buff_move;
      // Runner (RW §11): +X if on a duckboard field when activated; SO and bunker fields count
      // as duckboards (RW §10).
      const int runner = ability(u, AbilityKind::kRunner);
      if (runner > 0) {
        bool duck = false;
        for (int f = 0; f < 4; ++f) {
          if (!Bit(u.fields, f)) continue;
          if (board().duckboard[static_cast<size_t>(u.seg)][static_cast<size_t>(f)]) duck = true;
          if (terrain_field(u.seg, Terrain::kObjective) == f ||
              terrain_field(u.seg, Terrain::kBunker) == f)
            duck = true;
        }
        if (duck) mp += runner;
      }
      u.mp_left = mp;
      u.diag_used = false;
    }
  }
  if (ev)
    Say(ev, phase == Phase::kCombat ? "RW §8.1" : "RW §9",
        say("{0} {2}", "Die {1} aktivieren {2}", faction_does(active, "activates", "activate"),
            faction_de(active), seg_name(seg)),
        active);
}

// Entering a segment (RW §10): wire is destroyed by a non-infantry unit, a minefield attacks it.
void RivetState::enter_segment(Unit& u, int seg, int mask, EventList* ev) {
  u.seg = seg;
  u.fields = mask;
  // RW §11 Gas: a unit moving into a cloud segment suffers a gas attack per cloud.
  for (const GasCloud& c : clouds)
    if (c.seg == seg) gas_attack_job(seg, c.owner, c.chart, {u.id}, false);
  if (!is_infantry(u)) {
    for (size_t i = 0; i < terrain.size(); ++i) {
      if (terrain[i].type == Terrain::kWire && board().seg(terrain[i].col, terrain[i].row) == seg) {
        terrain.erase(terrain.begin() + static_cast<long>(i));
        if (ev)
          Say(ev, "RW §10",
              say("{0} destroys the barbed wire in {2}", "{1} zerstört den Stacheldraht in {2}",
                  type_of(u).name, NameDe(type_of(u)), seg_name(seg)),
              u.owner);
        break;
      }
    }
    if (terrain_in(seg, Terrain::kMinefield)) begin_minefield(u, ev);
  }
  run_gas(ev);  // gas attacks of the entered clouds (after a minefield attack, if any)
}

void RivetState::begin_minefield(Unit& u, EventList* ev) {
  pending = Pending{};
  pending.active = true;
  pending.source = 1;
  pending.faction = -1;
  pending.seg = u.seg;
  pending.flat_dice = 2;
  pending.queue = {u.id};
  pending.resume = static_cast<int>(phase);
  if (ev)
    Say(ev, "RW §10",
        say("{0} enters a minefield: 2-dice attack",
            "{1} betritt ein Minenfeld: Angriff mit 2 Würfeln", type_of(u).name,
            NameDe(type_of(u))),
        u.owner);
  advance_pending(ev);
}

void RivetState::begin_attack(Unit& u, int weapon, int seg, int sniper_target, EventList* ev) {
  const Weapon& w = weapons(u)[static_cast<size_t>(weapon)];
  pending = Pending{};
  pending.active = true;
  pending.source = 0;
  pending.attacker = u.id;
  pending.faction = u.owner;
  pending.chart = w.dice;
  pending.precision = std::max(0, ability(u, AbilityKind::kPrecision)) + u.card_precision;
  pending.assault = std::max(0, ability(u, AbilityKind::kAssault)) + u.card_assault;
  pending.chain = (w.rules & kChainGrid) != 0;
  pending.flat = (w.rules & kFlatGrid) != 0;
  pending.deviate = w.deviates;
  pending.gas = (w.rules & kGas) != 0;
  pending.gas_seg = w.deviates ? -1 : seg;
  pending.sniper = sniper_target >= 0;
  pending.seg = seg;
  pending.resume = static_cast<int>(phase);
  if (ev)
    Say(ev, "RW §8.1",
        say("{0} (u{2}) attacks {3}{4}", "{1} (u{2}) greift {3} an{5}", type_of(u).name,
            NameDe(type_of(u)), u.id, seg_name(seg),
            w.deviates ? " (the attack deviates, RW §8.4)" : "",
            w.deviates ? " (der Angriff weicht ab, RW §8.4)" : ""),
        u.owner);
  if (pending.deviate) return;  // the deviation card is drawn first (kDraw)
  if (pending.sniper)
    pending.queue = {sniper_target};
  else if (pending.flat || pending.chain)
    pending.queue = target_order(seg);
  else
    pending.queue = {target_order(seg).front()};
  advance_pending(ev);
}

// Sets up the next resolution of the pending attack, or ends it (RW §8.1 steps 4-8).
void RivetState::advance_pending(EventList* ev) {
  while (!pending.queue.empty()) {
    const Unit* t = unit(pending.queue.front());
    if (!t) {
      pending.queue.erase(pending.queue.begin());
      continue;
    }
    const int n = pending.source == 1 || pending.source == 2
                      ? dice_against(*t, pending.flat_dice, 0)
                      : dice_against(*t, pending.chart[static_cast<size_t>(type_of(*t).armour)],
                                     pending.assault);
    if (n == 0) {
      if (ev)
        Say(ev, "RW §8.1 step 6",
            say("0 dice against {0} (u{2}): no attack possible",
                "0 Würfel gegen {1} (u{2}): kein Angriff möglich", type_of(*t).name,
                NameDe(type_of(*t)), t->id),
            t->owner);
      if (pending.flat) {  // Flat Grid: the other units are still attacked
        pending.queue.erase(pending.queue.begin());
        continue;
      }
      pending.queue.clear();  // a single attack or a chain ends here
      break;
    }
    pending.dice = n;
    pending.rolled.clear();
    const bool card_attack = pending.source == 0 || pending.source == 2 || pending.source == 4;
    if (card_attack && t->owner != active && may_hold(t->owner, "AC-18")) pending.window = 8;
    return;
  }
  const Phase resume = static_cast<Phase>(pending.resume);
  const int source = pending.source;
  // RW §11 Gas: the attack leaves a cloud where it landed (at most 5 markers, D-9).
  if (pending.gas && pending.gas_seg >= 0) {
    if (clouds.size() < 5) {
      GasCloud c;
      c.seg = pending.gas_seg;
      c.owner = pending.faction;
      c.created = round;
      c.chart = pending.chart;
      clouds.push_back(c);
      if (ev)
        Say(ev, "RW §11",
            say("a gas cloud forms in {}", "eine Gaswolke bildet sich in {}", seg_name(c.seg)),
            c.owner);
    } else if (ev) {
      Say(ev, "content D-9",
          {"all 5 gas markers are on the map: no cloud",
           "alle 5 Gas-Marker liegen auf der Karte: keine Wolke"},
          pending.faction);
    }
  }
  pending = Pending{};
  phase = resume;
  if (source == 2) setup_retreat(ev);
  run_gas(ev);
}

// RW §11 Tank Shock: X dice against every unit of the segment (R9), then the survivors leave.
void RivetState::begin_tank_shock(Unit& u, int seg, int mask, EventList* ev) {
  pending = Pending{};
  pending.active = true;
  pending.source = 2;
  pending.attacker = u.id;
  pending.faction = u.owner;
  pending.flat = true;
  pending.seg = seg;
  pending.flat_dice = ability(u, AbilityKind::kTankShock);
  pending.queue = target_order(seg);
  pending.resume = static_cast<int>(phase);
  shock_unit = u.id;
  shock_seg = seg;
  shock_mask = mask;
  if (ev)
    Say(ev, "RW §11",
        say("{0} (u{2}) makes a Tank Shock into {3}: {4} dice against every unit",
            "{1} (u{2}) macht einen Panzerschock nach {3}: {4} Würfel gegen jede Einheit",
            type_of(u).name, NameDe(type_of(u)), u.id, seg_name(seg), pending.flat_dice),
        u.owner);
  advance_pending(ev);
}

// Survivors are moved out by the defender; one with no segment to go to is eliminated (reading
// E3, docs/rules/rivet.md).
void RivetState::setup_retreat(EventList* ev) {
  retreat.clear();
  for (int id : target_order(shock_seg)) {
    const Unit* u = unit(id);
    if (retreat_options(*u).empty()) {
      if (ev)
        Say(ev, "RW §11",
            say("{0} (u{2}) cannot retreat and is eliminated",
                "{1} (u{2}) kann nicht zurückweichen und wird ausgeschaltet", type_of(*u).name,
                NameDe(type_of(*u)), id),
            u->owner);
      Unit* m = unit_mut(id);
      m->damage = max_hp(*m) - 1;
      damage_unit(id, active, ev);
      continue;
    }
    retreat.push_back(id);
  }
  if (retreat.empty()) finish_shock(ev);
}

void RivetState::finish_shock(EventList* ev) {
  Unit* t = unit_mut(shock_unit);
  const int seg = shock_seg, mask = shock_mask;
  shock_unit = shock_seg = -1;
  shock_mask = 0;
  if (t) enter_segment(*t, seg, mask, ev);
}

// The roll of the current resolution is complete: W4 for the attacker (AC-07), then the hit
// check, then W9 for the defender (AC-19) (content §6.1 sequence).
void RivetState::resolve_current(EventList* ev) {
  const bool card_attack = pending.source == 0 || pending.source == 2 || pending.source == 4;
  if (card_attack && pending.faction == active && !pending.rerolled && may_hold(active, "AC-07")) {
    pending.window = 4;
    return;
  }
  finish_roll(ev);
}

void RivetState::finish_roll(EventList* ev) {
  bool hit = false;
  for (int f : pending.rolled) hit = hit || f + pending.precision >= 5;
  const Unit* t = unit(pending.queue.front());
  const bool card_attack = pending.source == 0 || pending.source == 2 || pending.source == 4;
  if (hit && card_attack && t && t->owner != active && may_hold(t->owner, "AC-19")) {
    pending.window = 9;
    return;
  }
  resolve_hit(hit, ev);
}

void RivetState::resolve_hit(bool hit, EventList* ev) {
  pending.window = 0;
  const int id = pending.queue.front();
  std::string faces;
  for (int f : pending.rolled) faces += (faces.empty() ? "" : " ") + std::to_string(f);
  const Unit* t = unit(id);
  if (ev && t) {
    const std::string plus =
        pending.precision ? " (+" + std::to_string(pending.precision) + " precision)" : "";
    const std::string plus_de =
        pending.precision ? " (+" + std::to_string(pending.precision) + " Präzision)" : "";
    Say(ev, "RW §8.1 step 7",
        say("dice {0}{1} against {3} (u{5}): {6}", "Würfel {0}{2} gegen {4} (u{5}): {7}", faces,
            plus, plus_de, type_of(*t).name, NameDe(type_of(*t)), id,
            hit ? "hit, 1 damage" : "miss", hit ? "Treffer, 1 Schaden" : "kein Treffer"),
        t->owner);
  }
  pending.queue.erase(pending.queue.begin());
  if (hit && t && t->owner != pending.faction && pending.faction == active) {
    if (std::find(pending.damaged.begin(), pending.damaged.end(), id) == pending.damaged.end())
      pending.damaged.push_back(id);
    stats.multi = std::max(stats.multi, static_cast<int>(pending.damaged.size()));
    if (const Unit* att = unit(pending.attacker))
      stats.classes |= 1 << static_cast<int>(type_of(*att).cls);
  }
  if (hit) damage_unit(id, pending.faction, ev);
  if (!hit && pending.chain) pending.queue.clear();  // RW §11 Chain Grid: until an attack misses
  pending.rerolled = false;
  pending.take_cover = false;
  advance_pending(ev);
}

bool RivetState::holds(int faction, const char* card_id) const {
  if (!mission().action_cards || faction < 0) return false;
  for (int c : hands[static_cast<size_t>(faction)])
    if (game_->data().actions[static_cast<size_t>(c)].id == card_id) return true;
  return false;
}

// Reading E7 (docs/rules/rivet.md): a reaction window opens whenever the player could hold the
// card for all the others can tell (a hand that is not empty, the card not in the discard pile).
bool RivetState::may_hold(int faction, const char* card_id) const {
  if (!mission().action_cards || faction < 0 || hands[static_cast<size_t>(faction)].empty())
    return false;
  for (int c : discard)
    if (game_->data().actions[static_cast<size_t>(c)].id == card_id) return false;
  return true;
}

int RivetState::reaction_seat() const {
  if (pending.window == 4) return active;
  const Unit* t = pending.queue.empty() ? nullptr : unit(pending.queue.front());
  return t ? t->owner : active;
}

// RW §8.3: one damage marker; at HP the unit is removed and its loot goes to the destroying
// player. Reading E2 (docs/rules/rivet.md): a unit destroyed by its own side's (deviated) attack
// gives no loot; one destroyed by a minefield gives its loot to the opponent.
void RivetState::damage_unit(int id, int by_faction, EventList* ev) {
  Unit* u = unit_mut(id);
  if (!u) return;
  ++u->damage;
  if (u->damage < max_hp(*u)) return;
  const int owner = u->owner;
  const int l = loot(*u);
  if (owner != active) {  // content §7.1: enemy units destroyed during this turn
    ++stats.destroyed;
    const UnitType& t = type_of(*u);
    stats.heroes +=
        t.hero || (u->plug >= 0 && game_->data().units[static_cast<size_t>(u->plug)].hero);
    stats.non_infantry += t.cls != UnitClass::kInfantry;
  }
  const std::string name = type_of(*u).name, name_de = NameDe(type_of(*u));
  units.erase(std::find_if(units.begin(), units.end(), [&](const Unit& x) { return x.id == id; }));
  const bool scores = by_faction != owner && l > 0;
  if (scores) vp[Opp(owner)] += l;
  if (ev)
    Say(ev, "RW §8.3",
        say("{0} (u{2}) is destroyed{3}", "{1} (u{2}) ist vernichtet{4}", name, name_de, id,
            scores ? "; " + faction_does(Opp(owner), "gains", "gain", false) + " " +
                         std::to_string(l) + " VP loot"
                   : std::string(),
            scores
                ? "; die " + faction_de(Opp(owner)) + " erhalten " + std::to_string(l) + " SP Beute"
                : std::string()),
        owner);
}

void RivetState::draw_card_to_discard(int card) {
  deck.erase(std::find(deck.begin(), deck.end(), card));
  discard.push_back(card);
  if (deck.empty()) {  // RW §5: an empty deck is formed anew from its discard pile
    deck = discard;
    std::sort(deck.begin(), deck.end());
    discard.clear();
  }
}

void RivetState::apply_impl(const Action& a, EventList* ev) {
  const auto& data = game_->data();
  const Board& b = board();
  switch (a.verb) {
    case kInitiative: {
      // RW §4.5 (R1): the same roll opens the game and, with initiative=round, every round.
      if (ev) {
        Text text = say("round {0} initiative: the Allies roll {1}, Bismark rolls {2}",
                        "Initiative in Runde {0}: die Alliierten würfeln {1}, die Bismarks {2}",
                        round, a.arg(0), a.arg(1));
        const int starts = a.arg(0) > a.arg(1) ? kAllies : kBismark;
        if (a.arg(0) == a.arg(1)) {
          text.en += "; a tie is rolled again";
          text.de += "; bei Gleichstand wird erneut gewürfelt";
        } else {
          text.en += "; " + faction_does(starts, "takes", "take", false) + " the first turn";
          text.de += "; die " + faction_de(starts) + " sind als Erste am Zug";
        }
        Say(ev, "RW §4.5 R1", std::move(text), kNobody);
      }
      if (a.arg(0) == a.arg(1)) return;  // re-roll ties
      first = a.arg(0) > a.arg(1) ? kAllies : kBismark;
      active = first;
      start_turn(ev);
      return;
    }
    case kPlay:
      apply_card(a, ev);
      return;
    case kParadrop:
      para_origin = a.arg(0);
      para_aim = a.arg(0);
      if (ev)
        Say(ev, "RW §12 M9",
            say("the paradrop aims at {}", "der Fallschirmabsprung zielt auf {}",
                seg_name(a.arg(0))),
            kAllies);
      return;
    case kDraw: {
      const RivetStep drawn_for = step();
      if (drawn_for == RivetStep::kParadropDraw) {
        // Mission 9: the card moves the Rifleman from the origin; off the map he is eliminated;
        // a segment he may not enter makes him draw again from there (RW §12, R11).
        const ActionCard& card = data.actions[static_cast<size_t>(a.arg(0))];
        draw_card_to_discard(a.arg(0));
        int seg = para_origin;
        if (card.deviation != Deviation::kOn) {
          const SquareCell n = Step(b.cell(seg), DeviationDir(card.deviation, kAllies));
          if (!b.on_board(n)) {
            if (ev)
              Say(ev, "RW §12 M9",
                  say("a paratrooper drifts off the map and is eliminated ({})",
                      "ein Fallschirmjäger segelt aus dem Spielfeld und wird eliminiert ({})",
                      card.id),
                  kAllies);
            --para_left;
            para_origin = para_left > 0 ? para_aim : -1;
            if (para_left == 0) run_gas(ev);
            return;
          }
          seg = b.seg(n.x, n.y);
        }
        const int rifle = data.unit_index("rifleman");
        int used = used_fields(seg);
        int field = -1;
        for (int f : {kNW, kNE, kSW, kSE})  // the first free field in Allied order (E5)
          if (field < 0 && !((used >> f) & 1)) field = f;
        if (entry_block_kind(rifle, kAllies, seg) != EntryBlock::kNone || field < 0) {
          if (ev)
            Say(ev, "RW §12 M9",
                say("a paratrooper cannot land in {} and drifts on ({})",
                    "ein Fallschirmjäger kann nicht in {} landen und treibt weiter ({})",
                    seg_name(seg), card.id),
                kAllies);
          para_origin = seg;
          return;
        }
        Unit u;
        u.id = next_id++;
        u.type = rifle;
        u.owner = kAllies;
        u.seg = seg;
        u.fields = 1 << field;
        units.push_back(u);
        if (ev)
          Say(ev, "RW §12 M9",
              say("a paratrooper (u{}) lands in {} ({})",
                  "ein Fallschirmjäger (u{}) landet in {} ({})", u.id, seg_name(seg), card.id),
              kAllies);
        --para_left;
        para_origin = para_left > 0 ? para_aim : -1;
        if (para_left == 0) run_gas(ev);
        return;
      }
      if (drawn_for == RivetStep::kGasDrift) {  // RW §11 Gas (R6): the cloud drifts by the card
        const ActionCard& card = data.actions[static_cast<size_t>(a.arg(0))];
        draw_card_to_discard(a.arg(0));
        const int ci = gas_drift;
        gas_drift = -1;
        GasCloud& c = clouds[static_cast<size_t>(ci)];
        if (card.deviation != Deviation::kOn) {
          const SquareCell n = Step(b.cell(c.seg), DeviationDir(card.deviation, c.owner));
          if (!b.on_board(n)) {
            if (ev)
              Say(ev, "RW §11",
                  say("the gas cloud in {} drifts off the map",
                      "die Gaswolke in {} treibt aus dem Spielfeld", seg_name(c.seg)),
                  c.owner);
            clouds.erase(clouds.begin() + ci);
            for (GasJob& j : gas_jobs)
              if (j.cloud > ci) --j.cloud;
          } else {
            c.seg = b.seg(n.x, n.y);
            if (ev)
              Say(ev, "RW §11",
                  say("a gas cloud drifts to {} ({})", "eine Gaswolke treibt nach {} ({})",
                      seg_name(c.seg), card.id),
                  c.owner);
            std::vector<int> ids = units_in(c.seg);
            if (!ids.empty()) gas_attack_job(c.seg, c.owner, c.chart, ids, true);
          }
        } else if (ev) {
          Say(ev, "RW §11",
              say("the gas cloud in {} does not drift ({})",
                  "die Gaswolke in {} treibt nicht ab ({})", seg_name(c.seg), card.id),
              c.owner);
        }
        run_gas(ev);
        return;
      }
      if (drawn_for == RivetStep::kCardDraw) {  // RW §5.1 step 2
        deck.erase(std::find(deck.begin(), deck.end(), a.arg(0)));
        hands[active].push_back(a.arg(0));
        if (deck.empty()) {  // RW §5: the discard pile becomes the new deck
          deck = discard;
          std::sort(deck.begin(), deck.end());
          discard.clear();
        }
        if (ev)
          Say(ev, "RW §5.1",
              say("{0} an Action! card", "Die {1} ziehen eine Action!-Karte",
                  faction_does(active, "draws", "draw"), faction_de(active)),
              active);
        card_step = 2;
        advance_cards(ev);
        return;
      }
      // RivetStep::kDeviationDraw.
      const ActionCard& card = data.actions[static_cast<size_t>(a.arg(0))];
      draw_card_to_discard(a.arg(0));
      pending.deviate = false;
      // RW §8.4: the diagram, read from the active player's side, names the actual segment.
      int seg = pending.seg;
      std::string where = "on target", where_de = "im Ziel";
      if (card.deviation != Deviation::kOn) {
        const int dir = DeviationDir(card.deviation, pending.faction);
        const SquareCell n = Step(b.cell(seg), dir);
        if (!b.on_board(n)) {
          if (ev)
            Say(ev, "RW §8.4 R10",
                say("deviation card {} ({}) sends the attack off the map: no effect",
                    "Abweichungskarte {} ({}) lenkt den Angriff aus dem Spielfeld: keine Wirkung",
                    card.id, deviation_name(card.deviation)),
                pending.faction);
          const Phase resume = static_cast<Phase>(pending.resume);
          pending = Pending{};
          phase = resume;
          run_gas(ev);
          return;
        }
        seg = b.seg(n.x, n.y);
        where = "to " + seg_name(seg);
        where_de = "in " + seg_name(seg);
      }
      if (ev)
        Say(ev, "RW §8.4",
            say("deviation card {0} ({1}): the attack lands {2}",
                "Abweichungskarte {0} ({1}): der Angriff landet {3}", card.id,
                deviation_name(card.deviation), where, where_de),
            pending.faction);
      pending.seg = seg;
      pending.gas_seg = seg;
      if (pending.source == 5) {  // AC-10 Smoke Screen lands
        smoke.emplace_back(seg, pending.faction);
        if (ev)
          Say(ev, "content §6.4 AC-10", say("{} is smoked", "{} ist eingenebelt", seg_name(seg)),
              pending.faction);
        const Phase resume = static_cast<Phase>(pending.resume);
        pending = Pending{};
        phase = resume;
        return;
      }
      const std::vector<int> order = target_order(seg);
      if (pending.flat || pending.chain)
        pending.queue = order;
      else if (!order.empty())
        pending.queue = {order.front()};
      advance_pending(ev);
      return;
    }
    case kDrawSecret:
      sm_deck.erase(std::find(sm_deck.begin(), sm_deck.end(), a.arg(0)));
      secrets[active].push_back(a.arg(0));
      ++secret_draws;
      if (sm_deck.empty()) {
        sm_deck = sm_discard;
        std::sort(sm_deck.begin(), sm_deck.end());
        sm_discard.clear();
      }
      if (ev)
        Say(ev, "RW §5.1",
            say("{0} a secret mission", "Die {1} ziehen eine Geheime Mission",
                faction_does(active, "draws", "draw"), faction_de(active)),
            active);
      if (card_step == 5) card_step = 4;  // AC-24's draw ends the W1 window
      advance_cards(ev);
      return;
    case kDiscard: {
      auto& h = hands[active];
      h.erase(std::find(h.begin(), h.end(), a.arg(0)));
      discard.push_back(a.arg(0));
      if (ev)
        Say(ev, "RW §5.1",
            say("{0} {2}", "Die {1} werfen {2} ab", faction_does(active, "discards", "discard"),
                faction_de(active), data.actions[static_cast<size_t>(a.arg(0))].id),
            active);
      card_step = 1;
      advance_cards(ev);
      return;
    }
    case kDie:
      pending.rolled.push_back(a.arg(0));
      if (static_cast<int>(pending.rolled.size()) >= pending.dice) resolve_current(ev);
      return;
    case kDeploy: {
      const UnitType& ut = data.units[static_cast<size_t>(a.arg(0))];
      Unit u;
      u.id = next_id++;
      u.type = a.arg(0);
      u.owner = active;
      u.seg = a.arg(1);
      u.fields = a.arg(2);
      // Deployed this turn: it acts in this turn's combat and movement phases (RW §5 order).
      const bool free = deploys_free(a.arg(0));
      units.push_back(u);
      if (free) {
        --free_units[active];  // mission 10 (R12): free, no DP and no rivets
      } else {
        // Mission 8: the infantry DP are used first by non-hero infantry.
        int cost = ut.cost;
        if (ut.cls == UnitClass::kInfantry && !ut.hero) {
          const int use = std::min(cost, inf_dp[active]);
          inf_dp[active] -= use;
          cost -= use;
        }
        dp[active] -= cost;
        rivets[active] -= ut.rivets;
      }
      if (ut.hero) hero_used[static_cast<size_t>(a.arg(0))] = true;
      if (ev)
        Say(ev, "RW §7.1",
            say("{0} {2} (u{4}) in {5}", "Die {1} stellen {3} (u{4}) in {5} auf",
                faction_does(active, "deploys", "deploy"), faction_de(active), ut.name, NameDe(ut),
                u.id, seg_name(u.seg)),
            active);
      return;
    }
    case kPlug: {
      const UnitType& ut = data.units[static_cast<size_t>(a.arg(0))];
      Unit* h = unit_mut(a.arg(1));
      h->plug = a.arg(0);
      dp[active] -= ut.cost;
      rivets[active] -= ut.rivets;
      if (ut.hero) hero_used[static_cast<size_t>(a.arg(0))] = true;
      if (ev)
        Say(ev, "RW §7.2",
            say("{0} plugs into {2} (u{4})", "{1} wird in {3} (u{4}) eingesteckt", ut.name,
                NameDe(ut), type_of(*h).name, NameDe(type_of(*h)), h->id),
            active);
      return;
    }
    case kEnd:
      if (step() == RivetStep::kReaction) {  // the window is declined
        const int w = pending.window;
        pending.window = 0;
        if (w == 4) finish_roll(ev);
        if (w == 9) resolve_hit(true, ev);
        return;  // W8: the dice are rolled next
      }
      if (phase == Phase::kCards) {
        card_step = card_step == 0 ? 1 : 4;
        advance_cards(ev);
      } else if (phase == Phase::kDeployment) {
        if (ev && dp[active] > 0)
          Say(ev, "RW §6",
              say("{} unspent DP lapse", "{} nicht ausgegebene AP verfallen", dp[active]), active);
        dp[active] = 0;
        inf_dp[active] = 0;
        free_units[active] = 0;
        phase = Phase::kCombat;
        // RW §11 Gas (R7): removed at the start of the gasser's second combat phase after its
        // creation.
        for (size_t i = clouds.size(); i-- > 0;)
          if (clouds[i].owner == active && round >= clouds[i].created + 2) {
            if (ev)
              Say(ev, "RW §11",
                  say("the gas cloud in {} disperses", "die Gaswolke in {} löst sich auf",
                      seg_name(clouds[i].seg)),
                  active);
            clouds.erase(clouds.begin() + static_cast<long>(i));
          }
        activated_seg = -1;
      } else if (phase == Phase::kCombat) {
        close_activation();
        for (Unit& u : units)
          if (u.owner == active && u.combat == 0) u.combat = 2;
        phase = Phase::kMovement;
      } else if (phase == Phase::kMovement) {
        close_activation();
        if (has_w7_play()) {
          phase = Phase::kWrapUp;  // W7 before the VP check (content §6.2)
        } else {
          end_turn(ev);
        }
      } else if (phase == Phase::kWrapUp) {
        end_turn(ev);
      }
      return;
    case kActivate:
      activate_segment(a.arg(0), ev);
      return;
    case kAttack:
    case kSnipe: {
      Unit* u = unit_mut(a.arg(0));
      u->attacked = true;
      window_open = false;
      ++u->shots[static_cast<size_t>(a.arg(1))];
      const int seg = a.verb == kAttack ? a.arg(2) : unit(a.arg(2))->seg;
      begin_attack(*u, a.arg(1), seg, a.verb == kSnipe ? a.arg(2) : -1, ev);
      return;
    }
    case kRush:
    case kDash:
    case kStep: {
      Unit* u = unit_mut(a.arg(0));
      const SquareCell n = Step(b.cell(u->seg), a.arg(1));
      const bool diag = IsDiagonalDir(a.arg(1));
      if (a.verb == kStep) {
        --u->mp_left;
        window_open = false;
        u->diag_used = u->diag_used || diag;
      } else {
        u->rush_diag = u->rush_diag || diag;
        window_open = false;
        if (a.verb == kRush) {
          --u->rush_left;
          u->rapid_used = true;  // RW §9: it may not move in the movement phase
        } else {
          --u->dash_left;
          u->dashed = true;  // RW §8.1 step 3: the [Action] instead of an attack
        }
      }
      const int from = u->seg;
      const int id = u->id;
      if (ev)
        Say(ev, a.verb == kStep ? "RW §9" : "RW §11",
            say("{0} (u{2}) moves {3} -> {4}{5}", "{1} (u{2}) zieht {3} -> {4}{6}",
                type_of(*u).name, NameDe(type_of(*u)), id, seg_name(from),
                seg_name(b.seg(n.x, n.y)),
                a.verb == kRush   ? " (Rapid Assault)"
                : a.verb == kDash ? " (Dash)"
                                  : "",
                a.verb == kRush   ? " (Sturmangriff)"
                : a.verb == kDash ? " (Spurt)"
                                  : ""),
            active);
      const int to = b.seg(n.x, n.y);
      if (seg_owner(to) == 1 - active) {
        begin_tank_shock(*u, to, a.arg(2), ev);
        return;
      }
      enter_segment(*u, to, a.arg(2), ev);
      return;
    }
    case kRetreat: {
      Unit* u = unit_mut(a.arg(0));
      const SquareCell n = Step(b.cell(u->seg), a.arg(1));
      const int to = b.seg(n.x, n.y);
      if (ev)
        Say(ev, "RW §11",
            say("{0} (u{2}) falls back {3} -> {4}", "{1} (u{2}) weicht zurück {3} -> {4}",
                type_of(*u).name, NameDe(type_of(*u)), u->id, seg_name(u->seg), seg_name(to)),
            u->owner);
      u->seg = to;
      u->fields = a.arg(2);
      retreat.erase(retreat.begin());
      if (retreat.empty()) finish_shock(ev);
      return;
    }
    case kPlace: {
      Unit* u = unit_mut(a.arg(0));
      u->fields = a.arg(1);
      u->placed = true;
      return;
    }
    default:
      assert(false);
  }
}

Result RivetState::result() const {
  Result r;
  r.returns = {0.0, 0.0};
  if (winner == kAllies || winner == kBismark) {
    r.returns[static_cast<size_t>(winner)] = 1.0;
    r.returns[static_cast<size_t>(Opp(winner))] = -1.0;
    r.summary = std::string(faction_id(winner)) + " wins";
    r.headline = winner == kAllies ? Text{"The Allies win.", "Die Alliierten gewinnen."}
                                   : Text{"Bismark wins.", "Die Bismarks gewinnen."};
  } else {
    r.summary = "draw";
    r.headline = {"A draw.", "Unentschieden."};
  }
  // The texts follow from the kind of ending whose record the state holds.
  r.reason = end_reason;
  for (Ending kind :
       {Ending::kThreshold, Ending::kBothOver, Ending::kAfterTie, Ending::kRoundLimit})
    if (ending_record(kind, winner) == end_reason) {
      const Text t = ending_text(kind, winner);
      r.reason = t.en;
      r.reason_de = t.de;
    }
  return r;
}

// The record of an ending that the state keeps (end_reason): a fixed form naming the side by its
// id, which the hashes of stored logs cover, so it stays as it is when the texts change.
std::string RivetState::ending_record(Ending kind, int w) const {
  const std::string score =
      fmt::format(" ({} : {} VP after round {})", vp[kAllies], vp[kBismark], round);
  const std::string side = w == kAllies || w == kBismark ? faction_id(w) : "";
  switch (kind) {
    case Ending::kThreshold:
      return fmt::format("{} {} the victory threshold{} (RW §13)", side,
                         w == kAllies ? "reach" : "reaches", score);
    case Ending::kBothOver:
      return fmt::format("{} has more VP, both over the threshold{} (RW §13 R15)", side, score);
    case Ending::kAfterTie:
      return fmt::format("{} ends a round with more VP after the tie{} (RW §13 R15)", side, score);
    case Ending::kRoundLimit:
      if (side.empty())
        return fmt::format("round limit reached with equal VP{} (option max_rounds, not a rule)",
                           score);
      return fmt::format("{} leads at the round limit{} (option max_rounds, not a rule)", side,
                         score);
  }
  return {};
}

// The sentence that ends the game (RW §13), with the final score.
Text RivetState::ending_text(Ending kind, int w) const {
  const Text score = say(" ({0} : {1} VP after round {2})", " ({0} : {1} SP nach Runde {2})",
                         vp[kAllies], vp[kBismark], round);
  const bool won = w == kAllies || w == kBismark;
  // The winner as the sentence's subject, with the verb that agrees ("The Allies reach").
  auto does = [&](std::string_view singular, std::string_view plural) {
    return won ? faction_does(w, singular, plural) : std::string();
  };
  const std::string side_de = won ? faction_de(w) : "";
  switch (kind) {
    case Ending::kThreshold:
      return say("{0} the victory threshold{2} (RW §13)",
                 "Die {1} erreichen die Siegschwelle{3} (RW §13)", does("reaches", "reach"),
                 side_de, score.en, score.de);
    case Ending::kBothOver:
      return say("{0} more VP, both over the threshold{2} (RW §13 R15)",
                 "Die {1} haben mehr SP, beide Seiten über der Siegschwelle{3} (RW §13 R15)",
                 does("has", "have"), side_de, score.en, score.de);
    case Ending::kAfterTie:
      return say("{0} a round with more VP after the tie{2} (RW §13 R15)",
                 "Die {1} beenden nach dem Gleichstand eine Runde mit mehr SP{3} (RW §13 R15)",
                 does("ends", "end"), side_de, score.en, score.de);
    case Ending::kRoundLimit:
      if (!won)
        return say("round limit reached with equal VP{0} (option max_rounds, not a rule)",
                   "Rundenlimit mit gleich vielen SP erreicht{1} (Option max_rounds, keine Regel)",
                   score.en, score.de);
      return say("{0} at the round limit{2} (option max_rounds, not a rule)",
                 "Die {1} führen beim Rundenlimit{3} (Option max_rounds, keine Regel)",
                 does("leads", "lead"), side_de, score.en, score.de);
  }
  return {};
}

std::string RivetState::invariant_violation() const {
  // A segment holds one faction (RW §3); bases fit on distinct fields (R16); damage < HP.
  std::vector<int> owner(static_cast<size_t>(board().num_segments()), -1);
  std::vector<int> used(static_cast<size_t>(board().num_segments()), 0);
  for (const Unit& u : units) {
    auto& o = owner[static_cast<size_t>(u.seg)];
    if (o >= 0 && o != u.owner) return "two factions in " + seg_name(u.seg);
    o = u.owner;
    if (used[static_cast<size_t>(u.seg)] & u.fields)
      return "overlapping bases in " + seg_name(u.seg);
    used[static_cast<size_t>(u.seg)] |= u.fields;
    const auto m = base_masks(type_of(u).base_fields);
    if (std::find(m.begin(), m.end(), u.fields) == m.end())
      return "bad base of u" + std::to_string(u.id);
    if (u.damage >= max_hp(u)) return "u" + std::to_string(u.id) + " should be destroyed";
  }
  std::vector<int> n(game_->data().units.size(), 0);
  for (const Unit& u : units) {
    ++n[static_cast<size_t>(u.type)];
    if (u.plug >= 0) ++n[static_cast<size_t>(u.plug)];
  }
  for (size_t t = 0; t < n.size(); ++t)
    if (n[t] > game_->data().units[t].miniatures) return "too many " + game_->data().units[t].name;
  if (deck.size() + discard.size() + hands[0].size() + hands[1].size() !=
      game_->data().actions.size())
    return "Action! cards lost";
  if (sm_deck.size() + sm_discard.size() + secrets[0].size() + secrets[1].size() !=
      game_->data().secrets.size())
    return "secret missions lost";
  if (hands[0].size() > 3 || hands[1].size() > 3 || secrets[0].size() > 2 || secrets[1].size() > 2)
    return "hand limit exceeded (RW §5.1)";
  if (dp[0] < 0 || dp[1] < 0 || rivets[0] < 0 || rivets[1] < 0) return "negative resources";
  return "";
}

}  // namespace feldherr::rivet
