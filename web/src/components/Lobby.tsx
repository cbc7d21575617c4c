// The lobby: the seat links of the game just created at the top, creating a game (each game
// described, its scenario, its sides by name with human/AI, its rules options as checkboxes,
// selects and number fields), and the list of games to resume, watch or replay.
import { useEffect, useState } from 'preact/hooks';
import { api, controls, tokens } from '../api';
import { useLang } from '../hooks';
import { playerLabel, resultText, sideName, t, tOr } from '../i18n';
import { clampInt, playersFor, seatsFor, titleIn, widgetOf } from '../lobby';
import { gameHref, replayHref } from '../route';
import type { CatalogGame, CatalogOption, GameListEntry } from '../types';

interface Created {
  id: string;
  game: string;
  links: { seat: string; href: string }[];
  commitment: string;
  control?: string; // a game without human seats: it can be stopped
  stopped?: boolean;
}

/** Stops a game without human seats, after asking (irreversible). */
async function stopGame(id: string, control: string, done: () => void, onError: (e: string) => void) {
  if (!confirm(t('confirmStop'))) return;
  try {
    await api.stop(id, control);
    done();
  } catch (e: any) {
    onError(String(e.message ?? e));
  }
}

export function Lobby() {
  useLang();
  const [catalog, setCatalog] = useState<CatalogGame[]>([]);
  const [games, setGames] = useState<GameListEntry[]>([]);
  const [error, setError] = useState('');
  const [created, setCreated] = useState<Created | null>(null);

  const refresh = () =>
    api
      .games()
      .then((r) => setGames(r.games))
      .catch((e) => setError(String(e.message ?? e)));
  useEffect(() => {
    api
      .catalog()
      .then((r) => setCatalog(r.games))
      .catch((e) => setError(String(e.message ?? e)));
    refresh();
  }, []);

  return (
    <main class="lobby">
      {error && (
        <div class="error" onClick={() => setError('')}>
          {error}
        </div>
      )}
      {created && (
        <CreatedBox
          created={created}
          onStop={() =>
            stopGame(created.id, created.control!, () => {
              setCreated({ ...created, stopped: true });
              refresh();
            }, setError)
          }
        />
      )}
      <section class="panel">
        <h2>{t('newGame')}</h2>
        <div class="newgames">
          {catalog.map((g) => (
            <NewGame
              key={g.id}
              game={g}
              onCreated={(c) => {
                setCreated(c);
                refresh();
                scrollTo({ top: 0, behavior: 'smooth' });
              }}
              onError={setError}
            />
          ))}
        </div>
      </section>
      <section class="panel">
        <h2>{t('games')}</h2>
        {games.length === 0 ? (
          <p>{t('noGames')}</p>
        ) : (
          <div class="table-scroll">
            <table class="games" data-testid="games">
              <thead>
                <tr>
                  <th>{t('game')}</th>
                  <th>{t('status')}</th>
                  <th>{t('move')}</th>
                  <th>{t('toMove')}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {games.map((g) => {
                  const mine = tokens.of(g.id);
                  return (
                    <tr key={g.id}>
                      <td>
                        {g.game}/{g.scenario} <span class="small">{g.id}</span>
                      </td>
                      <td>{g.result ? resultText(g.game, g.result) : g.status}</td>
                      <td>{g.move}</td>
                      <td>{g.to_move ? sideName(g.game, g.to_move) : ''}</td>
                      <td class="links">
                        {Object.entries(mine).map(([seat, tok]) => (
                          <a key={seat} href={gameHref(g.id, tok)}>
                            {t('open')} ({sideName(g.game, seat)})
                          </a>
                        ))}
                        <a href={gameHref(g.id)}>{t('observe')}</a>
                        <a href={replayHref(g.id)}>{t('replay')}</a>
                        {g.status === 'active' && controls.of(g.id) && (
                          <button
                            type="button"
                            data-testid={`stop-${g.id}`}
                            onClick={() => stopGame(g.id, controls.of(g.id)!, refresh, setError)}
                          >
                            {t('stop')}
                          </button>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </main>
  );
}

/** The game just created, at the top: a link per human seat (open it, or copy it for the other
 * player), watching, and the Stop of a game without human seats. */
function CreatedBox(props: { created: Created; onStop: () => void }) {
  const c = props.created;
  return (
    <section class="panel created" data-testid="created">
      <h2>{c.control ? t('createdAi') : c.links.length > 1 ? t('createdHead') : t('createdOne')}</h2>
      <p class="small">{t('links')}</p>
      <ul class="seat-links">
        {c.links.map((l) => {
          const url = new URL(l.href, location.href).href;
          return (
            <li key={l.seat}>
              <a class="button primary" href={l.href} data-testid={`open-${l.seat}`}>
                {t('openSeat').replace('{s}', sideName(c.game, l.seat))}
              </a>
              <input class="link-text" readOnly value={url} onFocus={(e) => (e.target as HTMLInputElement).select()} />
              <CopyButton text={url} />
            </li>
          );
        })}
        <li>
          <a href={gameHref(c.id)}>{t('observe')}</a>
          {c.control && !c.stopped && (
            <button type="button" data-testid="stop-created" onClick={props.onStop}>
              {t('stop')}
            </button>
          )}
        </li>
      </ul>
      <p class="small">
        {t('commitment')}: <code>{c.commitment}</code>
      </p>
    </section>
  );
}

function NewGame(props: {
  game: CatalogGame;
  onCreated: (c: Created) => void;
  onError: (e: string) => void;
}) {
  const g = props.game;
  const [scenario, setScenario] = useState(g.scenarios[0]?.id ?? '');
  const [options, setOptions] = useState<Record<string, string>>(
    Object.fromEntries(g.options.map((o) => [o.name, o.default])),
  );
  const sides = seatsFor(g, options);
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const players = playersFor(g, sides, chosen);
  const [busy, setBusy] = useState(false);

  const create = async () => {
    setBusy(true);
    try {
      const r = await api.create(`${g.id}/${scenario}`, options, players);
      const links: Created['links'] = [];
      for (const [seat, info] of Object.entries(r.seats)) {
        if (!info.token) continue;
        tokens.save(r.id, seat, info.token);
        links.push({ seat, href: gameHref(r.id, info.token) });
      }
      if (r.control) controls.save(r.id, r.control);
      props.onCreated({ id: r.id, game: g.id, links, commitment: r.seed_commitment, control: r.control });
    } catch (e: any) {
      props.onError(String(e.message ?? e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div class="newgame" data-testid={`new-${g.id}`}>
      <h3>{titleIn(g)}</h3>
      <p class="about">{tOr(`about_${g.id}`, '')}</p>
      <label class="lf">
        <span class="flabel">{t('scenario')}</span>
        <select value={scenario} onChange={(e) => setScenario((e.target as HTMLSelectElement).value)} data-testid={`scenario-${g.id}`}>
          {g.scenarios.map((s) => (
            <option key={s.id} value={s.id}>
              {titleIn(s)}
            </option>
          ))}
        </select>
      </label>
      <p class="small scenario-title" data-testid={`scenario-title-${g.id}`}>
        {titleIn(g.scenarios.find((s) => s.id === scenario) ?? { title: '' })}
      </p>
      <div class="seats">
        {sides.map((s) => (
          <label key={s} class="lf">
            <span class="flabel seatname">{sideName(g.id, s)}</span>
            <select
              value={players[s]}
              data-testid={`seat-${g.id}-${s}`}
              onChange={(e) => setChosen({ ...players, [s]: (e.target as HTMLSelectElement).value })}
            >
              {g.players.map((p) => (
                <option key={p} value={p}>
                  {playerLabel(p)}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      {g.options.length > 0 && (
        <details class="rules-options" open={g.options.some((o) => o.seats_for)}>
          <summary>{t('rulesOptions')}</summary>
          {g.options.map((o) => (
            <OptionField
              key={o.name}
              game={g.id}
              option={o}
              value={options[o.name]}
              onChange={(v) => setOptions({ ...options, [o.name]: v })}
            />
          ))}
        </details>
      )}
      <button class="primary" disabled={busy} onClick={create} data-testid={`create-${g.id}`}>
        {t('create')}
      </button>
    </div>
  );
}

/** One rules option as the widget its kind asks for; its help text as the tooltip and below. */
function OptionField(props: { game: string; option: CatalogOption; value: string; onChange: (v: string) => void }) {
  const o = props.option;
  const w = widgetOf(o);
  const id = `opt-${props.game}-${o.name}`;
  const label = tOr(`opt_${o.name}`, o.name.replace(/_/g, ' '));
  let input;
  if (w.kind === 'bool') {
    input = (
      <input
        type="checkbox"
        id={id}
        data-testid={id}
        checked={props.value === 'true'}
        onChange={(e) => props.onChange((e.target as HTMLInputElement).checked ? 'true' : 'false')}
      />
    );
  } else if (w.kind === 'choice') {
    input = (
      <select id={id} data-testid={id} value={props.value} onChange={(e) => props.onChange((e.target as HTMLSelectElement).value)}>
        {w.choices.map((c) => (
          <option key={c} value={c}>
            {tOr(`choice_${c}`, c)}
          </option>
        ))}
      </select>
    );
  } else if (w.kind === 'int') {
    const word = w.words.includes(props.value) ? props.value : null;
    const number = word === null ? props.value : String(w.min);
    input = (
      <span class="int-option">
        {w.words.length > 0 && (
          <select
            data-testid={`${id}-mode`}
            value={word ?? ''}
            onChange={(e) => {
              const v = (e.target as HTMLSelectElement).value;
              props.onChange(v === '' ? number : v);
            }}
          >
            {w.words.map((c) => (
              <option key={c} value={c}>
                {c === 'none' ? t('optNone') : tOr(`choice_${c}`, c)}
              </option>
            ))}
            <option value="">{t('optLimit')}</option>
          </select>
        )}
        {word === null && (
          <input
            type="number"
            id={id}
            data-testid={id}
            min={w.min}
            max={w.max}
            step={w.step}
            value={number}
            onChange={(e) => {
              const n = clampInt(w, (e.target as HTMLInputElement).value);
              props.onChange(String(n ?? o.default));
            }}
          />
        )}
      </span>
    );
  } else {
    input = <input id={id} data-testid={id} value={props.value} onInput={(e) => props.onChange((e.target as HTMLInputElement).value)} />;
  }
  return (
    <div class={`option option-${w.kind}`} title={o.help}>
      <label for={id} class="flabel">
        {label}
      </label>{' '}
      {input}
      {o.help && <div class="small">{o.help}</div>}
    </div>
  );
}

export function CopyButton(props: { text: string }) {
  const [done, setDone] = useState(false);
  return (
    <button
      onClick={() => {
        navigator.clipboard?.writeText(props.text).then(
          () => setDone(true),
          () => setDone(false),
        );
      }}
    >
      {done ? t('copied') : t('copy')}
    </button>
  );
}
