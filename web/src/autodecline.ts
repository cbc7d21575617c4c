// Declining reaction windows automatically (docs/web.md "Reaction windows"). A decision the seat
// may simply decline carries `decision.decline`, the text of the declining action (engine/game.h
// `Decision::decline`): WSR fate points and opportunity fire, Rivet Wars' Action! card windows,
// Planspiel counter-moves. Per game and seat the player chooses, for each kind of such window
// seen so far, "ask me" or "decline automatically"; for windows about a die roll (the decision
// names whose roll it is, `decision.roll_seat`: WSR fate points), also "ask only on my rolls"
// (declined on the other side's rolls); where the game's observation names the impulse (WSR),
// also "decline for the rest of this impulse". This module decides, from the state
// message and those preferences alone, whether the page sends the decline itself: only the
// decision's own decline, only when it is in the seat's legal list, never anything else.
import type { LegalAction, StateMessage } from './types';

/** ask: the prompt waits for a click; decline: always declined; own: asked on this seat's own
 * rolls, declined on the other side's (a window without `roll_seat` is asked); impulse: declined
 * while the observation's impulse is the one the choice was made in, then asked again; choice:
 * asked only when the seat can do something else than decline (a window whose decline is its
 * only legal action, conceding aside, is declined). "choice" is for a seat whose every opponent
 * is a computer player (`solo`): a human opponent could tell from how fast such a window closes
 * that the seat had no answer (what it sees is secret), so with one it is "ask". It is the
 * default of a solo seat. */
export type SkipMode = 'ask' | 'decline' | 'own' | 'impulse' | 'choice';

export interface SkipPrefs {
  /** The decline-able kinds of window seen in this game by this seat, with the label of their
   * declining action (English and German), in the order first seen; `rolls` once a window of
   * the kind named whose roll it is (then mode "own" is offered). */
  seen: { kind: string; label: { en: string; de: string }; rolls?: boolean }[];
  modes: Record<string, SkipMode>;
  /** For mode "impulse": the impulse (see `impulseOf`) the choice was made in. */
  impulse: Record<string, string>;
}

export const NO_PREFS: SkipPrefs = { seen: [], modes: {}, impulse: {} };

type Msg = Pick<StateMessage, 'seat' | 'decision' | 'legal' | 'result'>;

/** The impulse a WSR observation is in (turn, the activated formation and its activation
 * count); null for observations without impulses (other games, between impulses). */
export function impulseOf(observation: any): string | null {
  const f = observation?.active_formation;
  if (typeof observation?.turn !== 'number' || typeof f !== 'string') return null;
  const rec = Array.isArray(observation.formations) ? observation.formations.find((x: any) => x?.id === f) : null;
  return `${observation.turn}:${f}:${rec?.impulses ?? ''}`;
}

/** The mode in force for `kind`: an "impulse" choice made in another impulse is "ask" again;
 * "choice" (the default of a `solo` seat) is "ask" for a seat that is not solo. */
export function modeOf(prefs: SkipPrefs, kind: string, impulse: string | null, solo = false): SkipMode {
  const m = prefs.modes[kind] ?? (solo ? 'choice' : 'ask');
  if (m === 'choice') return solo ? m : 'ask';
  if (m !== 'impulse') return m;
  return impulse !== null && prefs.impulse[kind] === impulse ? 'impulse' : 'ask';
}

/** The preferences with `kind` set to `mode` (an "impulse" choice remembers `impulse`). */
export function setMode(prefs: SkipPrefs, kind: string, mode: SkipMode, impulse: string | null): SkipPrefs {
  if (mode === 'impulse' && impulse === null) mode = 'ask';
  const imp = { ...prefs.impulse };
  if (mode === 'impulse') imp[kind] = impulse!;
  else delete imp[kind];
  return { ...prefs, modes: { ...prefs.modes, [kind]: mode }, impulse: imp };
}

/** The action that declines the decision of `msg`, when this seat owes it and may decline it. */
export function declineOf(msg: Msg): LegalAction | null {
  if (msg.result || msg.seat === 'observer' || msg.decision.seat !== msg.seat) return null;
  const d = msg.decision.decline;
  if (!d) return null;
  return msg.legal.find((a) => a.text === d) ?? null;
}

