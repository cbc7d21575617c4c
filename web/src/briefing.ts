// The briefings of Rivet Wars, Westerplatte and the Planspiel, the pure parts: each game's board
// JSON `briefing` (docs/web.md "Board JSON") worded as sections of lines in the UI's language.
// The data's own texts (Rivet's victory and special rules, the Planspiel's tasks and outcome list)
// come in both languages from the data; the rest is composed from the structured values with the
// strings of i18n.ts. A value whose provenance is stand-in is marked "not the printed value".
import { said, sideName, t, tOr, type Lang } from './i18n';
import { objectiveName } from './planspiel';
import type { PlanspielBoard, PsObservation, RivetBoard, WpBoard } from './types';

/** "{n} VP" with n filled in; an unknown name stays as written. */
export function fill(s: string, v: Record<string, string | number>): string {
  return s.replace(/\{(\w+)\}/g, (m, k) => (k in v ? String(v[k]) : m));
}

export interface BriefingLine {
  text: string;
  standIn?: boolean;
}

export interface BriefingSection {
  key: string; // data-testid suffix: briefing-<key>
  head: string;
  lines: BriefingLine[];
}

/** The line with the stand-in mark appended when `standIn`. */
export function marked(text: string, standIn: boolean, l: Lang): BriefingLine {
  return standIn ? { text: `${text} († ${t('pbStandIn', l)})`, standIn } : { text };
}

const isStandIn = (p: string | Record<string, string> | undefined): boolean =>
  typeof p === 'string' ? p === 'stand-in' : Object.values(p ?? {}).includes('stand-in');

// --- Rivet Wars -----------------------------------------------------------------------------

/** Segments as short runs: "a6–i6" for a whole row, "a1–i1, b2, e2, h2". */
export function segmentRuns(segs: string[]): string {
  const parsed = segs.map((s) => ({ col: s.charCodeAt(0), row: s.slice(1), id: s }));
  const out: string[] = [];
  let k = 0;
  while (k < parsed.length) {
    let e = k;
    while (e + 1 < parsed.length && parsed[e + 1].row === parsed[k].row && parsed[e + 1].col === parsed[e].col + 1) e++;
    out.push(e - k >= 2 ? `${parsed[k].id}–${parsed[e].id}` : parsed.slice(k, e + 1).map((p) => p.id).join(', '));
    k = e + 1;
  }
  return out.join(', ');
}

export function rivetBriefing(board: RivetBoard, l: Lang): BriefingSection[] {
  const b = board.briefing;
  if (!b) return [];
  // The mission's own rules (Bismark-only scoring, Riflemen on the SOs, paradrop, extra DP) are in
  // its victory and special texts; the lines composed here add what those do not say.
  const goal: BriefingLine[] = [{ text: said(b.victory, b.victory_de, l) }];
  goal.push({ text: fill(t('brRivetVp', l), { a: b.vp.allies, b: b.vp.bismark }) });
  goal.push({ text: b.max_rounds ? fill(t('brRivetRoundsN', l), { n: b.max_rounds }) : t('brRivetRoundsNone', l) });
  const soStandIn = isStandIn(b.provenance.objectives);
  const objectives: BriefingLine[] = b.objectives.map((o) =>
    marked(fill(t('brRivetSo', l), { seg: o.seg, field: tOr(`brField_${o.field}`, o.field, l) }), soStandIn, l),
  );
  objectives.push({ text: t('brRivetCapture', l) });
  const special: BriefingLine[] = b.special.length ? b.special.map((s) => ({ text: said(s.text, s.text_de, l) })) : [{ text: t('brNone', l) }];
  const deployStandIn = isStandIn(b.provenance.deploy);
  const forces: BriefingLine[] = (['allies', 'bismark'] as const).map((s) =>
    marked(fill(t(`brRivetDeploy_${s}`, l), { segs: segmentRuns(b.deploy[s] ?? []) }), deployStandIn, l),
  );
  forces.push({ text: fill(t('brRivetResources', l), { a: b.dp.allies, b: b.dp.bismark, r: b.rivets }) });
  forces.push({ text: b.first_player === 'roll' ? t('brRivetFirstRoll', l) : t(`brRivetFirstSide_${b.first_player}`, l) });
  forces.push({ text: t(b.action_cards ? 'brRivetCardsYes' : 'brRivetCardsNo', l) });
  forces.push({ text: t(b.secret_missions ? 'brRivetSecretsYes' : 'brRivetSecretsNo', l) });
  if (b.action_cards || b.secret_missions) forces.push({ text: t('brRivetOwnCards', l) });
  return [
    { key: 'goal', head: t('brGoal', l), lines: goal },
    { key: 'objectives', head: t('brRivetObjectives', l), lines: objectives },
    { key: 'special', head: t('brSpecial', l), lines: special },
    { key: 'forces', head: t('brRivetForces', l), lines: forces },
  ];
}

