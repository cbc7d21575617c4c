// The JSON the server sends (docs/protocol.md) and the static boards of the games
// (GameModule::board; games/wsr/board.cc, games/pocket/board.cc; docs/web.md).

export type ActionRole = 'other' | 'move' | 'attack' | 'decline' | 'confirm';

export interface ActionArg {
  kind: 'unit' | 'troop' | 'type' | 'place' | 'dir' | 'card' | 'number' | 'word' | 'hidden';
  value: string;
  /** What the game adds beyond the text: "to" (where a step ends). */
  role?: string;
}

/** A legal action as the server sends it (docs/protocol.md "Legal actions"). */
export interface LegalAction {
  id: string;
  text: string;
  note?: string;
  verb?: string;
  args?: ActionArg[];
  role?: ActionRole;
  label?: { en: string; de: string };
  cost?: number;
}

export interface GameEvent {
  n?: number;
  rule: string;
  text: string;
  seat?: string;
}

export interface Decision {
  seat: string;
  kind: string;
  prompt: string;
  decline?: string | null;
}

export interface GameResult {
  summary: string;
  reason: string;
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
  decision: Decision;
  legal: LegalAction[];
  events: GameEvent[];
  actions?: { n: number; seat: string; text: string }[];
  result: GameResult | null;
  can_undo: boolean;
  seed_commitment?: string;
}

export interface ErrorMessage {
  type: 'error';
  code: string;
  message: string;
  request?: string;
}

export interface OddsMessage {
  type: 'odds';
  action: string;
  odds: any;
}

export type ServerMessage = StateMessage | ErrorMessage | OddsMessage;

export interface CatalogGame {
  id: string;
  title: string;
  scenarios: { id: string; title: string }[];
  options: { name: string; default: string; help?: string }[];
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

export interface LogEntry {
  n: number;
  seat: string;
  text: string;
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
  cost?: [number, number][]; // MP per hexside [soft, hard], -1 impassable (WSR 5.0)
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
  places: { id: string; name: string; kind: string; hexes: number[] }[];
  roads: { id: string; name: string; paths: number[][] }[];
  rivers: { id: string; name: string; paths: number[][] }[];
  objectives: number[];
  zones: { id: string; text: string; hexes: number[] }[];
  formations: { i: number; id: string; name: string; side: number; seat: string; hq: number }[];
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
  unit_flags: Record<string, number>;
  control_bits: Record<string, number>;
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
  sos: string[];
  terrain_names: string[];
  fields: string[];
  unit_types: RivetUnitType[];
  unit_fields: Record<string, number>;
}

export type Board = WsrBoard | PocketBoard | RivetBoard;
