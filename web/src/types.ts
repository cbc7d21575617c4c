// The JSON the server sends (docs/protocol.md) and the static boards of the games
// (GameModule::board; games/wsr/board.cc, games/pocket/board.cc; docs/web.md).

export type ActionRole = 'other' | 'move' | 'attack' | 'decline' | 'confirm';

export interface ActionArg {
  kind: 'unit' | 'troop' | 'type' | 'place' | 'dir' | 'card' | 'number' | 'word' | 'hidden';
  value: string;
  /** What the game adds beyond the text: "to" (where a step ends). */
  role?: string;
  /** For a place named from one side ("left-front" in Pocket Battles): the board cell it is. */
  cell?: string;
}

/** A legal action as the server sends it (docs/protocol.md "Legal actions"). */
export interface LegalAction {
  id: string;
  text: string;
  note?: string;
  /** The note in German, where it differs from `note`. */
  note_de?: string;
  verb?: string;
  args?: ActionArg[];
  role?: ActionRole;
  label?: { en: string; de: string };
  /** The verb's heading in plain language ("Move" / "Ziehen"), for the list grouped by verb. */
  title?: { en: string; de: string };
  /** An ending while units could still act: what could ("2 units can still move (...)"). */
  warn?: { en: string; de: string };
  cost?: number;
}

export interface GameEvent {
  n?: number;
  rule: string;
  text: string;
  /** The text in German (the English where the game has none). */
  text_de?: string;
  seat?: string;
}

export interface Decision {
  seat: string;
  kind: string;
  prompt: string;
  /** The prompt in German (the English where the game has none). */
  prompt_de?: string;
  decline?: string | null;
  /** On a window about a die roll (WSR fate points): the side whose roll it is; absent otherwise. */
  roll_seat?: string;
}

export interface GameResult {
  summary: string;
  reason: string;
  reason_de?: string;
  /** The sentence a player reads ("The orcs win."), when the game writes one. */
  headline?: string;
  headline_de?: string;
  returns?: Record<string, number>;
}

export interface StateMessage {
  type: 'state';
  game: string;
  state_id: number;
  seat: string;
  observation: any;
  /** The terminal's text picture of the position (games without a graphic board), else null. */
  text?: string | null;
  /** The same picture in German (the English where the game has none). */
  text_de?: string | null;
  decision: Decision;
  legal: LegalAction[];
  events: GameEvent[];
  actions?: { n: number; seat: string; text: string; label?: ActionLabel }[];
  result: GameResult | null;
  can_undo: boolean;
  seed_commitment?: string;
}

export interface ErrorMessage {
  type: 'error';
  code: string;
  message: string;
  /** The game's own reason in German, for a refused action. */
  message_de?: string;
  request?: string;
}

export interface OddsMessage {
  type: 'odds';
  action: string;
  odds: any;
}

export type ServerMessage = StateMessage | ErrorMessage | OddsMessage;

/** An option of the catalog: its kind of value (read off the game's validator by the server),
 * and, for an option that changes the seats (Westerplatte's `players`), the seats of each value. */
export interface CatalogOption {
  name: string;
  default: string;
  help?: string;
  kind?: 'bool' | 'int' | 'choice' | 'text';
  min?: number;
  max?: number;
  step?: number;
  /** `choice`: the values; `int`: words besides numbers (e.g. "none"). */
  choices?: string[];
  seats_for?: Record<string, string[]>;
}

export interface CatalogGame {
  id: string;
  title: string;
  /** The title in German (the English where the game has none). */
  title_de?: string;
  scenarios: { id: string; title: string; title_de?: string }[];
  options: CatalogOption[];
  seats: string[];
  players: string[];
  board?: boolean;
  odds?: boolean;
}

export interface GameListEntry {
  id: string;
  game: string;
  scenario: string;
  status: string;
  move: number;
  state_id?: number;
  to_move: string;
  seats: Record<string, string>;
  result: GameResult | null;
  created?: string;
  updated?: string;
}

