import { afterEach, describe, expect, it } from 'vitest';
import { inAppPath, WORKER_NAVIGATE_MESSAGE } from '../../src/lib/offline/worker-messages.js';

/*
 * The service worker's notification click (worker/notification-click.ts), run against a
 * stand-in for the browser's ServiceWorkerGlobalScope: the handler it registers is called with
 * a click event as Chromium would deliver it.
 */

const origin = 'https://mnemo.example';

describe('inAppPath', () => {
  it.each([
    ['/review', '/review'],
    ['review?concept=a#x', '/review?concept=a#x'],
    [`${origin}/progress`, '/progress'],
    ['https://evil.example/review', null],
    ['//evil.example/review', null],
    ['/api/v1/review/due', null],
    ['javascript:alert(1)', null],
    ['', null],
    [42, null],
  ])('%s → %s', (url, path) => {
    expect(inAppPath(url, origin)).toBe(path);
  });
});

interface FakeWindow {
  url: string;
  focused: boolean;
  messages: unknown[];
  focusCalls: number;
  postMessage(m: unknown): void;
  focus(): Promise<FakeWindow>;
}

const fakeWindow = (url: string, focused = false): FakeWindow => ({
  url,
  focused,
  messages: [],
  focusCalls: 0,
  postMessage(m) {
    this.messages.push(m);
  },
  async focus() {
    this.focusCalls++;
    return this;
  },
});

async function clickWith(windows: FakeWindow[], data: unknown) {
  const listeners = new Map<string, (e: unknown) => void>();
  const opened: string[] = [];
  const scope = {
    location: new URL(origin),
    addEventListener: (type: string, fn: (e: unknown) => void) => listeners.set(type, fn),
    clients: {
      matchAll: async () => windows,
      openWindow: async (url: string) => {
        opened.push(url);
        return null;
      },
    },
  };
  const saved = (globalThis as { self?: unknown }).self;
  (globalThis as { self?: unknown }).self = scope;
  try {
    const { registerNotificationClick } = await import('../../worker/notification-click.js');
    registerNotificationClick();
  } finally {
    (globalThis as { self?: unknown }).self = saved;
  }
  let closed = false;
  const waits: Array<Promise<unknown>> = [];
  (globalThis as { self?: unknown }).self = scope;
  listeners.get('notificationclick')!({
    notification: { data, close: () => (closed = true) },
    waitUntil: (p: Promise<unknown>) => waits.push(p),
  });
  await Promise.all(waits);
  (globalThis as { self?: unknown }).self = saved;
  return { opened, closed };
}

describe('notification click', () => {
  afterEach(() => {
    delete (globalThis as { self?: unknown }).self;
  });

  it('tells an open window of the app to go to the page in-app, and focuses it', async () => {
    const other = fakeWindow(`${origin}/materials`);
    const { opened, closed } = await clickWith([other], { url: '/review' });
    expect(closed).toBe(true);
    expect(opened).toEqual([]);
    expect(other.messages).toEqual([{ type: WORKER_NAVIGATE_MESSAGE, path: '/review' }]);
    expect(other.focusCalls).toBe(1);
  });

  it('prefers the focused window', async () => {
    const a = fakeWindow(`${origin}/materials`);
    const b = fakeWindow(`${origin}/quiz/1`, true);
    await clickWith([a, b], { url: '/review' });
    expect(a.messages).toEqual([]);
    expect(b.messages).toHaveLength(1);
  });

  it('opens a window on the page when none is open', async () => {
    const { opened } = await clickWith([], { url: '/review' });
    expect(opened).toEqual(['/review']);
  });

  it('opens nothing for a notification pointing elsewhere', async () => {
    const w = fakeWindow(`${origin}/materials`);
    const { opened, closed } = await clickWith([w], { url: 'https://evil.example/' });
    expect(closed).toBe(true);
    expect(opened).toEqual([]);
    expect(w.messages).toEqual([]);
  });
});
