// Hash routes: #/ (lobby), #/game/ID?token=T (play or watch), #/replay/ID?token=T.
export type Route =
  | { page: 'lobby' }
  | { page: 'game'; id: string; token?: string }
  | { page: 'replay'; id: string; token?: string };

export function parseRoute(hash: string): Route {
  const h = hash.replace(/^#/, '');
  const [path, query = ''] = h.split('?');
  const parts = path.split('/').filter(Boolean);
  const token = new URLSearchParams(query).get('token') ?? undefined;
  if (parts[0] === 'game' && parts[1]) return { page: 'game', id: parts[1], token };
  if (parts[0] === 'replay' && parts[1]) return { page: 'replay', id: parts[1], token };
  return { page: 'lobby' };
}

export function gameHref(id: string, token?: string): string {
  return `#/game/${id}${token ? `?token=${token}` : ''}`;
}

export function replayHref(id: string, token?: string): string {
  return `#/replay/${id}${token ? `?token=${token}` : ''}`;
}
