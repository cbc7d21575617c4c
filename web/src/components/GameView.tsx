// Playing or watching one game: the board, the decision and the legal actions of this seat
// (highlighted on the board for the selected unit), odds before an attack, undo, concede, and
// the log. Everything the seat may do comes from the server's `legal` list.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { actingUnits, askBefore, clickTargets, parseAll, wantsOdds, type ParsedAction } from '../actions';
import { api, GameSocket, tokens } from '../api';
import { autoDecline, declinedSummary, impulseOf, loadPrefs, modeOf, noteWindow, NO_PREFS, savePrefs, setMode, soloSeat, type SkipMode, type SkipPrefs } from '../autodecline';
import { useLang } from '../hooks';
import { lang, resultText, said, sideName, t, tOr } from '../i18n';
import { boardTitle, tabTitle } from '../title';
import { highlightsOf, psActingUnits, psClickTargets, psPhaseText, psTurnText, psUnitActions, psUnits } from '../planspiel';
import { pocketUnits, unitCell } from '../pocket';
import { replayHref } from '../route';
import { cardActions, rivetUnits } from '../rivet';
import type { Board, LegalAction, LogEntry, PlanspielBoard, PocketBoard, PsObservation, RivetBoard, ServerMessage, StateMessage, WsrBoard } from '../types';
import { faceSummary, hexMarkers, observedUnits, unitName, type WsrUnit } from '../wsr';
import { ActionPanel } from './ActionPanel';
import { LogPanel, mergeLog, unionLog } from './LogPanel';
import { OddsPanel } from './OddsPanel';
import { PlanspielMap, PsFieldPanel, PsOffBoard, PsUnitPanel } from './PlanspielMap';
import { PocketArmy } from './PocketArmy';
import { PocketField } from './PocketField';
import { RivetField } from './RivetField';
import { RivetCatalogue, RivetHand, RivetUnitPanel } from './RivetHand';
import { WsrMap } from './WsrMap';
import { WsrBriefing } from './WsrBriefing';
import { PlanspielBriefing } from './PlanspielBriefing';
import { RivetBriefing } from './RivetBriefing';
import { WesterplatteBriefing } from './WesterplatteBriefing';
import { WsrMapKey } from './WsrPanels';
// 7 Tage der Westerplatte: its board and click targets (fields and lanes share letters).
import { wpClickTargets, wpHighlights } from '../westerplatte';
import type { WpBoard, WpObservation } from '../types';
import { WesterplatteBoard } from './WesterplatteBoard';

interface Pending {
  action: ParsedAction;
  odds: any;
  error?: string;
}