// --- Westerplatte ---------------------------------------------------------------------------

export function wpBriefing(board: WpBoard, l: Lang): BriefingSection[] {
  const b = board.briefing;
  if (!b) return [];
  const situation: BriefingLine[] = [
    { text: t('brWpSituation', l) },
    { text: b.players === 1 ? fill(t('brWpSolo', l), { o: b.officers }) : fill(t('brWpPlayers', l), { p: b.players }) },
    { text: fill(t('brWpWin', l), { d: b.days, c: b.cards_per_day }) },
    { text: fill(t('brWpLoss', l), { n: b.loss_posts }) },
  ];
  const overflowStandIn = isStandIn(b.provenance.overflow);
  const boardLines: BriefingLine[] = [
    { text: fill(t('brWpLanes', l), { n: b.lanes.length, s: b.lane_spaces }) },
    marked(fill(t('brWpLane', l), { list: b.lanes.map((ln) => `${ln.field} → ${ln.overflow[0]}/${ln.overflow[1]}`).join(', ') }), overflowStandIn, l),
    { text: fill(t('brWpPosts', l), { n: b.guard_posts, b: b.bricks_per_field }) },
    marked(t('brWpPaths', l), isStandIn(b.provenance.paths), l),
    { text: fill(t('brWpPiles', l), { d: b.days, c: b.cards_per_day }) },
  ];
  const turn: BriefingLine[] = [
    { text: t('brWpTurn', l) },
    { text: fill(t('brWpEvents', l), { e: b.days - 1, p: b.positive_events, n: b.negative_events }) },
    { text: b.opening_discard ? fill(t('brWpOpeningDiscard', l), { k: b.opening_cards }) : fill(t('brWpOpening', l), { k: b.opening_cards }) },
    { text: fill(t('brWpAmmo', l), { a: b.start_ammo }) },
  ];
  return [
    { key: 'situation', head: t('brSituation', l), lines: situation },
    { key: 'board', head: t('brWpBoard', l), lines: boardLines },
    { key: 'turn', head: t('brWpTurnHead', l), lines: turn },
  ];
}

// --- Planspiel ------------------------------------------------------------------------------

const fieldText = (f: [number, number]) => `${f[0]},${f[1]}`;

