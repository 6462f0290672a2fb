import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';

/*
 * A real OpenID provider (oidc-provider) on 127.0.0.1 that plays Google or LINE for the app
 * under test. The person who logs in at its login prompt is chosen with `signInAs`; its login
 * and consent screens are answered as if that person clicked through.
 */

/** The app's PUBLIC_URL in tests (createTestApp); the peers redirect back to it. */
export const PUBLIC_URL = 'http://mnemo.test';

export type PeerKind = 'google' | 'line';

/** The client each peer has registered for Mnemo. */
export const peerClients: Record<PeerKind, { id: string; secret: string }> = {
  google: { id: 'mnemo-google', secret: 'google-client-secret-0123456789abcdefghij' },
  line: { id: 'mnemo-line', secret: 'line-channel-secret-0123456789abcdefghijkl' },
};

/** A person at the provider and the claims it vouches for. */
export interface Person {
  sub: string;
  email: string;
  email_verified?: boolean;
  name: string;
}

// oidc-provider ships no type definitions (and @types/oidc-provider is not installed); this is
// the part of its API the peer uses.
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
export async function startOidcPeer(kind: PeerKind) {
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
    const registered = peerClients[kind];
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
    kind,
    issuer,
    signInAs(person: Person) {
      nextLogin = person;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type OidcPeer = Awaited<ReturnType<typeof startOidcPeer>>;

/**
 * A Google and a LINE peer, started before this file's tests and stopped after them. The record
 * is filled in beforeAll, so read it inside tests only.
 */
export function useOidcPeers(): Record<PeerKind, OidcPeer> {
  const peers = {} as Record<PeerKind, OidcPeer>;
  beforeAll(async () => {
    peers.google = await startOidcPeer('google');
    peers.line = await startOidcPeer('line');
  });
  afterAll(async () => Promise.all(Object.values(peers).map((p) => p.close())));
  return peers;
}

/** The app settings that point Mnemo's Google and LINE sign-in at the peers. */
export const peerEnv = (peers: Record<PeerKind, OidcPeer>) => ({
  GOOGLE_CLIENT_ID: peerClients.google.id,
  GOOGLE_CLIENT_SECRET: peerClients.google.secret,
  GOOGLE_ISSUER: peers.google.issuer,
  LINE_CLIENT_ID: peerClients.line.id,
  LINE_CLIENT_SECRET: peerClients.line.secret,
  LINE_ISSUER: peers.line.issuer,
});
