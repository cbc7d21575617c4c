// Planspiel: the situation's briefing (board JSON `briefing`, games/planspiel/module.cc): each
// party's task, time and set-up, objectives, the forces the viewer's observation holds,
// reinforcements with turn and entry field, the outcome list (briefing.ts psBriefing).
import { useLang } from '../hooks';
import { lang, said } from '../i18n';
import { psBriefing } from '../briefing';
import type { PlanspielBoard, PsObservation } from '../types';
import { BriefingPanel } from './GameBriefing';

export function PlanspielBriefing(props: { board: PlanspielBoard; obs: Partial<PsObservation> | null | undefined; game: string; seat: string }) {
  useLang();
  if (!props.board.briefing) return null;
  const title = said(props.board.title, props.board.title_de);
  return <BriefingPanel game={props.game} seat={props.seat} title={title} sections={psBriefing(props.board, props.obs, props.seat, lang.value)} />;
}
