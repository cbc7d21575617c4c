// 7 Tage der Westerplatte: the situation, the board in plain words and a turn (board JSON
// `briefing`, games/westerplatte/web_board.cc; briefing.ts wpBriefing).
import { useLang } from '../hooks';
import { lang, said } from '../i18n';
import { wpBriefing } from '../briefing';
import type { WpBoard } from '../types';
import { BriefingPanel } from './GameBriefing';

export function WesterplatteBriefing(props: { board: WpBoard; game: string; seat: string }) {
  useLang();
  if (!props.board.briefing) return null;
  const title = said(props.board.title, props.board.title_de);
  return <BriefingPanel game={props.game} seat={props.seat} title={title} sections={wpBriefing(props.board, lang.value)} />;
}
