/**
 * A browser enough for the offline modules under vitest's node environment: IndexedDB from
 * fake-indexeddb, Web Storage, a cookie jar, navigator.onLine. Import it first: the app's
 * modules (i18n, the auth store) read these globals when they load.
 */
import 'fake-indexeddb/auto';

class MemoryStorage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  getItem(k: string) {
    return this.items.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.items.set(k, String(v));
  }
  removeItem(k: string) {
    this.items.delete(k);
  }
  clear() {
    this.items.clear();
  }
}

/** document.cookie as a browser keeps it: set one at a time, expired ones deleted. */
const jar = new Map<string, string>();
const cookieDocument = {
  documentElement: { lang: '' },
  visibilityState: 'visible',
  addEventListener() {},
  removeEventListener() {},
  get cookie() {
    return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  },
  set cookie(line: string) {
    const [pair = '', ...attrs] = line.split(';').map((s) => s.trim());
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const expires = attrs.find((a) => a.toLowerCase().startsWith('expires='));
    if (expires && new Date(expires.slice(8)).getTime() < Date.now()) jar.delete(name);
    else jar.set(name, pair.slice(eq + 1));
  },
};

const define = (name: string, value: unknown) =>
  Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });

define('document', cookieDocument);
define('localStorage', new MemoryStorage());
define('sessionStorage', new MemoryStorage());
define('location', { protocol: 'http:', origin: 'http://localhost' });
define('navigator', { onLine: true, language: 'zh-TW', languages: ['zh-TW'], userAgent: 'node' });

/** Pretends the network is gone (or back). */
export function setOnline(online: boolean) {
  (globalThis.navigator as { onLine: boolean }).onLine = online;
}