export function psBriefing(board: PlanspielBoard, obs: Partial<PsObservation> | null | undefined, seat: string, l: Lang): BriefingSection[] {
  const b = board.briefing;
  if (!b) return [];
  const party = (p: string) => sideName('planspiel', p, l);
  // "Infantry company (Schützenkompanie), figure base" -> "Infantry company (Schützenkompanie)";
  // German "Schützenkompanie, Figurenbasis" -> "Schützenkompanie"
  const typeName = (id: string) => {
    const type = board.unit_types.find((x) => x.id === id);
    return (type ? said(type.name, type.name_de, l) : id).split(', ')[0];
  };
  const tasks: BriefingLine[] = b.tasks.map((x) => marked(`${party(x.party)}: ${said(x.text, x.text_de, l)}`, isStandIn(x.provenance), l));
  const second = b.first_mover === 'red' ? 'blue' : 'red';
  const time: BriefingLine[] = [
    marked(
      fill(t('brPsTurns', l), { n: b.game_turns, a: b.start_cycle_turn, z: b.start_cycle_turn + b.game_turns - 1, s: party(b.first_mover), last: party(second) }),
      isStandIn({ g: b.provenance.game_turns, c: b.provenance.start_cycle_turn, f: b.provenance.first_mover }),
      l,
    ),
  ];
  for (const z of b.setup) {
    time.push(marked(fill(t('brPsSetup', l), { s: party(z.party), x1: z.from[0], x2: z.to[0], y1: z.from[1], y2: z.to[1] }), isStandIn(z.provenance), l));
  }
  const objectives: BriefingLine[] = b.objectives.map((o) => {
    const held = [...new Set(o.controller)];
    const who = held.length === 1 ? (held[0] === 'none' ? t('psNobody', l) : party(held[0])) : o.controller.map((c) => (c === 'none' ? '—' : party(c))).join(' / ');
    const text = fill(t(o.vp ? 'brPsObjectiveVp' : 'brPsObjective', l), {
      name: objectiveName(b.objectives, o.id, l),
      fields: o.fields.map(fieldText).join(' '),
      who,
      vp: o.vp,
    });
    return marked(text, isStandIn(o.provenance), l);
  });
  // The forces on the board: the units the viewer's observation holds (an undetected enemy unit is
  // absent from it, PS §7.5), counted by type per party.
  const forces: BriefingLine[] = [];
  const units = Array.isArray(obs?.units) ? obs!.units : [];
  for (const p of seat === 'blue' ? ['blue', 'red'] : ['red', 'blue']) {
    const counts = new Map<string, number>();
    for (const u of units) if (u.party === p && u.status === 'on_board') counts.set(u.type, (counts.get(u.type) ?? 0) + 1);
    if (counts.size === 0) continue;
    const list = [...counts].map(([type, n]) => `${n}× ${typeName(type)}`).join(', ');
    forces.push({ text: `${party(p)}: ${list}` });
  }
  forces.push({ text: t('brPsForcesHidden', l) });
  const reinforcements: BriefingLine[] = b.reinforcements.length
    ? b.reinforcements.map((r) =>
        marked(fill(t('brPsReinforcement', l), { n: r.arrives, s: party(r.party), u: typeName(r.type), f: fieldText(r.entry) }), isStandIn(r.provenance), l),
      )
    : [{ text: t('brNone', l) }];
  const outcomes: BriefingLine[] = b.outcomes.map((o, k) => marked(`${k + 1}. ${said(o.text, o.text_de, l)}`, isStandIn(o.provenance), l));
  return [
    { key: 'tasks', head: t('brPsTasks', l), lines: tasks },
    { key: 'time', head: t('brPsTime', l), lines: time },
    { key: 'objectives', head: t('brPsObjectives', l), lines: objectives },
    { key: 'forces', head: t('brPsForces', l), lines: forces },
    { key: 'reinforcements', head: t('brPsReinforcements', l), lines: reinforcements },
    { key: 'outcomes', head: t('brPsOutcomes', l), lines: outcomes },
  ];
}

// --- Opening on first sight -------------------------------------------------------------------

const SEEN_PREFIX = 'feldherr.briefing.';

/** Whether this browser has shown the briefing of this game to this seat before. */
export function briefingSeen(game: string, seat: string, store: Pick<Storage, 'getItem'> | null = safeStorage()): boolean {
  return store?.getItem(`${SEEN_PREFIX}${game}.${seat}`) === '1';
}

/** Remembers that the briefing was shown (it opens by itself only the first time). */
export function markBriefingSeen(game: string, seat: string, store: Pick<Storage, 'setItem'> | null = safeStorage()): void {
  try {
    store?.setItem(`${SEEN_PREFIX}${game}.${seat}`, '1');
  } catch {
    // storage full or disabled: the briefing opens again next time
  }
}

function safeStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
