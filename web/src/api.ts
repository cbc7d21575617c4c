// HTTP and WebSocket access to `feldherr serve` (docs/protocol.md).
import { t } from './i18n';
import type {
  Board,
  CatalogGame,
  GameListEntry,
  GameLog,
  ServerMessage,
} from './types';

export class ApiError extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
  ) {
    super(message);
  }
}

async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    // No answer at all (server down, network gone): say so in the UI's language, not the
    // browser's "Failed to fetch".
    throw new ApiError(0, 'offline', t('noServer'));
  }
  const text = await res.text();
  let data: any = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = { code: 'bad_response', message: text };
  }
  if (!res.ok) throw new ApiError(res.status, data?.code ?? 'http', data?.message ?? res.statusText);
  return data as T;
}

export const api = {
  catalog: () => request<{ games: CatalogGame[] }>('GET', '/api/catalog'),
  games: () => request<{ games: GameListEntry[] }>('GET', '/api/games'),
  game: (id: string, token?: string) =>
    request<any>('GET', `/api/games/${id}${token ? `?token=${token}` : ''}`),
  create: (game: string, options: Record<string, string>, seats: Record<string, string>) =>
    request<{
      id: string;
      game: string;
      scenario: string;
      seats: Record<string, { token?: string; link?: string; ai?: string }>;
      seed_commitment: string;
      control?: string; // a game without human seats: the token that stops it
    }>('POST', '/api/games', { game, options, seats }),
  board: (id: string) => request<Board>('GET', `/api/games/${id}/board`),
  log: (id: string, token?: string) =>
    request<GameLog>('GET', `/api/games/${id}/log${token ? `?token=${token}` : ''}`),
  concede: (id: string, token: string) =>
    request<unknown>('POST', `/api/games/${id}/concede`, { token }),
  stop: (id: string, control: string) => request<unknown>('POST', `/api/games/${id}/stop`, { token: control }),
};

function stored<T>(key: string): Record<string, T> {
  try {
    return JSON.parse(localStorage.getItem(key) ?? '{}');
  } catch {
    return {};
  }
}

/** Seat tokens of the games created in this browser (the server cannot show them again). */
export const tokens = {
  all(): Record<string, Record<string, string>> {
    return stored<Record<string, string>>('feldherr.tokens');
  },
  save(game: string, seat: string, token: string): void {
    const all = tokens.all();
    all[game] = { ...(all[game] ?? {}), [seat]: token };
    localStorage.setItem('feldherr.tokens', JSON.stringify(all));
  },
  of(game: string): Record<string, string> {
    return tokens.all()[game] ?? {};
  },
};

/** Control tokens of the games without human seats created in this browser (to stop them). */
export const controls = {
  save(game: string, token: string): void {
    localStorage.setItem('feldherr.controls', JSON.stringify({ ...stored<string>('feldherr.controls'), [game]: token }));
  },
  of(game: string): string | undefined {
    return stored<string>('feldherr.controls')[game];
  },
};

/** One game's WebSocket, reconnecting after a drop; every message goes to `onMessage`. */
export class GameSocket {
  private ws: WebSocket | null = null;
  private closed = false;
  private retry = 500;

  constructor(
    private game: string,
    private token: string | undefined,
    private onMessage: (m: ServerMessage) => void,
    private onStatus: (open: boolean) => void,
  ) {
    this.connect();
  }

  private connect(): void {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const q = `game=${encodeURIComponent(this.game)}${this.token ? `&token=${encodeURIComponent(this.token)}` : ''}`;
    const ws = new WebSocket(`${proto}//${location.host}/ws?${q}`);
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 500;
      this.onStatus(true);
    };
    ws.onmessage = (e) => {
      try {
        this.onMessage(JSON.parse(e.data as string));
      } catch {
        /* ignore a malformed frame */
      }
    };
    ws.onclose = () => {
      this.onStatus(false);
      if (this.closed) return;
      setTimeout(() => this.connect(), this.retry);
      this.retry = Math.min(this.retry * 2, 8000);
    };
  }

  /** Sends `msg` if the connection is open; false if it is not (nothing is sent or queued). */
  send(msg: object): boolean {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  close(): void {
    this.closed = true;
    this.ws?.close();
  }
}