/** An action's label in both languages, as the viewer may read it (the log). */
export interface ActionLabel {
  en: string;
  de: string;
}

export interface LogEntry {
  n: number;
  seat: string;
  text: string;
  label?: ActionLabel;
  id?: string;
  events: GameEvent[];
}

export interface GameLog {
  id: string;
  seed_commitment?: string;
  seed?: string | null;
  actions: LogEntry[];
}

// --- White Star Rising board (games/wsr/board.cc) ---

export interface Weapon {
  fp: number;
  to_hit: number;
  range: number;
  underlined: boolean;
  enhanced: boolean;
}

export interface Face {
  name?: string; // "full", "reduced", "mounted-full", ... (in the observation's units)
  symbol: string;
  target: string;
  silhouette: string;
  ap: Weapon | null;
  he: Weapon | null;
  aa: Weapon | null;
  air: Weapon | null;
  armor: number;
  save: number;
  mf: number;
  carrier: boolean;
  assault: { strength: number; to_hit: number; star: boolean; enhanced: boolean } | null;
  command_range?: number;
  command_value?: number;
  he_bonus?: number;
  range_bonus?: number;
}

export interface Counter {
  id: string;
  name: string;
  /** The German rulebook's name ("Infanterie"); the English one where the data gives none. */
  name_de: string;
  nation: string;
  kind: string;
  recon: boolean;
  aa: boolean;
  transport: boolean;
  steps: number;
  wreck_back: boolean;
  faces: Record<string, Face>;
}

export interface WsrHex {
  i: number;
  id: string;
  c: number;
  y: number;
  px: number;
  py: number;
  t: number;
  terrain: string;
  level: number;
  road?: number[];
  crest?: number[];
  place?: string;
  edges?: number; // map edges the hex lies on: bits north 1, east 2, south 4, west 8
  cost?: [number, number][]; // MP per hexside [soft, hard], -1 impassable (WSR 5.0)
  destroyed_bridge?: boolean; // WSR-A12: a bridge of the sheet destroyed by the scenario (a river)
}

/** G-12: one seat's exit hexes (a zone its victory conditions count exits from). */
export interface WsrExit {
  seat: string;
  zone: string;
  text: string;
  text_de?: string;
  edge: string; // "north" | "east" | "south" | "west": the edge all its hexes lie on, "" if none
  hexes: number[];
  edges: string[]; // per hex: the edge its units leave across
}

/** WSR-A6 boundary-line: the red line's hexes and the runs of adjacent ones to draw it through. */
export interface WsrBoundary {
  zone: string;
  text: string;
  text_de?: string;
  hexes: number[];
  paths: number[][];
  south_formation: string;
  north_formation: string;
}

/** The scenario's briefing as its data words it, in English and German (`_de`). */
export interface WsrBriefing {
  code: string;
  title: string;
  title_de?: string;
  date: string;
  place: string;
  place_de?: string;
  turns: number;
  victory: string;
  victory_de?: string;
  special_rules: { id: string; text: string; text_de?: string }[];
  /** Each victory condition naming a zone (games/wsr/briefing.cc). */
  objectives?: WsrObjective[];
  /** Who arrives when: formation markers entering the cup later, forces entering in play. */
  reinforcements?: WsrReinforcement[];
}

export interface WsrObjective {
  zone: string;
  text: string;
  text_de?: string;
  hexes: number[];
  result: string;
  side: string;
  kind: string;
  count: number;
  negated: boolean;
  stand_in: boolean;
}

export interface WsrReinforcement {
  arrival: 'marker' | 'turn' | 'random' | 'special';
  formation: string;
  name: string;
  name_de?: string;
  side: string;
  turn?: number;
  text?: string;
  text_de?: string;
  zone_text?: string;
  zone_text_de?: string;
  rule?: string;
  units?: { counter: string; name: string; name_de?: string; count: number }[];
  table?: { rolls: number[]; zone_text: string; zone_text_de?: string }[];
  stand_in: boolean;
}

