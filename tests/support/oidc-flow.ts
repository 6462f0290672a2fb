import { expect } from 'vitest';
import { PUBLIC_URL, type OidcPeer, type PeerKind, type Person } from './oidc-peer.js';
import type { TestApp } from './test-app.js';

/*
 * The browser's side of a social sign-in: the app's start URL, the provider's authorization
 * endpoint and its login and consent interaction, the app's callback with the signed state
 * cookie, the web app's /auth/social-callback page with a one-time code, and that page's
 * exchange of the code — with the same browser's state cookie — for a session token.
 */

/** A minimal cookie jar for one browser at one site. */
export function cookieJar() {
  const jar = new Map<string, string>();
  return {
    store(res: Response) {
      for (const line of res.headers.getSetCookie()) {
        const [pair = '', ...attrs] = line.split(';');
        const eq = pair.indexOf('=');
        const name = pair.slice(0, eq).trim();
        const value = pair.slice(eq + 1).trim();
        const gone = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || /1970/.test(a));
        if (gone || !value) jar.delete(name);
        else jar.set(name, value);
      }
    },
    header: () => [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
  };
}

/** The app's start step: where it sends the browser and the state cookie it sets. */
export async function start(t: TestApp, provider: PeerKind, query = '') {
  const res = await t.app.request(`/api/v1/auth/${provider}${query}`);
  const jar = cookieJar();
  jar.store(res);
  return { status: res.status, location: res.headers.get('location') ?? '', res, jar };
}

/** Follows the provider's redirects until it sends the browser back to Mnemo. */
export async function throughProvider(authorizationUrl: string): Promise<URL> {
  const jar = cookieJar();
  let url = new URL(authorizationUrl);
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(res);
    const location = res.headers.get('location');
    if (!location) throw new Error(`provider answered ${res.status}: ${await res.text()}`);
    url = new URL(location, url);
    if (url.origin === PUBLIC_URL) return url;
  }
  throw new Error('the provider never redirected back');
}

/**
 * One whole sign-in of `person` at `peer`. `tamper` may change the URL the provider sends the
 * browser back with. Returns where the app finally redirects the browser.
 */
export async function signIn(
  t: TestApp,
  peer: OidcPeer,
  person: Person,
  opts: { query?: string; tamper?: (callback: URL) => void } = {},
) {
  peer.signInAs(person);
  const begun = await start(t, peer.kind, opts.query);
  expect(begun.status).toBe(302);
  const callback = await throughProvider(begun.location);
  opts.tamper?.(callback);
  const res = await t.app.request(callback.pathname + callback.search, {
    headers: { cookie: begun.jar.header(), 'accept-language': 'en' },
  });
  expect(res.status).toBe(302);
  begun.jar.store(res);
  const landing = new URL(res.headers.get('location') ?? '', PUBLIC_URL);
  browsers.set(landing, begun.jar);
  return landing;
}

/** The browser (cookie jar) each landing URL of signIn was reached by. */
const browsers = new WeakMap<URL, ReturnType<typeof cookieJar>>();
/** The cookie header of the browser that reached `landing`. */
export const browserOf = (landing: URL) => browsers.get(landing)?.header() ?? '';

/**
 * What the web app's /auth/social-callback page does: POSTs the code of its URL with the
 * browser's cookies (`cookie`, by default those of the browser that signed in).
 */
export function exchange(t: TestApp, landing: URL, cookie = browserOf(landing)) {
  return t.call(
    'POST',
    '/api/v1/auth/social/exchange',
    {
      provider: landing.searchParams.get('provider') ?? '',
      code: landing.searchParams.get('code') ?? '',
    },
    { headers: { cookie } },
  );
}

/** The session a successful sign-in's code is exchanged for: token, redirect and profile. */
export async function sessionFrom(t: TestApp, landing: URL) {
  expect(landing.pathname).toBe('/auth/social-callback');
  expect([...landing.searchParams.keys()].sort()).toEqual(['code', 'provider']);
  const exchanged = await exchange(t, landing);
  expect(exchanged.status).toBe(200);
  const token = String(exchanged.body.token);
  const res = await t.call('GET', '/api/v1/user/profile', undefined, { token });
  expect(res.status).toBe(200);
  return {
    token,
    redirect: String(exchanged.body.redirect),
    profile: res.body.data as Profile,
  };
}

type Profile = {
  id: string;
  email: string;
  name: string;
  email_verified: boolean;
  has_password: boolean;
  locale: string;
};

/** The profile the session token from a successful sign-in opens. */
export async function profileFrom(t: TestApp, landing: URL): Promise<Profile> {
  return (await sessionFrom(t, landing)).profile;
}
