// The browser tab's title: it tells a player whose tab is in the background that the game waits
// for them ("● Your turn — Feldherr"), else the game's name, or that the game is over.
import { lang, said, t, type Lang } from './i18n';
import type { Board } from './types';

export function tabTitle(myTurn: boolean, over: boolean, game: string, l: Lang = lang.value): string {
  if (over) return t('tabOver', l);
  if (myTurn) return t('tabYourTurn', l);
  return game ? t('tabGame', l).replace('{g}', game) : 'Feldherr';
}

/** The board's title in the UI's language (the Planspiel sends its situation's German title). */
export function boardTitle(board: Board | null | undefined, l: Lang = lang.value): string | undefined {
  if (!board) return undefined;
  return said(board.title, 'title_de' in board ? board.title_de : undefined, l);
}
