// The lobby's pure parts: the seats a game has under the chosen options (an option such as
// Westerplatte's `players` names the seats of each value in the catalog), the player a seat
// starts with, and the option widgets' values.
import { lang, said, type Lang } from './i18n';
import type { CatalogGame, CatalogOption } from './types';

/** A game's or scenario's title in the UI's language (the catalog's `title_de` in German). */
export function titleIn(entry: { title: string; title_de?: string }, l: Lang = lang.value): string {
  return said(entry.title, entry.title_de, l);
}

/** The seats of `game` under `options`: the catalog's seats, or those an option's value gives. */
export function seatsFor(game: CatalogGame, options: Record<string, string>): string[] {
  for (const o of game.options) {
    const seats = o.seats_for?.[options[o.name] ?? o.default];
    if (seats) return seats;
  }
  return game.seats;
}

/** The player a seat starts with: the first seat human, the others the computer at the normal
 * level (or the nearest level the server offers). */
export function defaultPlayer(game: CatalogGame, index: number): string {
  if (index === 0) return 'human';
  const levels = ['ai:normal', 'ai:easy', 'ai:hard'];
  return levels.find((p) => game.players.includes(p)) ?? 'human';
}

/** The players of `seats`, keeping the choices already made for seats that stay. */
export function playersFor(game: CatalogGame, seats: string[], chosen: Record<string, string>): Record<string, string> {
  return Object.fromEntries(seats.map((s, i) => [s, chosen[s] ?? defaultPlayer(game, i)]));
}

/** The widget an option gets: a checkbox, a select of its choices, a number field (with the
 * words it also takes, e.g. "none", as a switch), or a text box. */
export type Widget =
  | { kind: 'bool' }
  | { kind: 'choice'; choices: string[] }
  | { kind: 'int'; min: number; max: number; step: number; words: string[] }
  | { kind: 'text' };

export function widgetOf(o: CatalogOption): Widget {
  if (o.kind === 'bool') return { kind: 'bool' };
  if (o.kind === 'choice' && o.choices && o.choices.length > 0) return { kind: 'choice', choices: o.choices };
  if (o.kind === 'int' && o.min !== undefined && o.max !== undefined)
    return { kind: 'int', min: o.min, max: o.max, step: o.step ?? 1, words: o.choices ?? [] };
  return { kind: 'text' };
}

/** A number typed into an `int` option's field, clamped to its range and step; null if none. */
export function clampInt(w: { min: number; max: number; step: number }, text: string): number | null {
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n)) return null;
  const stepped = w.min + Math.round((n - w.min) / w.step) * w.step;
  return Math.max(w.min, Math.min(w.max, stepped));
}