export interface WsrBoard {
  kind: 'hex';
  game: 'wsr';
  scenario: string;
  title: string;
  turns: number;
  seats: string[];
  terrain: { id: string; name: string; name_de: string; level: number; playable: boolean }[];
  hexes: WsrHex[];
  bounds: { min_x: number; min_y: number; max_x: number; max_y: number };
  places: { id: string; name: string; name_de: string; kind: string; hexes: number[] }[];
  roads: { id: string; name: string; paths: number[][] }[];
  rivers: { id: string; name: string; paths: number[][] }[];
  objectives: number[];
  zones: { id: string; text: string; text_de?: string; hexes: number[] }[];
  exits?: WsrExit[]; // G-12
  boundary?: WsrBoundary | null; // WSR-A6
  destroyed_bridges?: number[]; // WSR-A12
  briefing?: WsrBriefing | null;
  formations: { i: number; id: string; name: string; name_de: string; side: number; seat: string; hq: number }[];
  units: {
    i: number;
    label: string;
    side: number;
    seat: string;
    formation: number;
    counter: string;
    hq: boolean;
    shq: boolean;
    sw?: string;
  }[];
  sws: { i: number; label: string; counter: string; side: number; formation: number }[];
  counters: Record<string, Counter>;
}

// --- White Star Rising observation (WsrState::observe, games/wsr/observation.cc) ---

export interface WsrObsUnit {
  label: string;
  seat: string;
  formation: string;
  counter: string; // id into WsrBoard.counters
  hex: string | null; // hex id, null off the map
  start_hex: string | null;
  hq: boolean;
  reduced: boolean;
  mounted: boolean;
  disrupted: boolean;
  ops_complete: boolean;
  out_of_command: boolean;
  moving: boolean;
  moved: boolean;
  gone: boolean;
  off_map: boolean;
  hq_supported: boolean;
  sw: string | null; // support weapon counter id
  mp_spent: number;
  face: Face;
  exited?: string | null; // G-12: the hex an exited unit left the map from (only exited units)
  carried_by?: string; // WSR 5.2, A-38: the separate carrier a passenger rides in (only passengers)
}

/** WSR 11.3: an aircraft, where it is and, while used, its target hex. */
export interface WsrAircraft {
  aircraft: string;
  counter: string;
  seat: string | null;
  enters_turn: number;
  place: string;
  hex: string | null;
  aa_hits?: number;
}

export interface WsrHexMarkers {
  controller: string | null;
  entered_last: string | null;
  wreck: boolean;
  ip: boolean;
  mine: boolean;
}

/** WSR 11.2 artillery (present only in games with artillery support or markers). */
export interface WsrArtillery {
  support: Record<string, { strike: string; kind: 'he' | 'smoke'; firepower: number; to_hit: number; left: number }[]>;
  called_this_impulse: number;
  per_impulse: number;
  strike: { caller: string | null; seat: string | null; strike: string; hex: string | null; landed: boolean } | null;
  barrage: string | null; // hex id of the Barrage marker (11.2.1)
  smoke: { hex: string | null; level: number }[]; // Smoke 2 / Smoke 1 markers (11.2.2)
}

export interface WsrObservation {
  phase: 'setup' | 'operations' | 'marker-removal' | 'over';
  destroyed_bridges?: number[]; // WSR-A4: bridges blown in play (board hex indexes)
  turn: number;
  turns: number;
  moves: number;
  active_formation: string | null;
  formations: { id: string; seat: string; in_cup: number; impulses: number; activate_first: boolean }[];
  cup: { formation_markers: number; end_turn: number; end_turn_drawn: number; chaos: number };
  seats: Record<string, { fate_points: number; mines_left: number; held_end_turn: number }>;
  moving: { units: string[]; from: string | null; hexes_entered: number } | null;
  chaos: { rolls: number[]; formation: string | null };
  assault: {
    hex: string;
    from: string | null;
    seat: string | null;
    overrun: boolean;
    attackers: string[];
    defenders: string[];
    supported: (string | null)[];
    hits: { attackers: number; defenders: number };
  } | null;
  entry_rolls: (number | null)[];
  units: WsrObsUnit[];
  hexes: Record<string, WsrHexMarkers>; // only hexes with a controller, an entry or a marker
  artillery?: WsrArtillery; // WSR 11.2: only in games with artillery support or markers
  air?: WsrAircraft[]; // WSR 11.3: only in games with aircraft
}

