import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api, ApiError, GameSocket } from '../src/api';
import { t } from '../src/i18n';

// A WebSocket that opens and closes when the test says, recording what was sent.
class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  static all: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  constructor(public url: string) {
    FakeSocket.all.push(this);
  }
  send(s: string) {
    if (this.readyState !== FakeSocket.OPEN) throw new Error('send on a socket that is not open');
    this.sent.push(s);
  }
  close() {
    this.readyState = FakeSocket.CLOSED;
  }
}

const g = globalThis as any;
beforeEach(() => {
  FakeSocket.all = [];
  g.WebSocket = FakeSocket;
  g.location = { protocol: 'http:', host: 'localhost:8111' };
});
afterEach(() => {
  delete g.WebSocket;
  delete g.location;
});

describe('a click while the connection is down', () => {
  it('is not sent, not queued, and the caller learns it (send returns false)', () => {
    const status: boolean[] = [];
    const s = new GameSocket('pocket/1', 'tok', () => {}, (open) => status.push(open));
    const ws = FakeSocket.all[0];
    expect(ws.url).toBe('ws://localhost:8111/ws?game=pocket%2F1&token=tok');
    // Still connecting: nothing goes out.
    expect(s.send({ type: 'undo', state_id: 3 })).toBe(false);
    ws.readyState = FakeSocket.OPEN;
    ws.onopen?.();
    expect(s.send({ type: 'action', state_id: 3, action_id: 0 })).toBe(true);
    // Closing (before onclose has told the view): refused, not dropped silently.
    ws.readyState = FakeSocket.CLOSING;
    expect(s.send({ type: 'action', state_id: 3, action_id: 1 })).toBe(false);
    ws.readyState = FakeSocket.CLOSED;
    ws.onclose?.();
    expect(status).toEqual([true, false]);
    // Only the one message sent while open; nothing was queued for later.
    expect(ws.sent).toEqual([JSON.stringify({ type: 'action', state_id: 3, action_id: 0 })]);
    s.close();
  });

  it('says that nothing was sent, in both languages', () => {
    expect(t('offlineActions', 'en')).toMatch(/reconnecting/);
    expect(t('offlineActions', 'en')).toMatch(/nothing was sent/);
    expect(t('offlineActions', 'de')).toMatch(/nichts wurde gesendet/);
  });
});

describe('a request the server does not answer', () => {
  it('fails with a plain "the server does not answer", not the browser\'s "Failed to fetch"', async () => {
    const fetch0 = g.fetch;
    g.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    try {
      const err = await api.concede('pocket/1', 'tok').then(
        () => null,
        (e) => e,
      );
      expect(err).toBeInstanceOf(ApiError);
      expect(err.code).toBe('offline');
      expect(err.message).toBe(t('noServer'));
      expect(t('noServer', 'en')).toMatch(/nothing was sent/);
      expect(t('noServer', 'de')).toMatch(/nichts wurde gesendet/);
    } finally {
      g.fetch = fetch0;
    }
  });
});
