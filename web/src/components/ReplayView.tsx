// Replay: step forward and back through the log of a finished or running game, as a side or as
// an observer. The log (GET /api/games/ID/log) gives every action with its events; the position
// after action n comes from GET /api/games/ID/observation?n=N&view=SIDE when the server offers
// it (docs/web.md); without it the replay steps through the log only.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { api, tokens } from '../api';
import { useLang } from '../hooks';
import { said, sideName, t } from '../i18n';
import { gameHref } from '../route';
import type { Board, GameLog, PlanspielBoard, PocketBoard, RivetBoard, WsrBoard } from '../types';
// 7 Tage der Westerplatte's board, without clicks.
import type { WpBoard, WpObservation } from '../types';
import { WesterplatteBoard } from './WesterplatteBoard';
import { observedUnits } from '../wsr';
import { pocketUnits } from '../pocket';
import { rivetUnits } from '../rivet';
import { psUnits } from '../planspiel';
import { LogPanel } from './LogPanel';
import { PlanspielMap } from './PlanspielMap';
import { PocketField } from './PocketField';
import { RivetField } from './RivetField';
import { WsrMap } from './WsrMap';

/** The step index a key asks for from index `idx` (`go` clamps it): ← / → one step, Home / End
 * the first / last (`last`: any index at or past the end); null for other keys. */
export function replayKey(key: string, idx: number, last: number): number | null {
  if (key === 'ArrowLeft') return idx - 1;
  if (key === 'ArrowRight') return idx + 1;
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  return null;
}

