// Rivet Wars: the viewer's own Action! cards and secret missions with their names and texts (only
// its own seat's observation names them: games/rivet/observation.cc), a card played by a click
// where the legal actions offer it, the inspection of a unit (every value of its stat card with
// its provenance: a stand-in is not the printed value) and the public catalogue of all cards.
import { useState } from 'preact/hooks';
import type { ParsedAction } from '../actions';
import { useLang } from '../hooks';
import { lang, sideName, t, tOr } from '../i18n';
import { rivetCard, rivetHand, unitValues, type RivetCardText, type RivetUnit } from '../rivet';
import type { RivetBoard, RivetObservation } from '../types';
import { SEAT_COLOURS } from '../wsr';

/** A provenance mark; a stand-in says that it is not the printed value. */
export function RivetProv(props: { p: string }) {
  if (!props.p) return null;
  const standIn = props.p === 'stand-in';
  return (
    <span class={`prov ${standIn ? 'standin' : ''}`} data-prov={props.p}>
      {tOr(`psProv_${props.p}`, props.p)}
      {standIn && ` · ${t('rivetNotPrinted')}`}
    </span>
  );
}

/** One card or mission: id, name, window and deviation (a card) or VP (a mission), the text. */
export function RivetCardView(props: { card: RivetCardText; playable?: boolean; onClick?: () => void }) {
  const c = props.card;
  return (
    <div
      class={`rcard ${c.kind} ${props.playable ? 'playable' : ''}`}
      data-card={c.id}
      data-playable={props.playable ? '1' : '0'}
      role={props.playable ? 'button' : undefined}
      tabIndex={props.playable ? 0 : undefined}
      onClick={props.playable ? props.onClick : undefined}
      onKeyDown={(e) => props.playable && (e.key === 'Enter' || e.key === ' ') && props.onClick?.()}
    >
      <div class="rcard-head">
        <b class="rcard-name">{c.name}</b> <span class="small">{c.id}</span>
        {c.window !== null && (
          <span class="badge" title={t('rivetWindow')}>
            W{c.window}
          </span>
        )}
        {c.deviation && (
          <span class="badge light" title={t('rivetDeviation')}>
            ⤳ {c.deviation}
          </span>
        )}
        {c.vp !== null && <span class="badge">{c.vp} {t('vp')}</span>}
        {props.playable && <span class="rcard-play">▶ {t('rivetClickToPlay')}</span>}
      </div>
      <div class="rcard-text">{c.text}</div>
      {c.check && <div class="small">{t(c.check === 'this_turn' ? 'rivetCheck_this_turn' : 'rivetCheck_end_of_turn')}</div>}
      {c.quote && <div class="rcard-quote">{lang.value === 'de' ? `„${c.quote}“` : `“${c.quote}”`}</div>}
      <RivetProv p={c.provenance} />
    </div>
  );
}


/** The viewer's hand and secret missions, always shown to it (nothing for an observer or when the
 * observation gives no hand). A click on a card with legal actions plays it (or offers the choice). */
export function RivetHand(props: {
  board: RivetBoard;
  obs: RivetObservation;
  seat: string;
  plays: Map<string, ParsedAction[]>;
  onAction: (a: ParsedAction) => void;
  disabled?: boolean;
}) {
  useLang();
  const [open, setOpen] = useState<string | null>(null);
  const own = props.obs?.seats?.[props.seat];
  // Only the seat's own observation has its hand (an array); a mission without cards shows none.
  if (!own || !Array.isArray(own.hand) || (!props.board.uses_action_cards && !props.board.uses_secret_missions)) return null;
  const { cards, secrets } = rivetHand(props.board, props.obs, props.seat, lang.value);
  const click = (id: string) => {
    const list = props.plays.get(id) ?? [];
    if (list.length === 1) props.onAction(list[0]);
    else setOpen(open === id ? null : id);
  };
  return (
    <section class="panel rivet-hand" data-testid="rivet-hand" data-seat={props.seat} style={{ borderColor: SEAT_COLOURS[props.seat] }}>
      <h3>
        {t('rivetHand')} ({cards.length}) · {sideName('rivet', props.seat)}
      </h3>
      {cards.length === 0 && <div class="small">{t('rivetNone')}</div>}
      <div class="rcards">
        {cards.map((c) => {
          const list = props.plays.get(c.id) ?? [];
          return (
            <div key={c.id}>
              <RivetCardView card={c} playable={list.length > 0 && !props.disabled} onClick={() => click(c.id)} />
              {open === c.id && list.length > 1 && (
                <div class="rcard-choice" data-testid="rivet-card-choice">
                  {list.map((a) => (
                    <button key={a.id} class="action" data-action={a.text} title={a.text} disabled={props.disabled} onClick={() => props.onAction(a)}>
                      {a.label}
                    </button>
                  ))}
                </div>
              )}
            </div>
          );
        })}
      </div>
      {Array.isArray(own.secrets) && (secrets.length > 0 || props.board.uses_secret_missions) && (
        <>
          <h3>
            {t('rivetSecrets')} ({secrets.length})
          </h3>
          {secrets.length === 0 && <div class="small">{t('rivetNone')}</div>}
          <div class="rcards" data-testid="rivet-secrets">
            {secrets.map((c) => (
              <RivetCardView key={c.id} card={c} />
            ))}
          </div>
        </>
      )}
    </section>
  );
}