// --- 7 Tage der Westerplatte observation (WpState::observe, games/westerplatte/state.cc) ---

export interface WpObservation {
  level: string;
  outcome: 'running' | 'won' | 'lost';
  day: number;
  moves: number;
  active_player: string;
  morale: { index: number; level: string; track: string[] };
  fields: { id: string; bricks: number; reinforced: boolean; officers: string[]; tile?: string | null }[];
  max_bricks: number;
  stock: { shells: number; mines: number; rebuild: number };
  surplus_bricks: number;
  ammo_supply: number;
  officers: { id: string; seat: string; field: string | null }[];
  players: { seat: string; ammo: number; extra_move: number; restricted: number; extra_action: number; given: number }[];
  lanes: {
    id: string;
    troop: { card: string; kind: string; space: string; endurance: number; damage: number; speed: number; power: number } | null;
    mine: boolean;
  }[];
  burned_passage: [string, string] | null;
  day_piles: { day: number; cards: string[] }[];
  cards_per_day: number;
  deck: { cards: number; under: string[] };
  events: { positive_left: number; negative_left: number; resolved: string[] };
  turn: {
    moves: number;
    officer_moves: [number, number];
    actions: number;
    restricted: boolean;
    extra_move: boolean;
    extra_action: boolean;
  } | null;
}

/** The static board of Westerplatte (games/westerplatte/web_board.cc): fields with layout units
 * (posts at y 0, x 0..5; forward defence fields at y 1), paths, lanes, the level's tiles and morale
 * track, and the box's cards in id order. */
/** Westerplatte's briefing: players and officers, days and cards per day, the lanes with the field
 * each faces and its overflow posts, the level's events, the opening cards, the loss condition. */
export interface WpBriefing {
  players: number;
  officers: number;
  days: number;
  cards_per_day: number;
  lane_spaces: number;
  lanes: { id: string; field: string; overflow: [string, string] }[];
  guard_posts: number;
  loss_posts: number;
  bricks_per_field: number;
  start_ammo: number;
  positive_events: number;
  negative_events: number;
  opening_discard: number;
  opening_cards: number;
  provenance: { rules: string; overflow: string; paths: string };
}

export interface WpBoard {
  kind: 'westerplatte';
  game: 'westerplatte';
  scenario: string;
  level: string;
  level_title: string;
  level_title_de: string;
  side: 'green' | 'red';
  title: string;
  title_de?: string;
  seats: string[];
  players: number;
  officers: number;
  fields: { id: string; type: 'fdf' | 'post'; x: number; y: number; neighbours: string[]; lane?: string; overflow?: [string, string] }[];
  paths: [string, string][];
  burnable: [string, string][];
  spaces: string[];
  lanes: { id: string; field: string; x: number }[];
  tiles: { id: string; name: string; name_de: string; value: number; green: number; red: number }[];
  morale_track: { level: string; effect: string; effect_de: string }[];
  max_bricks: number;
  days: number;
  cards_per_day: number;
  supplies: Record<string, number>;
  cards: { id: string; phase: number; kind: string; advance: [string, string]; lane?: string; endurance?: number; speed?: number; power?: number; target?: string }[];
  events: { id: string; positive: boolean; kind: string; name: string; name_de: string }[];
  /** The situation for the briefing (numbers; the UI words them). */
  briefing?: WpBriefing;
}

// --- Pocket Battles board (games/pocket/board.cc) ---

