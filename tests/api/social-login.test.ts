import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { safeRedirect } from '../../api/auth/oidc.js';
import { registerUser } from '../support/accounts.js';
import {
  exchange,
  profileFrom,
  sessionFrom,
  signIn,
  start,
  throughProvider,
} from '../support/oidc-flow.js';
import {
  peerClients,
  peerEnv,
  PUBLIC_URL,
  useOidcPeers,
  type Person,
} from '../support/oidc-peer.js';
import { createTestApp, databases, type TestApp } from '../support/test-app.js';

/*
 * A real OpenID provider (oidc-provider) on 127.0.0.1 plays Google and LINE. Each sign-in goes
 * through the whole flow a browser would: the app's start URL, the provider's authorization
 * endpoint, its login and consent interaction, the app's callback with the signed state cookie,
 * the web app's /auth/social-callback page with a one-time code, and that page's exchange of
 * the code — by the same browser, with its state cookie — for the session (issue 19: no token
 * in a URL, and a link from someone else's sign-in signs no one in).
 */

const idps = useOidcPeers();
const bothProviders = () => peerEnv(idps);

const count = async (t: TestApp, table: 'users' | 'social_accounts') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const passwordAccount = async (t: TestApp, email: string, verified: boolean) =>
  (await registerUser(t, { email, password: 'secret123', name: 'Password User', verified })).id;

const person = (over: Partial<Person> = {}): Person => ({
  sub: `sub-${Math.random().toString(36).slice(2)}`,
  email: `user-${Math.random().toString(36).slice(2)}@example.com`,
  email_verified: true,
  name: 'Mei Lin',
  ...over,
});