/** The preferences with the window of `msg` listed, if it is a decline-able window of this seat
 * not seen before, or marked as about rolls the first time one of its kind names whose roll it
 * is (the same object otherwise). */
export function noteWindow(prefs: SkipPrefs, msg: Msg): SkipPrefs {
  const a = declineOf(msg);
  const kind = msg.decision.kind;
  if (!a || !kind) return prefs;
  const rolls = typeof msg.decision.roll_seat === 'string';
  const known = prefs.seen.find((s) => s.kind === kind);
  if (known) {
    if (!rolls || known.rolls) return prefs;
    return { ...prefs, seen: prefs.seen.map((s) => (s === known ? { ...s, rolls: true } : s)) };
  }
  const label = { en: a.label?.en || a.text, de: a.label?.de || a.label?.en || a.text };
  return { ...prefs, seen: [...prefs.seen, rolls ? { kind, label, rolls } : { kind, label }] };
}

/** Whether the decision of `msg` is about a roll of the other side (not this seat's own). */
export function othersRoll(msg: Msg): boolean {
  const r = msg.decision.roll_seat;
  return typeof r === 'string' && r !== msg.seat;
}

/** Whether the seat can do nothing in the window of `msg` but decline it (or concede). */
export function onlyDecline(msg: Msg, decline: LegalAction): boolean {
  return msg.legal.every((x) => x === decline || x.role === 'confirm');
}

/** Whether `seat` plays alone against computer players: every other side of the game's `seats`
 * (side -> player, "human" or a computer player) is not "human". An observer is not solo. */
export function soloSeat(seat: string, seats: Record<string, string> | null | undefined): boolean {
  if (!seats || seat === 'observer' || !(seat in seats)) return false;
  return Object.entries(seats).every(([side, player]) => side === seat || player !== 'human');
}

/** The legal action the page sends by itself for `msg`, or null: the decision's own decline,
 * when this seat owes the decision and chose to decline windows of its kind (for now), or, for a
 * `solo` seat in mode "choice", when that decline is all it can do. */
export function autoDecline(msg: Msg, prefs: SkipPrefs, impulse: string | null, solo = false): LegalAction | null {
  const a = declineOf(msg);
  if (!a) return null;
  const mode = modeOf(prefs, msg.decision.kind, impulse, solo);
  if (mode === 'own') return othersRoll(msg) ? a : null;
  if (mode === 'choice') return onlyDecline(msg, a) ? a : null;
  return mode === 'ask' ? null : a;
}

const KEY = 'feldherr.autodecline';

function readAll(): Record<string, Record<string, SkipPrefs>> {
  try {
    const v = JSON.parse(globalThis.localStorage?.getItem(KEY) ?? '{}');
    return v && typeof v === 'object' ? v : {};
  } catch {
    return {};
  }
}

/** The stored preferences of `seat` in game `game` (every kind "ask" when none). */
export function loadPrefs(game: string, seat: string): SkipPrefs {
  const p = readAll()[game]?.[seat];
  if (!p || !Array.isArray(p.seen)) return NO_PREFS;
  return { seen: p.seen, modes: p.modes ?? {}, impulse: p.impulse ?? {} };
}

export function savePrefs(game: string, seat: string, prefs: SkipPrefs): void {
  try {
    const all = readAll();
    all[game] = { ...(all[game] ?? {}), [seat]: prefs };
    globalThis.localStorage?.setItem(KEY, JSON.stringify(all));
  } catch {
    /* no storage: the choices last as long as the page */
  }
}

/** The windows declined for the player, in the order they came, each text once with its count:
 *  "No counter-move (3×) · No opportunity fire". */
export function declinedSummary(declined: LegalAction[], lang: 'en' | 'de'): string {
  const counts = new Map<string, number>();
  for (const a of declined) {
    const text = a.label?.[lang] || a.text;
    counts.set(text, (counts.get(text) ?? 0) + 1);
  }
  return [...counts].map(([text, n]) => (n > 1 ? `${text} (${n}×)` : text)).join(' · ');
}