export interface TroopType {
  id: string;
  name: string;
  name_de: string;
  count: number;
  combat_dice: number[];
  shooting_dice: number[];
  traits: string[];
  dp: number;
  fv: number;
  lp: number;
  /** Where each value comes from, by field ("dp": "stand-in"); a stand-in is not the printed value. */
  provenance?: Record<string, string>;
}

export interface PocketBoard {
  kind: 'zones';
  game: 'pocket';
  scenario: string;
  title: string;
  seats: string[];
  columns: number;
  markers: number;
  rows: { owner: string | null; zone: number; name: string; segments: string[] }[];
  armies: { seat: string; id: string; name: string; troops: TroopType[] }[];
  zone_ids: Record<string, number>;
}

export interface RivetUnitType {
  id: string;
  name: string;
  name_de: string;
  faction: string;
  class: string;
  hp: number;
  hero: boolean;
  base_fields: number;
  // The printed values (games/rivet/web_board.cc); "host": a plug takes its host's value.
  miniatures: number;
  cost: number;
  rivets: number;
  move: number | 'host';
  armour: number | 'host';
  armour_public_value: number | null;
  range_ground: number | 'host';
  range_air: number | 'host';
  loot: number;
  sockets: number;
  abilities: { text: string; text_de: string }[];
  weapons: { attacks: number; dice: number[]; rules: string[]; deviates: boolean; range_ground: number; range_air: number }[];
  /** Field ("cost", "weapons.dice") -> rules-text | public-unverified | stand-in. */
  provenance: Record<string, string>;
}

/** An Action! card of the board's catalogue (public data; hands name cards by id). */
export interface RivetActionCard {
  id: string;
  name: string;
  name_de: string;
  window: number;
  deviation: string;
  rules: string;
  rules_de: string;
  quote: string;
  quote_de: string;
  provenance: string;
}

/** A secret mission of the board's catalogue. */
export interface RivetSecretMission {
  id: string;
  name: string;
  name_de: string;
  vp: number;
  check: string; // end_of_turn | this_turn
  condition: string;
  goal: string;
  goal_de: string;
  provenance: string;
}

/** Rivet Wars: the mission's briefing as missions.toml gives it (RW §12). */
export interface RivetBriefing {
  mission: number;
  name: string;
  victory: string;
  victory_de: string;
  special: { text: string; text_de: string }[];
  vp: { allies: number; bismark: number };
  dp: { allies: number; bismark: number };
  rivets: number;
  first_player: 'roll' | 'allies' | 'bismark';
  action_cards: boolean;
  secret_missions: boolean;
  so_scoring: 'both' | 'bismark';
  allies_vp_per_round: number;
  setup_riflemen_on_sos: boolean;
  infantry_bonus_dp: number;
  paradrop: number;
  escalation: boolean;
  objectives: { seg: string; field: string }[];
  deploy: { allies: string[]; bismark: string[] };
  max_rounds: number | null;
  provenance: { rules: string; tiles: string; deploy: string; objectives: string };
}

export interface RivetBoard {
  kind: 'segments';
  game: 'rivet';
  scenario: string;
  title: string;
  seats: string[];
  cols: number;
  rows: number;
  vp: number[];
  segments: { id: string; territory: string | null; deploy: string[]; duckboard: boolean[] }[];
  uses_action_cards: boolean; // the mission deals Action! cards (RW §12)
  uses_secret_missions: boolean;
  sos: string[];
  so_fields: { seg: string; field: string }[]; // the field of each SO segment holding the SO
  /** The mission's briefing (games/rivet/web_board.cc). */
  briefing?: RivetBriefing;
  terrain_names: string[];
  fields: string[];
  unit_types: RivetUnitType[];
  action_cards: RivetActionCard[];
  secret_missions: RivetSecretMission[];
}