describe.each(databases)('Google and LINE sign-in on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('sends the browser to the provider with PKCE, state and nonce in a signed, short-lived cookie', async () => {
    t = await createTestApp({ dialect, env: bothProviders() });
    const { status, location, res } = await start(t, 'google', '?redirect=/materials/7');
    expect(status).toBe(302);
    const url = new URL(location);
    expect(url.origin).toBe(idps.google.issuer);
    expect(url.searchParams.get('client_id')).toBe(peerClients.google.id);
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/v1/auth/google/callback`);
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toBeTruthy();
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^mnemo_oidc_google=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/api\/v1\/auth/);
    expect(cookie).toMatch(/Max-Age=600/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    // The cookie keeps the PKCE verifier; only its S256 challenge goes to the provider.
    const value = decodeURIComponent(cookie.split(';')[0]!.split('=')[1]!);
    const kept = JSON.parse(Buffer.from(value.split('.')[0]!, 'base64url').toString());
    expect(kept).toMatchObject({ provider: 'google', redirect: '/materials/7' });
    expect(location).not.toContain(kept.verifier);
    expect(url.searchParams.get('code_challenge')).toBe(
      createHash('sha256').update(kept.verifier).digest('base64url'),
    );
  });

  it('creates a verified account on the first Google sign-in and signs the same account in later', async () => {
    t = await createTestApp({ dialect, env: bothProviders() });
    const mei = person();

    const first = await signIn(t, idps.google, mei, { query: '?redirect=/materials/7' });
    const session = await sessionFrom(t, first);
    expect(session.redirect).toBe('/materials/7');
    const profile = session.profile;
    expect(profile).toMatchObject({
      email: mei.email,
      name: 'Mei Lin',
      email_verified: true,
      has_password: false,
      locale: 'en',
    });

    const second = await signIn(t, idps.google, { ...mei, name: 'Renamed At Google' });
    const again = await sessionFrom(t, second);
    expect(again.redirect).toBe('/');
    expect(again.profile.id).toBe(profile.id);
    expect(await count(t, 'users')).toBe(1);
    expect(await count(t, 'social_accounts')).toBe(1);
  });

  it('falls back to the e-mail local part when the provider gives no name, and ignores off-site redirects', async () => {
    t = await createTestApp({ dialect, env: bothProviders() });
    const landing = await signIn(
      t,
      idps.google,
      person({ email: 'nameless@example.com', name: '' }),
      {
        query: `?redirect=${encodeURIComponent('//evil.example/x')}`,
      },
    );
    const session = await sessionFrom(t, landing);
    expect(session.redirect).toBe('/');
    expect(session.profile.name).toBe('nameless');
  });

  it('links an existing password account when Google has verified the same e-mail', async () => {
    t = await createTestApp({ dialect, env: bothProviders() });
    const userId = await passwordAccount(t, 'owner@example.com', true);

    const profile = await profileFrom(
      t,
      await signIn(t, idps.google, person({ email: 'Owner@Example.com' })),
    );
    expect(profile.id).toBe(userId);
    expect(profile.has_password).toBe(true);
    expect(await count(t, 'users')).toBe(1);
    const login = await t.call('POST', '/api/v1/auth/login', {
      email: 'owner@example.com',
      password: 'secret123',
    });
    expect(login.status).toBe(200);
  });

  it('does not let an unverified e-mail from the provider take over or create an account', async () => {
    t = await createTestApp({ dialect, env: bothProviders() });
    await passwordAccount(t, 'victim@example.com', true);

    const takeover = await signIn(
      t,
      idps.google,
      person({ email: 'victim@example.com', email_verified: false }),
    );
    expect(takeover.pathname).toBe('/login');
    expect(Object.fromEntries(takeover.searchParams)).toEqual({
      socialError: 'unverified',
      provider: 'google',
    });

    const fresh = await signIn(
      t,
      idps.google,
      person({ email: 'new@example.com', email_verified: false }),
    );
    expect(fresh.searchParams.get('socialError')).toBe('unverified');
    expect(await count(t, 'users')).toBe(1);
    expect(await count(t, 'social_accounts')).toBe(0);
  });

  it('takes the password away from an account that never proved the e-mail before linking it', async () => {
    t = await createTestApp({ dialect, env: bothProviders() });
    const squatterId = await passwordAccount(t, 'real.owner@example.com', false);

    const profile = await profileFrom(
      t,
      await signIn(t, idps.google, person({ email: 'real.owner@example.com' })),
    );
    expect(profile.id).toBe(squatterId);
    expect(profile).toMatchObject({ email_verified: true, has_password: false });
    const login = await t.call('POST', '/api/v1/auth/login', {
      email: 'real.owner@example.com',
      password: 'secret123',
    });
    expect(login.body.code).toBe('INVALID_CREDENTIALS');
  });

  it('hands the browser a one-time code, never a token, that only the browser that started the sign-in can use', async () => {
    t = await createTestApp({ dialect, env: bothProviders() });
    const attacker = person({ email: 'attacker@example.com' });
    const landing = await signIn(t, idps.google, attacker);
    // No session token in the URL the browser is sent to.
    expect(landing.searchParams.has('token')).toBe(false);
    expect(landing.href).not.toMatch(/eyJ/);

    // The link sent to a victim: their browser has no state cookie, or one of its own sign-in.
    const noCookie = await exchange(t, landing, '');
    expect(noCookie.status).toBe(400);
    expect(noCookie.body.code).toBe('SOCIAL_LOGIN_FAILED');
    expect(noCookie.body.token).toBeUndefined();
    const victim = await start(t, 'google');
    const otherBrowser = await exchange(t, landing, victim.jar.header());
    expect(otherBrowser.status).toBe(400);
    expect(otherBrowser.body.token).toBeUndefined();

    // The browser that signed in gets its session, once.
    const session = await sessionFrom(t, landing);
    expect(session.profile.email).toBe('attacker@example.com');
    const reused = await exchange(t, landing);
    expect(reused.status).toBe(400);
  });

  it('a code not exchanged within two minutes is refused', async () => {
    t = await createTestApp({ dialect, env: bothProviders() });
    const landing = await signIn(t, idps.google, person());
    t.clock.advance(2 * 60 * 1000 + 1);
    const late = await exchange(t, landing);
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('SOCIAL_LOGIN_FAILED');
    expect(late.body.message).toBe('Google login failed. Please try again later');
  });

  it('refuses a callback whose state was changed, or that comes without the state cookie', async () => {
    t = await createTestApp({ dialect, env: bothProviders() });
    const tampered = await signIn(t, idps.google, person(), {
      tamper: (cb) => cb.searchParams.set('state', 'forged-state'),
    });
    expect(tampered.pathname).toBe('/login');
    expect(Object.fromEntries(tampered.searchParams)).toEqual({
      socialError: 'failed',
      provider: 'google',
    });

    idps.google.signInAs(person());
    const callback = await throughProvider((await start(t, 'google')).location);
    const noCookie = await t.app.request(callback.pathname + callback.search);
    expect(noCookie.headers.get('location')).toBe('/login?socialError=failed&provider=google');

    const forgedCookie = await t.app.request(callback.pathname + callback.search, {
      headers: { cookie: 'mnemo_oidc_google=e30.forged' },
    });
    expect(forgedCookie.headers.get('location')).toBe('/login?socialError=failed&provider=google');
    expect(await count(t, 'users')).toBe(0);
  });

  it('refuses a provider error and a sign-in that took longer than ten minutes', async () => {
    t = await createTestApp({ dialect, env: bothProviders() });
    const begun = await start(t, 'google');
    const state = new URL(begun.location).searchParams.get('state');
    const denied = await t.app.request(
      `/api/v1/auth/google/callback?error=access_denied&state=${state}`,
      { headers: { cookie: begun.jar.header() } },
    );
    expect(denied.status).toBe(302);
    expect(denied.headers.get('location')).toBe('/login?socialError=failed&provider=google');
    // The callback always clears the state cookie, so it cannot be used twice.
    expect(denied.headers.get('set-cookie')).toMatch(/^mnemo_oidc_google=;.*Max-Age=0/);

    idps.google.signInAs(person());
    const late = await start(t, 'google');
    const callback = await throughProvider(late.location);
    t.clock.advance(11 * 60 * 1000);
    const res = await t.app.request(callback.pathname + callback.search, {
      headers: { cookie: late.jar.header() },
    });
    expect(res.headers.get('location')).toBe('/login?socialError=failed&provider=google');
    expect(await count(t, 'users')).toBe(0);
  });

  it('sends the browser back to the login page when a provider is not configured or unreachable', async () => {
    t = await createTestApp({ dialect });
    expect((await t.call('GET', '/api/v1/auth/providers')).body).toEqual({
      success: true,
      data: { google: false, line: false },
    });
    for (const p of ['google', 'line']) {
      const res = await t.app.request(`/api/v1/auth/${p}`);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(`/login?socialError=not_configured&provider=${p}`);
    }
    await t.close();

    // Nothing listens on port 1: discovery fails.
    t = await createTestApp({
      dialect,
      env: { ...bothProviders(), GOOGLE_ISSUER: 'http://127.0.0.1:1' },
    });
    expect((await t.call('GET', '/api/v1/auth/providers')).body.data).toEqual({
      google: true,
      line: true,
    });
    const res = await t.app.request('/api/v1/auth/google');
    expect(res.headers.get('location')).toBe('/login?socialError=failed&provider=google');
  });

  it('signs in with LINE (HS256 ID token, no email_verified claim) and links by its e-mail', async () => {
    t = await createTestApp({ dialect, env: bothProviders() });
    const userId = await passwordAccount(t, 'line.user@example.com', true);
    // The LINE provider sends no email_verified claim at all.
    const lineUser = person({ email: 'line.user@example.com' });

    const landing = await signIn(t, idps.line, lineUser);
    const profile = await profileFrom(t, landing);
    expect(profile.id).toBe(userId);
    const rows = await t.db.selectFrom('social_accounts').selectAll().execute();
    expect(rows).toMatchObject([{ provider: 'line', subject: lineUser.sub, user_id: userId }]);

    // The same person at Google (another subject) is a second link to the same account.
    const viaGoogle = await signIn(t, idps.google, person({ email: 'line.user@example.com' }));
    expect((await profileFrom(t, viaGoogle)).id).toBe(userId);
    expect(await count(t, 'social_accounts')).toBe(2);
  });
});

describe('the redirect kept for after sign-in', () => {
  it('keeps only paths on this site', () => {
    expect(safeRedirect('/materials/7?tab=quiz#top')).toBe('/materials/7?tab=quiz#top');
    for (const bad of [
      undefined,
      '',
      'materials',
      'https://evil.example/',
      '//evil.example/',
      '/\\evil.example/',
      '/a\nb',
      `/${'x'.repeat(2000)}`,
    ]) {
      expect(safeRedirect(bad)).toBeUndefined();
    }
  });
});
