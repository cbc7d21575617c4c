// The lobby: the catalog, creating a game (scenario, options, seats human/AI), the seat links
// to share, and the list of games to resume, watch or replay.
import { useEffect, useState } from 'preact/hooks';
import { api, controls, tokens } from '../api';
import { useLang } from '../hooks';
import { playerLabel, t } from '../i18n';
import { gameHref, replayHref } from '../route';
import type { CatalogGame, GameListEntry } from '../types';

interface Created {
  id: string;
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
      {error && <div class="error">{error}</div>}
      <section class="panel">
        <h2>{t('newGame')}</h2>
        {catalog.map((g) => (
          <NewGame
            key={g.id}
            game={g}
            onCreated={(c) => {
              setCreated(c);
              refresh();
            }}
            onError={setError}
          />
        ))}
      </section>
      {created && (
        <section class="panel created" data-testid="created">
          <h3>{created.control ? t('aiOnly') : t('links')}</h3>
          <ul>
            {created.links.map((l) => (
              <li key={l.seat}>
                <b>{l.seat}</b>{' '}
                <a href={l.href} data-testid={`open-${l.seat}`}>
                  {t('openAs')} {l.seat}
                </a>{' '}
                <CopyButton text={new URL(l.href, location.href).href} />
              </li>
            ))}
            <li>
              <a href={gameHref(created.id)}>{t('observe')}</a>
            </li>
            {created.control && !created.stopped && (
              <li>
                <button
                  type="button"
                  data-testid="stop-created"
                  onClick={() =>
                    stopGame(created.id, created.control!, () => {
                      setCreated({ ...created, stopped: true });
                      refresh();
                    }, setError)
                  }
                >
                  {t('stop')}
                </button>
              </li>
            )}
          </ul>
          <p class="small">
            {t('commitment')}: <code>{created.commitment}</code>
          </p>
        </section>
      )}
      <section class="panel">
        <h2>{t('games')}</h2>
        {games.length === 0 ? (
          <p>{t('noGames')}</p>
        ) : (
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
                    <td>{g.result ? g.result.summary : g.status}</td>
                    <td>{g.move}</td>
                    <td>{g.to_move}</td>
                    <td class="links">
                      {Object.entries(mine).map(([seat, tok]) => (
                        <a key={seat} href={gameHref(g.id, tok)}>
                          {t('open')} ({seat})
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
        )}
      </section>
    </main>
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
  const [seats, setSeats] = useState<Record<string, string>>(
    Object.fromEntries(g.seats.map((s, i) => [s, i === 0 || !g.players.includes('heuristic') ? 'human' : 'heuristic'])),
  );
  const [busy, setBusy] = useState(false);

  const create = async () => {
    setBusy(true);
    try {
      const r = await api.create(`${g.id}/${scenario}`, options, seats);
      const links: Created['links'] = [];
      for (const [seat, info] of Object.entries(r.seats)) {
        if (!info.token) continue;
        tokens.save(r.id, seat, info.token);
        links.push({ seat, href: gameHref(r.id, info.token) });
      }
      if (r.control) controls.save(r.id, r.control);
      props.onCreated({ id: r.id, links, commitment: r.seed_commitment, control: r.control });
    } catch (e: any) {
      props.onError(String(e.message ?? e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div class="newgame" data-testid={`new-${g.id}`}>
      <h3>{g.title}</h3>
      <label>
        {t('scenario')}{' '}
        <select value={scenario} onChange={(e) => setScenario((e.target as HTMLSelectElement).value)} data-testid={`scenario-${g.id}`}>
          {g.scenarios.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title}
            </option>
          ))}
        </select>
      </label>
      <div class="seats">
        {g.seats.map((s) => (
          <label key={s}>
            {s}{' '}
            <select
              value={seats[s]}
              data-testid={`seat-${g.id}-${s}`}
              onChange={(e) => setSeats({ ...seats, [s]: (e.target as HTMLSelectElement).value })}
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
        <details>
          <summary>{t('options')}</summary>
          {g.options.map((o) => (
            <label key={o.name} class="option" title={o.help}>
              {o.name}{' '}
              <input
                value={options[o.name]}
                onInput={(e) => setOptions({ ...options, [o.name]: (e.target as HTMLInputElement).value })}
              />
              <span class="small">{o.help}</span>
            </label>
          ))}
        </details>
      )}
      <button class="primary" disabled={busy} onClick={create} data-testid={`create-${g.id}`}>
        {t('create')}
      </button>
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