/** A unit in Rivet Wars' observation (games/rivet/observation.cc). */
export interface RivetObservedUnit {
  label: string; // "u7", as in the action texts
  type: string; // unit type id (board.unit_types[].id)
  plug: string | null; // plug type id in its socket
  owner: string; // side id
  seg: string; // segment id "d4"
  fields: string[]; // field names, board.fields: "NW", "NE", "SW", "SE"
  hp: number; // hit points left
  max_hp: number; // with the plug
  damage: number;
  activated: boolean; // combat or movement activation under way or done this turn
  combat: 'ready' | 'active' | 'done';
  move: 'ready' | 'active' | 'done';
  bogged: boolean;
  attacked: boolean;
  dashed: boolean;
  rapid_used: boolean;
  shots: number[];
  rush_left: number;
  dash_left: number;
  rush_diagonal: boolean;
  buff_range: number;
  buff_rapid: number;
  mp_left: number;
  diagonal_used: boolean;
  placed: boolean;
  card_precision: number;
  card_assault: number;
  card_sniper: boolean;
  card_extra_weapon: number | null;
}

/** Per side: hands and secret missions by id only to their owner (null to anyone else). */
export interface RivetSeat {
  vp: number;
  vp_needed: number;
  dp: number;
  rivets: number;
  infantry_dp: number;
  free_units: number;
  escalation_vp: number;
  hand_size: number;
  hand: string[] | null;
  secrets_count: number;
  secrets: string[] | null;
}

/** RivetState::observe (games/rivet/observation.cc; docs/web.md "Observations"). */
export interface RivetObservation {
  round: number;
  phase: 'initiative' | 'deployment' | 'combat' | 'movement' | 'cards' | 'start-gas' | 'wrap-up' | 'over';
  active: string;
  first: string;
  turn_in_round: number;
  moves: number;
  seats: Record<string, RivetSeat>;
  units: RivetObservedUnit[];
  terrain: { kind: string; seg: string; field: string }[];
  flags: Record<string, string | null>; // SO segment -> side whose flag stands there
  heroes_used: string[];
  cards: { deck: number; discard: string[]; secret_deck: number; secrets_fulfilled: string[]; step: string; secret_draws: number };
  windows: { open: boolean; used: boolean; forward_depot: boolean; w5_used: boolean };
  smoke: { seg: string; seat: string | null }[];
  turn_stats: Record<string, number>;
  activated_seg: string | null;
  clouds: { seg: string; owner: string | null; created: number; chart: number[] }[];
  gas_jobs: ({ drift: number } | { seg: string; owner: string | null; chart: number[]; units: string[] })[];
  gas_drift: number | null;
  paradrop: { left: number; origin: string | null; aim: string | null; done: boolean };
  shock: { unit: string; seg: string; fields: string[] } | null;
  retreat: string[];
  attack: {
    source: 'weapon' | 'minefield' | 'tank-shock';
    attacker: string | null;
    seat: string | null;
    seg: string;
    queue: string[];
    dice: number;
    rolled: number[];
    damaged: string[];
    window: string | null;
    [k: string]: unknown;
  } | null;
  threshold_reached: boolean;
  tie_continuation: boolean;
  winner: string | null; // side id, "draw", or null while the game runs
  end_reason: string;
}

// --- Planspiel (games/planspiel/module.cc BoardJson, PlanspielState::observe) ---

/** A field of the square grid as the board gives it: terrain symbol, road flag, contour level. */
export interface PsField {
  x: number;
  y: number;
  terrain: string; // "open", "forest", "built-up", "rocks", "swamp", "water", "bridge"
  road: boolean;
  level: number; // contour layers under the field (10 m each)
}

export interface PsWeapon {
  row: string;
  flat: number; // range in LE, -1 cannot
  high_angle: number;
  calibre_cm: number;
  overlong: boolean;
  short: boolean;
  indirect: boolean;
}

/** A unit type with its values and the provenance of each ("stand-in", "rules-text", ...). */
export interface PsUnitType {
  id: string;
  name: string;
  name_de?: string; // the German name (the English one where the data gives none)
  category: string;
  target_class: string;
  speed_row: string;
  own_move_le: number;
  speeds: { road: number; terrain: number; combat: number; provenance: string };
  terrain: string; // "foot" or "vehicle"
  target_size: string;
  armour_class: string;
  gun_class: string;
  weapon: PsWeapon | null;
  weight_t: number;
  capacity: string;
  panzergrenadier: boolean;
  moves_and_fires: boolean;
  can_overrun: boolean;
  provenance: Record<string, string>;
}