export function GameView(props: { id: string; token?: string }) {
  useLang();
  const [board, setBoard] = useState<Board | null>(null);
  const [msg, setMsg] = useState<StateMessage | null>(null);
  const [log, setLog] = useState<LogEntry[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [choice, setChoice] = useState<ParsedAction[] | null>(null);
  const [infoHex, setInfoHex] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [connected, setConnected] = useState(false);
  const sock = useRef<GameSocket | null>(null);
  // Reaction windows this seat declines automatically (autodecline.ts), and what was declined.
  const [stored, setStored] = useState<{ key: string; prefs: SkipPrefs }>({ key: '', prefs: NO_PREFS });
  const [declined, setDeclined] = useState<{ last: LegalAction[]; count: number }>({ last: [], count: 0 });
  const autoSent = useRef(-1);
  // The game's players by side ("human" or a computer player): whether this seat plays alone.
  const [players, setPlayers] = useState<Record<string, string> | null>(null);

  useEffect(() => {
    // Kind "none": the game has no graphic board; the state messages carry its text picture.
    api.board(props.id).then(setBoard, (e) => setError(String(e.message ?? e)));
    api.game(props.id).then(
      (g) => setPlayers(g?.seats ?? null),
      () => undefined,
    );
    api.log(props.id, props.token).then(
      (l) => setLog((prev) => unionLog(l.actions, prev)),
      () => undefined,
    );
    const onMessage = (m: ServerMessage) => {
      if (m.type === 'state') {
        // A seat opened by its link: remembered, for the lobby and the replay's view of it.
        if (props.token && m.seat !== 'observer' && tokens.of(props.id)[m.seat] !== props.token) tokens.save(props.id, m.seat, props.token);
        setMsg(m);
        setLog((prev) => mergeLog(prev, m.actions, m.events));
        setChoice(null);
        setPending((p) => (p && m.legal.some((a) => a.text === p.action.text) ? p : null));
      } else if (m.type === 'odds') {
        setPending((p) => (p && p.action.text === m.action ? { ...p, odds: m.odds } : p));
      } else if (m.type === 'error') {
        const message = said(m.message, m.message_de);
        if (m.request === 'odds') setPending((p) => (p ? { ...p, error: `${m.code}: ${message}`, odds: p.odds ?? {} } : p));
        else setError(`${m.code}: ${message}`);
      }
    };
    const s = new GameSocket(props.id, props.token, onMessage, setConnected);
    sock.current = s;
    return () => s.close();
  }, [props.id, props.token]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setSelected(null);
      setChoice(null);
      setPending(null);
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, []);

  // The odds and the chooser open beside the board, on a phone below it: brought into view.
  useEffect(() => {
    if (pending || choice) document.querySelector('.side .odds, .side .choice')?.scrollIntoView({ block: 'center' });
  }, [!!pending, !!choice]);

  const gameId = board?.game ?? '';
  const side = (seat: string) => sideName(gameId, seat);
  const wsr = board?.kind === 'hex' ? (board as WsrBoard) : null;
  const pocket = board?.kind === 'zones' ? (board as PocketBoard) : null;
  const rivet = board?.kind === 'segments' ? (board as RivetBoard) : null;
  const ps = board?.kind === 'squares' ? (board as PlanspielBoard) : null;
  const wpb = board?.kind === 'westerplatte' ? (board as WpBoard) : null;
  const obs = msg?.observation;

  const wsrUnits: WsrUnit[] = useMemo(() => (wsr && obs ? observedUnits(obs, wsr) : []), [wsr, obs]);
  const pUnits = useMemo(() => (pocket ? pocketUnits(obs) : []), [pocket, obs]);
  const rUnits = useMemo(() => (rivet && obs ? rivetUnits(rivet, obs) : []), [rivet, obs]);
  const psList = useMemo(() => (ps && obs ? psUnits(ps, obs) : []), [ps, obs]);

  // Legal actions; a Pocket segment arrives with the battlefield cell it names.
  const actions: ParsedAction[] = useMemo(() => parseAll(msg?.legal ?? [], lang.value), [msg, lang.value]);

  const placeOfUnit = (label: string): string | null => {
    if (wsr) {
      const u = wsrUnits.find((x) => x.label === label);
      return u && u.hex >= 0 ? wsr.hexes[u.hex].id : null;
    }
    if (pocket) {
      const u = pUnits.find((x) => x.label === label);
      return u ? unitCell(pocket, u) : null;
    }
    if (rivet) return rUnits.find((x) => x.label === label)?.seg ?? null;
    return null;
  };
  // Planspiel: a field is the place of its actions; an assault names its attackers after it.
  const psFieldOf = (id: string) => psList.find((u) => u.id === id)?.field ?? null;
  const targets = ps ? psClickTargets(actions, selected, psFieldOf) : wpb ? wpClickTargets(actions, selected, obs as WpObservation) : clickTargets(actions, selected, placeOfUnit);
  const highlights = new Map<string, string>();
  if (ps) for (const [place, kind] of highlightsOf(targets)) highlights.set(place, kind);
  else if (wpb) for (const [place, kind] of wpHighlights(targets)) highlights.set(place, kind);
  else for (const [place, list] of targets) highlights.set(place, list.some((a) => a.role === 'move') ? 'move' : 'target');
  const acting = ps ? psActingUnits(actions) : actingUnits(actions);
  // What every board component takes: the selection, the highlighted places, the acting units.
  const boardProps = { selected, highlights, actingUnits: acting, onUnit: setSelected };
  // What entering each place costs (WSR: the moving stack's MP), as the server computed it.
  const costs = new Map<string, number>();
  for (const a of actions) if (a.cost !== null && a.places.length > 0) costs.set(a.places[a.places.length - 1], a.cost);

  // While the connection is down nothing is sent: the buttons are disabled and the banner says
  // so; a click that still gets through (the board) says it instead of being dropped silently.
  const offline = !!msg && !connected;
  const send = (a: ParsedAction) => {
    if (!msg) return;
    if (!connected) {
      setError(t('offlineActions'));
      return;
    }
    setError('');
    setPending(null);
    setChoice(null);
    if (!sock.current?.send({ type: 'action', state_id: msg.state_id, action_id: a.id })) setError(t('offlineActions'));
  };
  // `ask`: an irreversible action or an ending while units could still act asks first (askBefore);
  // a reaction window declined automatically does not.
  const choose = (a: ParsedAction, ask = true) => {
    setChoice(null);
    if (!connected) {
      setError(t('offlineActions'));
      return;
    }
    const question = ask ? askBefore(a, lang.value) : null;
    if (question !== null && !confirm(question)) return;
    if (wantsOdds(a)) {
      if (sock.current?.send({ type: 'odds', action: a.text })) setPending({ action: a, odds: null });
      else setError(t('offlineActions'));
    } else send(a);
  };
  // Reaction windows: list the kinds seen; send the decline of a kind the player declines.
  const seat = msg?.seat ?? 'observer';
  const impulse = impulseOf(obs);
  const solo = soloSeat(seat, players);
  // This game's and seat's choices: read from the browser's storage until first changed here.
  const prefsKey = `${props.id}/${seat}`;
  const prefs = useMemo(
    () => (seat === 'observer' ? NO_PREFS : stored.key === prefsKey ? stored.prefs : loadPrefs(props.id, seat)),
    [prefsKey, stored],
  );
  const setPrefs = (p: SkipPrefs) => {
    setStored({ key: prefsKey, prefs: p });
    savePrefs(props.id, seat, p);
  };
  useEffect(() => {
    if (!msg || seat === 'observer') return;
    const noted = noteWindow(prefs, msg);
    if (noted !== prefs) setPrefs(noted);
    const a = autoDecline(msg, noted, impulse, solo);
    // Once per state: a refused decline comes back as the same state and then waits for a click.
    if (!a || !connected || autoSent.current === msg.state_id) return;
    const parsed = actions.find((x) => x.id === a.id);
    if (!parsed) return;
    autoSent.current = msg.state_id;
    setDeclined((d) => ({ last: [...d.last.slice(-2), a], count: d.count + 1 }));
    choose(parsed, false);
  }, [msg, connected, stored, solo]);
  const changeMode = (kind: string, mode: SkipMode) => {
    if (seat !== 'observer') setPrefs(setMode(prefs, kind, mode, impulse));
  };

  const onPlace = (place: string) => {
    const list = targets.get(place);
    if (!list || list.length === 0) {
      setInfoHex(place);
      return;
    }
    if (list.length === 1) choose(list[0]);
    else setChoice(list);
  };

  // A click on a Pocket stack or tile: the one action it makes, or the chooser of several.
  const onActions = (list: ParsedAction[]) => {
    if (list.length === 1) choose(list[0]);
    else if (list.length > 1) setChoice(list);
  };

  const undo = () => {
    if (msg && !sock.current?.send({ type: 'undo', state_id: msg.state_id })) setError(t('offlineActions'));
  };
  const concede = () => {
    if (!props.token || !confirm(t('confirmConcede'))) return;
    api.concede(props.id, props.token).catch((e) => setError(String(e.message ?? e)));
  };

  const selectedWsr = wsrUnits.find((u) => u.label === selected);
  const myTurn = !!msg && msg.legal.length > 0;
  const over = !!msg?.result;
  useEffect(() => {
    document.title = tabTitle(myTurn, over, boardTitle(board) ?? '');
  }, [myTurn, over, board, lang.value]);
  useEffect(() => () => void (document.title = 'Feldherr'), []);
  // Reaction windows and setup: the declining / automatic answers next to the prompt.
  const quick = actions.filter((a) => a.role === 'decline' || a.text === msg?.decision.decline);
  return (
    <main class={`game ${offline ? 'offline' : ''}`} data-state-id={msg?.state_id ?? -1} data-my-turn={myTurn ? '1' : '0'} data-over={msg?.result ? '1' : '0'}>
      <div class="game-head">
        <h2>{boardTitle(board) ?? props.id}</h2>
        <span class="seatinfo" data-testid="seat">
          {msg ? (msg.seat === 'observer' ? t('observer') : `${t('you')}: ${side(msg.seat)}`) : t('connecting')}
        </span>
        {wsr && obs && (
          <span>
            {t('turn')} {obs.turn}/{wsr.turns} · {t('fatePoints')} {wsr.seats.map((s) => `${side(s)} ${obs.seats?.[s]?.fate_points ?? 0}`).join(', ')}
          </span>
        )}
        {ps && obs && <PsHead obs={obs as PsObservation} over={over} />}
        <span class="spacer" />
        {msg?.can_undo && (
          <button onClick={undo} data-testid="undo" disabled={offline}>
            {t('undo')}
          </button>
        )}
        {props.token && msg && !msg.result && (
          <button onClick={concede} data-testid="concede">
            {t('concede')}
          </button>
        )}
        <a href={replayHref(props.id, props.token)}>{t('replay')}</a>
      </div>
      {offline && (
        <div class="offline-banner" data-testid="offline" role="status">
          {t('disconnected')}
        </div>
      )}
      {msg && (
        <div class={`decision ${myTurn ? 'mine' : ''}`} data-testid="decision" data-kind={msg.decision.kind}>
          {msg.result ? (
            <b data-testid="result">
              {t('result')}: {resultText(gameId, msg.result)} — {said(msg.result.reason, msg.result.reason_de)}
            </b>
          ) : (
            <>
              <b>{myTurn ? t('yourDecision') : `${t('waiting')} ${side(msg.decision.seat)}`}:</b> {said(msg.decision.prompt, msg.decision.prompt_de)}
              {myTurn &&
                quick.map((a) => (
                  <button key={a.id} class="quick" data-quick={a.text} data-warn={a.warn || undefined} title={a.warn || a.text} disabled={offline} onClick={() => choose(a)}>
                    {a.label}
                  </button>
                ))}
            </>
          )}
        </div>
      )}
      {declined.count > 0 && !msg?.result && (
        <div class="auto-declined" data-testid="auto-declined" data-count={declined.count} role="status">
          {t('declinedForYou')}: {declinedSummary(declined.last, lang.value)}
        </div>
      )}
      {prefs.seen.length > 0 && !msg?.result && (
        <details class="autodecline" data-testid="autodecline">
          <summary>{t('autoDeclineTitle')}</summary>
          <div class="small">{t('autoDeclineHelp')}</div>
          {prefs.seen.map((w) => (
            <label key={w.kind} class="autodecline-row">
              <span title={w.label[lang.value]}>{tOr(`window_${w.kind}`, `${w.kind} (${w.label[lang.value]})`)}</span>
              <select
                data-testid={`autodecline-${w.kind}`}
                value={modeOf(prefs, w.kind, impulse, solo)}
                onChange={(e) => changeMode(w.kind, (e.target as HTMLSelectElement).value as SkipMode)}
              >
                <option value="ask">{t(w.rolls ? 'autoAskAlways' : 'autoAsk')}</option>
                {solo && <option value="choice">{t('autoChoice')}</option>}
                {w.rolls && <option value="own">{t('autoOwnRolls')}</option>}
                <option value="decline">{t(w.rolls ? 'autoNever' : 'autoDecline')}</option>
                {impulse !== null && <option value="impulse">{t('autoImpulse')}</option>}
              </select>
            </label>
          ))}
        </details>
      )}
      {error && (
        <div class="error" data-testid="error" onClick={() => setError('')}>
          {error}
        </div>
      )}
      <div class="game-body">
        <div class="board-area">
          {!wsr && !pocket && !rivet && !ps && !wpb && msg?.text && (
            <pre class="text-board" data-testid="text-board">
              {said(msg.text, msg.text_de)}
            </pre>
          )}
          {wsr && obs && (
            <WsrMap board={wsr} obs={obs} units={wsrUnits} costs={costs} onHex={onPlace} actions={actions} onAction={choose} {...boardProps} />
          )}
          {rivet && obs && (
            <>
              <RivetField board={rivet} obs={obs} units={rUnits} onSegment={onPlace} over={over} {...boardProps} />
              {msg?.text && (
                <details class="text-details">
                  <summary>{t('cardsAndDetails')}</summary>
                  <pre class="text-board" data-testid="text-board">
                    {said(msg.text, msg.text_de)}
                  </pre>
                </details>
              )}
            </>
          )}
          {ps && obs && (
            <PlanspielMap
              board={ps}
              obs={obs}
              units={psList}
              onField={onPlace}
              {...boardProps}
              highlights={highlightsOf(targets)}
            />
          )}
          {wpb && obs && <WesterplatteBoard board={wpb} obs={obs as WpObservation} onPlace={onPlace} myTurn={myTurn} {...boardProps} />}
          {pocket && obs && (
            <PocketField board={pocket} obs={obs} units={pUnits} onCell={onPlace} actions={actions} onActions={onActions} {...boardProps} />
          )}
        </div>
        <aside class="side">
          {rivet && msg && <RivetBriefing board={rivet} game={props.id} seat={msg.seat} />}
          {wpb && msg && <WesterplatteBriefing board={wpb} game={props.id} seat={msg.seat} />}
          {ps && msg && <PlanspielBriefing board={ps} obs={obs} game={props.id} seat={msg.seat} />}
          {pending && (
            <OddsPanel
              action={pending.action.label}
              odds={pending.odds}
              error={pending.error}
              disabled={offline}
              onConfirm={() => send(pending.action)}
              onCancel={() => setPending(null)}
            />
          )}
          {ps && myTurn && psUnitActions(actions, selected, psFieldOf).length > 0 && (
            <section class="panel choice" data-testid="unit-actions">
              <h3>{t('choose')}</h3>
              {psUnitActions(actions, selected, psFieldOf).map((a) => (
                <button key={a.id} class="action" data-action={a.text} data-role={a.role} title={a.note || a.text} disabled={offline} onClick={() => choose(a)}>
                  {a.label}
                </button>
              ))}
            </section>
          )}
          {choice && (
            <section class="panel choice" data-testid="choice">
              <h3>{t('choose')}</h3>
              {choice.map((a) => (
                <button key={a.id} class="action" data-action={a.text} data-role={a.role} title={a.note || a.text} disabled={offline} onClick={() => choose(a)}>
                  {a.label}
                </button>
              ))}
              <button onClick={() => setChoice(null)}>{t('cancel')}</button>
            </section>
          )}
          {wsr && infoHex && <HexInfo board={wsr} obs={obs} units={wsrUnits} hexId={infoHex} onUnit={setSelected} onClose={() => setInfoHex(null)} />}
          {ps && selected && psList.some((u) => u.id === selected) && (
            <PsUnitPanel unit={psList.find((u) => u.id === selected)!} onClose={() => setSelected(null)} />
          )}
          {ps && obs && infoHex && (
            <PsFieldPanel board={ps} obs={obs} units={psList} field={infoHex} onUnit={setSelected} onClose={() => setInfoHex(null)} />
          )}
          {rivet && obs && msg && msg.seat !== 'observer' && (
            <RivetHand board={rivet} obs={obs} seat={msg.seat} plays={cardActions(msg.legal, actions)} onAction={choose} disabled={offline} />
          )}
          {rivet && selected && rUnits.some((u) => u.label === selected) && (
            <RivetUnitPanel unit={rUnits.find((u) => u.label === selected)!} onClose={() => setSelected(null)} />
          )}
          {ps && <PsOffBoard units={psList} acting={acting} selected={selected} onUnit={setSelected} />}
          {wsr && <OffMap units={wsrUnits} acting={acting} selected={selected} onUnit={setSelected} />}
          {wsr && <WsrMapKey board={wsr} obs={obs} />}
          {wsr && <WsrBriefing board={wsr} open={obs?.phase === 'setup'} />}
          {pocket && msg && msg.seat !== 'observer' && !msg.result && (
            <PocketArmy board={pocket} seat={msg.seat} actions={actions} onAction={choose} disabled={offline} />
          )}
          {myTurn && (
            <ActionPanel
              actions={actions}
              selected={selected}
              selectedName={selectedWsr ? unitName(selectedWsr) : undefined}
              onAction={choose}
              onClear={() => setSelected(null)}
              disabled={offline}
              ofUnit={ps ? (a, unit) => a.units.includes(unit) : undefined}
            />
          )}
          {rivet && obs && <RivetCatalogue board={rivet} obs={obs} />}
          <LogPanel entries={log} game={gameId} />
        </aside>
      </div>
    </main>
  );
}

function HexInfo(props: { board: WsrBoard; obs: any; units: WsrUnit[]; hexId: string; onUnit: (l: string) => void; onClose: () => void }) {
  const h = props.board.hexes.find((x) => x.id === props.hexId);
  if (!h) return null;
  const tt = props.board.terrain[h.t];
  const m = hexMarkers(props.obs, props.board, h.i);
  const place = props.board.places.find((p) => p.id === h.place);
  const here = props.units.filter((u) => u.hex === h.i && !u.gone);
  return (
    <section class="panel hexinfo" data-testid="hexinfo">
      <h3>
        {h.id} · {lang.value === 'de' ? tt.name_de : tt.name}
        {place ? ` · ${said(place.name, place.name_de)}` : ''}{' '}
        <button class="small-btn" onClick={props.onClose}>
          ×
        </button>
      </h3>
      <div class="small">
        {m.controller >= 0 && `${sideName('wsr', props.board.seats[m.controller])} · `}
        {m.wreck && `${t('wreck')} · `}
        {m.ip && `${t('ip')} · `}
        {m.mine && `${t('mine')} · `}
        {m.exitSeats.map((seat) => `${t('exitHexes').replace('{s}', sideName('wsr', seat))} · `)}
        {m.boundary && `${t('boundaryLine')} · `}
        {m.destroyedBridge && `${t('destroyedBridge')} · `}
        {m.smoke > 0 && `${t('smoke')} ${m.smoke} · `}
        {m.aircraft.length > 0 && `${t('aircraft')}: ${m.aircraft.join(', ')} · `}
        {props.board.objectives.includes(h.i) && t('objective')}
      </div>
      {here.map((u) => (
        <div key={u.label} class="unitline" onClick={() => props.onUnit(u.label)} title={u.label} data-unit={u.label}>
          <b>{unitName(u)}</b>: {faceSummary(u.face)}
          {u.reduced && ` · ${t('reduced')}`}
          {u.disrupted && ` · ${t('disrupted')}`}
          {u.opsComplete && ` · ${t('opsComplete')}`}
          {u.outOfCommand && ` · ${t('outOfCommand')}`}
        </div>
      ))}
    </section>
  );
}

function OffMap(props: { units: WsrUnit[]; acting: Set<string>; selected: string | null; onUnit: (l: string) => void }) {
  const off = props.units.filter((u) => u.offMap && !u.gone);
  if (off.length === 0) return null;
  return (
    <section class="panel offmap" data-testid="offmap">
      <h3>{t('offMap')}</h3>
      <div class="chips">
        {off.map((u) => (
          <button
            key={u.label}
            class={`chip-btn ${props.selected === u.label ? 'on' : ''} ${props.acting.has(u.label) ? 'acting' : ''}`}
            onClick={() => props.onUnit(u.label)}
            title={`${u.label}: ${faceSummary(u.face)}`}
            data-unit={u.label}
          >
            {unitName(u)}
          </button>
        ))}
      </div>
    </section>
  );
}

/** Planspiel: game turn, cycle turn, the party to act, the phase and the losses. */
function PsHead(props: { obs: PsObservation; over: boolean }) {
  const o = props.obs;
  const party = (p: string) => tOr(`psParty_${p}`, p);
  return (
    <span data-testid="ps-head">
      {psTurnText(o)} ·{' '}
      {!props.over && (
        <>
          <b>{party(o.active)}</b> {t('psActive')} · {psPhaseText(o)} ·{' '}
        </>
      )}
      {t('psLosses')}{' '}
      {Object.entries(o.losses ?? {})
        .map(([p, n]) => `${party(p)} ${n}`)
        .join(', ')}
      {o.moving && ` · ${t('psMovingUnit')}: ${o.moving.unit === '(hidden)' ? t('psHidden') : o.moving.unit}`}
      {o.last_close_combat && ` · ${t('psLastCombat')} ${o.last_close_combat.field.join(',')}: ${o.last_close_combat.attacker_total}:${o.last_close_combat.defender_total}`}
    </span>
  );
}
