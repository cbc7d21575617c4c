// The browser tab's title: it tells a player whose tab is in the background that the game waits
// for them ("● Your turn — Feldherr"), else the game's name, or that the game is over.
import { lang, t, type Lang } from './i18n';

export function tabTitle(myTurn: boolean, over: boolean, game: string, l: Lang = lang.value): string {
  if (over) return t('tabOver', l);
  if (myTurn) return t('tabYourTurn', l);
  return game ? t('tabGame', l).replace('{g}', game) : 'Feldherr';
}