/** The public piles and the whole catalogue (public data: every card can be read). */
export function RivetCatalogue(props: { board: RivetBoard; obs: RivetObservation }) {
  useLang();
  const [open, setOpen] = useState(false); // the catalogue's cards are drawn only when opened
  if (!props.board.uses_action_cards && !props.board.uses_secret_missions) return null;
  const read = (ids: string[] | undefined) => (ids ?? []).map((id) => rivetCard(props.board, id, lang.value)).filter((c): c is RivetCardText => !!c);
  const discard = read(props.obs?.cards?.discard);
  const fulfilled = read(props.obs?.cards?.secrets_fulfilled);
  const all = read([...props.board.action_cards.map((c) => c.id), ...props.board.secret_missions.map((c) => c.id)]);
  return (
    <section class="panel rivet-catalogue" data-testid="rivet-catalogue">
      {discard.length > 0 && (
        <details>
          <summary>
            {t('rivetDiscardPile')} ({discard.length})
          </summary>
          <div class="rcards">
            {discard.map((c) => (
              <RivetCardView key={c.id} card={c} />
            ))}
          </div>
        </details>
      )}
      {fulfilled.length > 0 && (
        <details>
          <summary>
            {t('rivetFulfilled')} ({fulfilled.length})
          </summary>
          <div class="rcards">
            {fulfilled.map((c) => (
              <RivetCardView key={c.id} card={c} />
            ))}
          </div>
        </details>
      )}
      <details onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)} data-testid="rivet-catalogue-all">
        <summary>{t('rivetCatalogue')}</summary>
        {open && (
          <div class="rcards">
            {all.map((c) => (
              <RivetCardView key={c.id} card={c} />
            ))}
          </div>
        )}
      </details>
    </section>
  );
}

// "weapon 2" -> "Waffe 2"; "deviates 1" -> "weicht ab 1"; else the value's name.
function rowName(key: string): string {
  const [k, n] = key.split(' ');
  return `${tOr(`rivetVal_${k}`, k)}${n ? ' ' + n : ''}`;
}

/** A unit: where it stands, its hit points and state now, and every value of its stat card (and
 * of its plug) with its provenance. */
export function RivetUnitPanel(props: { unit: RivetUnit; onClose: () => void }) {
  useLang();
  const u = props.unit;
  const de = lang.value === 'de';
  const name = (tp?: { name: string; name_de: string }) => (tp ? (de && tp.name_de ? tp.name_de : tp.name) : '?');
  const now: string[] = [`${u.seg} ${u.fields.join('+')}`, `${u.hp}/${u.maxHp} ♥`];
  if (u.activated) now.push(t('rivetActivated'));
  if (u.bogged) now.push(t('rivetBogged'));
  const table = (tp: NonNullable<RivetUnit['type']>) => (
    <table class="ps-values rivet-values" data-testid="rivet-values" data-type={tp.id}>
      <tbody>
        {unitValues(tp, lang.value).map((r) => (
          <tr key={r.key} class={r.provenance === 'stand-in' ? 'standin-row' : ''}>
            <th>{rowName(r.key)}</th>
            <td>{r.key === 'class' ? tOr(`rivetClass_${r.value}`, r.value) : r.value}</td>
            <td>
              <RivetProv p={r.provenance} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <section class="panel rivet-unit" data-testid="rivet-unit" data-unit={u.label}>
      <h3>
        <span class="ps-swatch" style={{ background: SEAT_COLOURS[u.owner] }} /> {u.label} · {name(u.type)}
        {u.plug && ` + ${name(u.plug)}`}{' '}
        <button class="small-btn" onClick={props.onClose}>
          ×
        </button>
      </h3>
      <div class="small">
        {sideName('rivet', u.owner)} · {t('rivetNow')}: {now.join(' · ')}
      </div>
      {u.type && table(u.type)}
      {u.plug && (
        <>
          <div class="small">
            <b>{name(u.plug)}</b>
          </div>
          {table(u.plug)}
        </>
      )}
    </section>
  );
}
