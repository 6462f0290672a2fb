import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { safeRedirect } from '../../api/auth/oidc.js';
import { createTestApp, databases, linkIn, type TestApp } from '../support/test-app.js';

/*
 * A real OpenID provider (oidc-provider) on 127.0.0.1 plays Google and LINE. Each sign-in goes
 * through the whole flow a browser would: the app's start URL, the provider's authorization
 * endpoint, its login and consent interaction, the app's callback with the signed state cookie,
 * and finally the web app's /auth/social-callback page with a session token.
 */

const PUBLIC_URL = 'http://mnemo.test';
const GOOGLE = { id: 'mnemo-google', secret: 'google-client-secret-0123456789abcdefghij' };
const LINE = { id: 'mnemo-line', secret: 'line-channel-secret-0123456789abcdefghijkl' };

/** A person at the provider and the claims it vouches for. */
interface Person {
  sub: string;
  email: string;
  email_verified?: boolean;
  name: string;
}

// oidc-provider ships no type definitions (and @types/oidc-provider is not installed); this is
// the part of its API the test uses.
interface Interaction {
  prompt: { name: string; details: { missingOIDCScope?: string[]; missingOIDCClaims?: string[] } };
  params: { client_id: string };
  session?: { accountId: string };
}
interface Grant {
  addOIDCScope(scope: string): void;
  addOIDCClaims(claims: string[]): void;
  save(): Promise<string>;
}
interface OidcProvider {
  callback(): http.RequestListener;
  interactionDetails(req: http.IncomingMessage, res: http.ServerResponse): Promise<Interaction>;
  interactionFinished(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    result: Record<string, unknown>,
    opts?: { mergeWithLastSubmission: boolean },
  ): Promise<void>;
  Grant: new (init: { accountId: string; clientId: string }) => Grant;
  use(
    middleware: (ctx: { path: string; body: object }, next: () => Promise<void>) => Promise<void>,
  ): void;
}
type ProviderClass = new (issuer: string, config: Record<string, unknown>) => OidcProvider;

/**
 * Starts a provider playing Google or LINE; `signInAs` chooses who logs in at its login prompt.
 * The LINE one copies LINE's quirks: HS256 ID tokens signed with the channel secret while its
 * discovery document lists only ES256, and no email_verified claim.
 */
