// Rivet Wars: the mission's briefing (board JSON `briefing`, games/rivet/web_board.cc): goal and
// victory, the SO field of each SO segment, special rules, deployment, resources, first player,
// cards, the round limit (briefing.ts rivetBriefing).
import { useLang } from '../hooks';
import { lang } from '../i18n';
import { rivetBriefing } from '../briefing';
import type { RivetBoard } from '../types';
import { BriefingPanel } from './GameBriefing';

export function RivetBriefing(props: { board: RivetBoard; game: string; seat: string }) {
  useLang();
  const b = props.board.briefing;
  if (!b) return null;
  return <BriefingPanel game={props.game} seat={props.seat} title={`Mission ${b.mission}: ${b.name}`} sections={rivetBriefing(props.board, lang.value)} />;
}