export interface PlanspielBoard {
  kind: 'squares';
  game: 'planspiel';
  scenario: string;
  title: string;
  /** The title in German ("Der Gutshof"). */
  title_de?: string;
  seats: string[];
  width: number;
  height: number;
  fields: PsField[]; // row-major, y = 0 (north) first
  roads: { from: [number, number]; to: [number, number] }[];
  bridges: [number, number][];
  dug_in: [number, number][];
  /** `name`, `name_de`: the place name a player reads (the id where the data gives none). */
  objectives: { id: string; name?: string; name_de?: string; fields: [number, number][] }[];
  game_turns: number;
  provenance: Record<string, string>;
  unit_types: PsUnitType[];
  /** The situation's briefing (games/planspiel/module.cc). */
  briefing?: PsBriefing;
}

/** The Planspiel situation's briefing: tasks, time, set-up zones, objectives, the reinforcements of
 * both parties (public, as the observation shows them), the outcome list; each with provenance. */
export interface PsBriefing {
  tasks: { party: string; text: string; text_de: string; provenance: Record<string, string> }[];
  game_turns: number;
  start_cycle_turn: number;
  first_mover: string;
  setup: { party: string; from: [number, number]; to: [number, number]; provenance: Record<string, string> }[];
  objectives: { id: string; name?: string; name_de?: string; fields: [number, number][]; controller: string[]; vp: number; provenance: Record<string, string> }[];
  reinforcements: { party: string; type: string; arrives: number; entry: [number, number]; provenance: Record<string, string> }[];
  outcomes: { result: string; text: string; text_de: string; provenance: Record<string, string> }[];
  provenance: Record<string, string>;
}

/** A unit in the Planspiel observation; an enemy the viewer has not detected is absent. */
export interface PsObservedUnit {
  id: string;
  type: string;
  party: string;
  status: 'on_board' | 'waiting' | 'lost';
  field?: [number, number];
  suppression?: number;
  moved?: boolean;
  fired?: boolean;
  camouflaged?: boolean;
  detected_marker?: boolean;
  arrives?: number;
  entry?: [number, number];
  wreck?: [number, number]; // a lost unit standing as a wreck in a defile (PS §2.3, §6.10)
  dug_in?: 'face_down'; // its first half-turn of digging is done: the marker face down (PS §12.3)
  work?: PsWork; // its work of this half-turn, which occupies it wholly (G-38)
}

/** A unit's work of the half-turn (G-38): digging in (PS §12.3), camouflaging (PS §7.6), recovering a wreck (PS §6.10). */
export type PsWork = 'dig' | 'camouflage' | 'recover';

export interface PsObservation {
  situation: string;
  turn: number;
  phase: number;
  game_turns: number;
  cycle_turn: number;
  active: string;
  units: PsObservedUnit[];
  losses: Record<string, number>;
  control: { field: [number, number]; controller: string }[];
  steps: { kind: string; step: number; unit?: string; field?: [number, number] }[];
  moving: { unit: string; fields: number } | null;
  assault: { field: [number, number]; attackers: string[]; attack_roll: number } | null;
  last_close_combat: { field: [number, number]; attacker_total: number; defender_total: number } | null;
  over: boolean;
  moves: number;
  positions?: [number, number][]; // field positions dug in play that the viewer is shown (PS §12.3)
}

/** A game without a graphic board: its seats; the state messages carry its text. */
export interface NoBoard {
  kind: 'none';
  seats: string[];
  title: string;
  title_de?: string;
}

/** Every board as the server sends it: the module's board with the module's id added. */
export type Board = (WsrBoard | PocketBoard | RivetBoard | PlanspielBoard | WpBoard | NoBoard) & { game?: string };