export function ReplayView(props: { id: string; token?: string }) {
  useLang();
  const [log, setLog] = useState<GameLog | null>(null);
  const [board, setBoard] = useState<Board | null>(null);
  const [n, setN] = useState(0);
  const [view, setView] = useState('observer');
  const [stepObs, setObs] = useState<any>(null);
  const [noPositions, setNoPositions] = useState(false);
  const [error, setError] = useState('');

  useEffect(() => {
    api.log(props.id, props.token).then(
      (l) => {
        setLog(l);
        setN(l.actions.length ? l.actions[l.actions.length - 1].n : 0);
      },
      (e) => setError(String(e.message ?? e)),
    );
    api.board(props.id).then(setBoard, () => undefined);
  }, [props.id, props.token]);

  const myTokens = tokens.of(props.id);
  // While the game runs a side's view needs that side's token (hidden information): only the
  // sides this browser holds; once it is over (the dice secret revealed) every side.
  const seats = board ? board.seats.filter((s) => log?.seed || myTokens[s]) : [];
  useEffect(() => {
    if (noPositions || !log) return;
    const token = view !== 'observer' ? myTokens[view] : undefined;
    const q = new URLSearchParams({ n: String(n), view });
    if (token) q.set('token', token);
    fetch(`/api/games/${props.id}/observation?${q}`).then(
      async (r) => {
        if (r.status === 404) setNoPositions(true);
        else if (r.ok) setObs((await r.json()).observation);
      },
      () => setNoPositions(true),
    );
  }, [n, view, log, noPositions]);

  // Without positions of past steps, the last step still has one: the current observation of
  // the chosen view (GET /api/games/ID with that side's token, or as an observer).
  const [liveObs, setLiveObs] = useState<any>(null);
  useEffect(() => {
    if (!noPositions) return;
    const token = view !== 'observer' ? myTokens[view] : undefined;
    api.game(props.id, token).then((g) => setLiveObs(g.observation ?? null), () => setLiveObs(null));
  }, [noPositions, view]);

  const ns = useMemo(() => (log ? log.actions.map((a) => a.n) : []), [log]);
  const idx = ns.indexOf(n);
  const go = (k: number) => ns.length && setN(ns[Math.max(0, Math.min(ns.length - 1, k))]);
  const current = log?.actions.find((a) => a.n === n);
  // The arrow keys step, Home / End jump to the first / last step (not while a form field has
  // the keys: the slider steps by itself).
  const goRef = useRef(go);
  goRef.current = go;
  const idxRef = useRef(idx);
  idxRef.current = idx;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) return;
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const k = replayKey(e.key, idxRef.current, Number.MAX_SAFE_INTEGER);
      if (k === null) return;
      e.preventDefault();
      goRef.current(k);
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, []);
  const wsr = board?.kind === 'hex' ? (board as WsrBoard) : null;
  const pocket = board?.kind === 'zones' ? (board as PocketBoard) : null;
  const rivet = board?.kind === 'segments' ? (board as RivetBoard) : null;
  const ps = board?.kind === 'squares' ? (board as PlanspielBoard) : null;
  const wpb = board?.kind === 'westerplatte' ? (board as WpBoard) : null;
  const atLast = ns.length > 0 && n === ns[ns.length - 1];
  const obs = noPositions ? (atLast ? liveObs : null) : stepObs;

  return (
    <main class="game replay" data-testid="replay">
      <div class="game-head">
        <h2>
          {t('replay')}: {board?.title ?? props.id}
        </h2>
        <label>
          {t('viewAs')}{' '}
          <select value={view} onChange={(e) => setView((e.target as HTMLSelectElement).value)} data-testid="view-as">
            <option value="observer">{t('observer')}</option>
            {seats.map((s) => (
              <option key={s} value={s}>
                {sideName(board?.game ?? '', s)}
              </option>
            ))}
          </select>
        </label>
        <span class="spacer" />
        <a href={gameHref(props.id, props.token)}>{t('live')}</a>
      </div>
      {error && <div class="error">{error}</div>}
      <div class="stepper">
        <button onClick={() => go(0)}>« {t('first')}</button>
        <button onClick={() => go(idx - 1)} data-testid="step-back">
          ◀ {t('prev')}
        </button>
        <input type="range" min={0} max={Math.max(0, ns.length - 1)} value={Math.max(0, idx)} onInput={(e) => go(Number((e.target as HTMLInputElement).value))} />
        <button onClick={() => go(idx + 1)} data-testid="step-forward">
          {t('next')} ▶
        </button>
        <button onClick={() => go(ns.length - 1)}>
          {t('last')} »
        </button>
        <span data-testid="replay-step">
          {t('step')} {n} / {ns.length ? ns[ns.length - 1] : 0}
        </span>
        <span class="small keys-hint">{t('replayKeys')}</span>
      </div>
      {current && (
        <div class="decision">
          <b>{sideName(board?.game ?? '', current.seat)}</b> <code>{current.text}</code>
          {current.events.map((e, k) => (
            <div key={k} class="small">
              [{e.rule}] {said(e.text, e.text_de)}
            </div>
          ))}
        </div>
      )}
      {log?.seed && (
        <div class="small">
          {t('seed')}: <code>{log.seed}</code> · {t('commitment')}: <code>{log.seed_commitment}</code>
        </div>
      )}
      <div class="game-body">
        <div class="board-area">
          {noPositions && !atLast && <div class="note">{t('logOnly')}</div>}
          {wsr && obs && (
            <WsrMap board={wsr} obs={obs} units={observedUnits(obs, wsr)} selected={null} highlights={new Map()} actingUnits={new Set()} onUnit={() => undefined} onHex={() => undefined} />
          )}
          {pocket && obs && (
            <PocketField board={pocket} obs={obs} units={pocketUnits(obs)} selected={null} highlights={new Map()} actingUnits={new Set()} onUnit={() => undefined} onCell={() => undefined} actions={[]} onActions={() => undefined} />
          )}
          {rivet && obs && (
            <RivetField board={rivet} obs={obs} units={rivetUnits(rivet, obs)} selected={null} highlights={new Map()} actingUnits={new Set()} onUnit={() => undefined} onSegment={() => undefined} />
          )}
          {ps && obs && (
            <PlanspielMap board={ps} obs={obs} units={psUnits(ps, obs)} selected={null} highlights={new Map()} actingUnits={new Set()} onUnit={() => undefined} onField={() => undefined} />
          )}
          {wpb && obs && (
            <WesterplatteBoard board={wpb} obs={obs as WpObservation} selected={null} highlights={new Map()} actingUnits={new Set()} onUnit={() => undefined} onPlace={() => undefined} myTurn={false} />
          )}
        </div>
        <aside class="side">
          <LogPanel entries={log?.actions ?? []} upTo={n} game={board?.game} />
        </aside>
      </div>
    </main>
  );
}