async function startIdp(kind: 'google' | 'line') {
  const people = new Map<string, Person>();
  let nextLogin: Person | undefined;
  let provider: OidcProvider | undefined;

  const server = http.createServer((req, res) => {
    if (!provider) return void res.writeHead(503).end();
    if (req.url?.startsWith('/interaction/')) {
      interact(provider, req, res).catch((err: unknown) => res.writeHead(500).end(String(err)));
      return;
    }
    provider.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // The provider's own start-up notices (in-memory adapter, Node version) are about the test
  // provider, not Mnemo; keep them out of the test output.
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).startsWith('oidc-provider')) warn(...args);
  };
  try {
    const mod = (await import('oidc-provider' as string)) as { default: ProviderClass };
    const Provider = mod.default;
    const jwk = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      format: 'jwk',
    });
    const registered = kind === 'google' ? GOOGLE : LINE;
    const p = new Provider(issuer, {
      clients: [
        {
          client_id: registered.id,
          client_secret: registered.secret,
          redirect_uris: [`${PUBLIC_URL}/api/v1/auth/${kind}/callback`],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_post',
          id_token_signed_response_alg: kind === 'google' ? 'RS256' : 'HS256',
        },
      ],
      jwks: { keys: [{ ...jwk, use: 'sig', alg: 'RS256', kid: 'test' }] },
      cookies: { keys: ['test-provider-cookie-key'] },
      enabledJWA: { idTokenSigningAlgValues: ['RS256', 'HS256'] },
      pkce: { required: () => true },
      ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
      // Like Google and LINE, put the profile claims in the ID token itself.
      conformIdTokenClaims: false,
      claims: {
        openid: ['sub'],
        email: kind === 'google' ? ['email', 'email_verified'] : ['email'],
        profile: ['name'],
      },
      findAccount: (_ctx: unknown, sub: string) => {
        const person = people.get(sub);
        return person && { accountId: sub, claims: () => ({ ...person }) };
      },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx: unknown, i: { uid: string }) => `/interaction/${i.uid}` },
    });
    if (kind === 'line') {
      p.use(async (ctx, next) => {
        await next();
        if (ctx.path === '/.well-known/openid-configuration') {
          ctx.body = { ...ctx.body, id_token_signing_alg_values_supported: ['ES256'] };
        }
      });
    }
    provider = p;
  } finally {
    console.warn = warn;
  }

  // The provider's login and consent screens, answered as if the person clicked through.
  async function interact(p: OidcProvider, req: http.IncomingMessage, res: http.ServerResponse) {
    const { prompt, params, session } = await p.interactionDetails(req, res);
    if (prompt.name === 'login') {
      if (!nextLogin) throw new Error('no person chosen to log in');
      people.set(nextLogin.sub, nextLogin);
      await p.interactionFinished(
        req,
        res,
        { login: { accountId: nextLogin.sub } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const grant = new p.Grant({ accountId: session!.accountId, clientId: params.client_id });
    if (prompt.details.missingOIDCScope)
      grant.addOIDCScope(prompt.details.missingOIDCScope.join(' '));
    if (prompt.details.missingOIDCClaims) grant.addOIDCClaims(prompt.details.missingOIDCClaims);
    await p.interactionFinished(
      req,
      res,
      { consent: { grantId: await grant.save() } },
      { mergeWithLastSubmission: true },
    );
  }

  return {
    issuer,
    signInAs(person: Person) {
      nextLogin = person;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A minimal cookie jar for one browser at one site. */
function cookieJar() {
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

type Idp = Awaited<ReturnType<typeof startIdp>>;
const idps = {} as Record<'google' | 'line', Idp>;
beforeAll(async () => {
  idps.google = await startIdp('google');
  idps.line = await startIdp('line');
});
afterAll(async () => Promise.all(Object.values(idps).map((i) => i.close())));

const bothProviders = () => ({
  GOOGLE_CLIENT_ID: GOOGLE.id,
  GOOGLE_CLIENT_SECRET: GOOGLE.secret,
  GOOGLE_ISSUER: idps.google.issuer,
  LINE_CLIENT_ID: LINE.id,
  LINE_CLIENT_SECRET: LINE.secret,
  LINE_ISSUER: idps.line.issuer,
});

/** The app's start step: where it sends the browser and the state cookie it sets. */
async function start(t: TestApp, provider: 'google' | 'line', query = '') {
  const res = await t.app.request(`/api/v1/auth/${provider}${query}`);
  const jar = cookieJar();
  jar.store(res);
  return { status: res.status, location: res.headers.get('location') ?? '', res, jar };
}

/** Follows the provider's redirects until it sends the browser back to Mnemo. */
async function throughProvider(authorizationUrl: string): Promise<URL> {
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
 * One whole sign-in. `tamper` may change the URL the provider sends the browser back with.
 * Returns where the app finally redirects the browser.
 */
async function signIn(
  t: TestApp,
  provider: 'google' | 'line',
  person: Person,
  opts: { query?: string; tamper?: (callback: URL) => void } = {},
) {
  idps[provider].signInAs(person);
  const begun = await start(t, provider, opts.query);
  expect(begun.status).toBe(302);
  const callback = await throughProvider(begun.location);
  opts.tamper?.(callback);
  const res = await t.app.request(callback.pathname + callback.search, {
    headers: { cookie: begun.jar.header(), 'accept-language': 'en' },
  });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location') ?? '', PUBLIC_URL);
}

/** The profile the session token from a successful sign-in opens. */
async function profileFrom(t: TestApp, landing: URL) {
  expect(landing.pathname).toBe('/auth/social-callback');
  const token = landing.searchParams.get('token') ?? '';
  const res = await t.call('GET', '/api/v1/user/profile', undefined, { token });
  expect(res.status).toBe(200);
  return res.body.data as {
    id: string;
    email: string;
    name: string;
    email_verified: boolean;
    has_password: boolean;
    locale: string;
  };
}

const count = async (t: TestApp, table: 'users' | 'social_accounts') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function passwordAccount(t: TestApp, email: string, verify: boolean) {
  const reg = await t.call('POST', '/api/v1/auth/register', {
    email,
    password: 'secret123',
    name: 'Password User',
  });
  expect(reg.status).toBe(201);
  if (verify) {
    const link = new URL(linkIn(t.mailer.last(email), '/verify-email'));
    await t.call('GET', link.pathname + link.search);
  }
  return reg.body.user.id as string;
}

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
    expect(url.searchParams.get('client_id')).toBe(GOOGLE.id);
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

    const first = await signIn(t, 'google', mei, { query: '?redirect=/materials/7' });
    expect(first.searchParams.get('redirect')).toBe('/materials/7');
    const profile = await profileFrom(t, first);
    expect(profile).toMatchObject({
      email: mei.email,
      name: 'Mei Lin',
      email_verified: true,
      has_password: false,
      locale: 'en',
    });

    const second = await signIn(t, 'google', { ...mei, name: 'Renamed At Google' });
    expect(second.searchParams.get('redirect')).toBe('/');
    expect((await profileFrom(t, second)).id).toBe(profile.id);
    expect(await count(t, 'users')).toBe(1);
    expect(await count(t, 'social_accounts')).toBe(1);
  });

  it('falls back to the e-mail local part when the provider gives no name, and ignores off-site redirects', async () => {
    t = await createTestApp({ dialect, env: bothProviders() });
    const landing = await signIn(t, 'google', person({ email: 'nameless@example.com', name: '' }), {
      query: `?redirect=${encodeURIComponent('//evil.example/x')}`,
    });
    expect(landing.searchParams.get('redirect')).toBe('/');
    expect((await profileFrom(t, landing)).name).toBe('nameless');
  });

  it('links an existing password account when Google has verified the same e-mail', async () => {
    t = await createTestApp({ dialect, env: bothProviders() });
    const userId = await passwordAccount(t, 'owner@example.com', true);

    const profile = await profileFrom(
      t,
      await signIn(t, 'google', person({ email: 'Owner@Example.com' })),
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
      'google',
      person({ email: 'victim@example.com', email_verified: false }),
    );
    expect(takeover.pathname).toBe('/login');
    expect(Object.fromEntries(takeover.searchParams)).toEqual({
      socialError: 'unverified',
      provider: 'google',
    });

    const fresh = await signIn(
      t,
      'google',
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
      await signIn(t, 'google', person({ email: 'real.owner@example.com' })),
    );
    expect(profile.id).toBe(squatterId);
    expect(profile).toMatchObject({ email_verified: true, has_password: false });
    const login = await t.call('POST', '/api/v1/auth/login', {
      email: 'real.owner@example.com',
      password: 'secret123',
    });
    expect(login.body.code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses a callback whose state was changed, or that comes without the state cookie', async () => {
    t = await createTestApp({ dialect, env: bothProviders() });
    const tampered = await signIn(t, 'google', person(), {
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

    const landing = await signIn(t, 'line', lineUser);
    const profile = await profileFrom(t, landing);
    expect(profile.id).toBe(userId);
    const rows = await t.db.selectFrom('social_accounts').selectAll().execute();
    expect(rows).toMatchObject([{ provider: 'line', subject: lineUser.sub, user_id: userId }]);

    // The same person at Google (another subject) is a second link to the same account.
    const viaGoogle = await signIn(t, 'google', person({ email: 'line.user@example.com' }));
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
