import * as client from 'openid-client';
import { z } from 'zod';
import type { Config, OidcProviderConfig } from '../env.js';
import { addMs, iso, type Clock } from '../lib/clock.js';
import { AppError } from '../lib/errors.js';
import { normalizeEmail } from './service.js';

/*
 * Google and LINE sign-in: OpenID Connect authorization code flow with PKCE, state and nonce,
 * done by openid-client (docs/decisions/0003-oidc-client.md). Routes only move cookies and
 * redirects; this file speaks the protocol, and social-accounts.ts decides which Mnemo account
 * the identity it returns belongs to.
 */

export const SOCIAL_PROVIDERS = ['google', 'line'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export const OIDC_SCOPE = 'openid email profile';
export const OIDC_STATE_TTL_MS = 10 * 60 * 1000;
const DISCOVERY_TIMEOUT_SECONDS = 10;

interface ProviderProfile {
  label: string;
  /** Client metadata the provider needs beyond id and secret. */
  metadata: Partial<client.ClientMetadata>;
  /** Whether an e-mail in this provider's ID token is verified even without email_verified. */
  emailAlwaysVerified: boolean;
}

const PROFILES: Record<SocialProvider, ProviderProfile> = {
  google: { label: 'Google', metadata: {}, emailAlwaysVerified: false },
  // LINE signs web-login ID tokens with HS256 (the channel secret) although its discovery
  // document lists only ES256; it puts an e-mail in the token only after verifying it.
  line: {
    label: 'LINE',
    metadata: { id_token_signed_response_alg: 'HS256' },
    emailAlwaysVerified: true,
  },
};

/** The provider's name as a person reads it, e.g. in an error message. */
export const providerLabel = (p: SocialProvider) => PROFILES[p].label;

/** Discovered provider configurations, one per issuer and client; one cache per app. */
export type OidcCache = Map<string, Promise<client.Configuration>>;
/** An empty discovery cache. */
export const createOidcCache = (): OidcCache => new Map();

/** What the callback needs to finish the flow, kept in the signed state cookie. */
const pendingSchema = z.object({
  provider: z.enum(SOCIAL_PROVIDERS),
  state: z.string().min(1),
  nonce: z.string().min(1),
  verifier: z.string().min(43),
  redirect: z.string().optional(),
  expiresAt: z.string(),
});
export type PendingSignIn = z.infer<typeof pendingSchema>;

/** The state cookie's payload for a pending sign-in; decodePending reads it back. */
export const encodePending = (p: PendingSignIn) =>
  Buffer.from(JSON.stringify(p)).toString('base64url');

/** Reads the cookie payload; undefined when malformed. */
export function decodePending(value: string): PendingSignIn | undefined {
  try {
    const parsed = pendingSchema.safeParse(JSON.parse(Buffer.from(value, 'base64url').toString()));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** A path on this site to go to after sign-in, or undefined for anything else. */
export function safeRedirect(value: string | undefined | null): string | undefined {
  if (!value || value.length > 2000) return undefined;
  if (!value.startsWith('/') || value.startsWith('//')) return undefined;
  // Browsers read "/\evil.example" as "//evil.example"; control characters have no place here.
  if (value.includes('\\') || [...value].some((ch) => ch < ' ' || ch === '\u007f'))
    return undefined;
  return value;
}

/** The callback URL registered with the provider for this site. */
export const redirectUriFor = (publicUrl: string, p: SocialProvider) =>
  `${publicUrl}/api/v1/auth/${p}/callback`;

const failed = (p: SocialProvider, cause?: unknown) =>
  new AppError('SOCIAL_LOGIN_FAILED', { params: { provider: providerLabel(p) }, cause });

/** Plain http is allowed only for an issuer on this machine (tests, local development). */
function isLocalHttp(issuer: URL, nodeEnv: Config['nodeEnv']) {
  return (
    nodeEnv !== 'production' &&
    issuer.protocol === 'http:' &&
    ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname)
  );
}

/** The provider's discovered configuration, fetched once and cached; failures are not cached. */
export function clientConfiguration(
  cache: OidcCache,
  nodeEnv: Config['nodeEnv'],
  p: SocialProvider,
  settings: OidcProviderConfig,
): Promise<client.Configuration> {
  const key = `${settings.issuer}|${settings.clientId}`;
  let pending = cache.get(key);
  if (!pending) {
    const issuer = new URL(settings.issuer);
    pending = client.discovery(
      issuer,
      settings.clientId,
      { ...PROFILES[p].metadata, client_secret: settings.clientSecret },
      client.ClientSecretPost(settings.clientSecret),
      {
        timeout: DISCOVERY_TIMEOUT_SECONDS,
        execute: isLocalHttp(issuer, nodeEnv) ? [client.allowInsecureRequests] : [],
      },
    );
    cache.set(key, pending);
    pending.catch(() => cache.delete(key));
  }
  return pending.catch((err: unknown) => {
    throw failed(p, err);
  });
}

export interface OidcDeps {
  config: Pick<Config, 'publicUrl' | 'nodeEnv' | 'oidc'>;
  clock: Clock;
}

function settingsFor(d: OidcDeps, p: SocialProvider): OidcProviderConfig {
  const settings = d.config.oidc[p];
  if (!settings)
    throw new AppError('SOCIAL_NOT_CONFIGURED', { params: { provider: providerLabel(p) } });
  return settings;
}

/** Starts a sign-in: the provider URL to send the browser to and the state to keep until it returns. */
export async function beginSignIn(
  d: OidcDeps,
  cache: OidcCache,
  p: SocialProvider,
  redirect?: string,
): Promise<{ authorizationUrl: string; pending: PendingSignIn }> {
  const config = await clientConfiguration(cache, d.config.nodeEnv, p, settingsFor(d, p));
  const pending: PendingSignIn = {
    provider: p,
    state: client.randomState(),
    nonce: client.randomNonce(),
    verifier: client.randomPKCECodeVerifier(),
    redirect: safeRedirect(redirect),
    expiresAt: iso(addMs(d.clock.now(), OIDC_STATE_TTL_MS)),
  };
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUriFor(d.config.publicUrl, p),
    scope: OIDC_SCOPE,
    state: pending.state,
    nonce: pending.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
    code_challenge_method: 'S256',
  });
  return { authorizationUrl: url.href, pending };
}

const claimsSchema = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().max(320).optional(),
  email_verified: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  name: z.string().optional(),
});

/** The identity the provider vouches for, as Mnemo uses it. */
export interface SocialIdentity {
  provider: SocialProvider;
  subject: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
}

/**
 * Finishes a sign-in: checks the returned state against the kept one, exchanges the code (with
 * the PKCE verifier and nonce check) and returns the ID token's identity.
 */
export async function completeSignIn(
  d: OidcDeps,
  cache: OidcCache,
  p: SocialProvider,
  pending: PendingSignIn | undefined,
  search: string,
): Promise<SocialIdentity> {
  const settings = settingsFor(d, p);
  if (!pending || pending.provider !== p) throw failed(p, new Error('no pending sign-in'));
  if (pending.expiresAt <= iso(d.clock.now())) throw failed(p, new Error('sign-in expired'));
  const config = await clientConfiguration(cache, d.config.nodeEnv, p, settings);
  // The URL the provider redirected to, rebuilt from PUBLIC_URL so it equals the redirect_uri
  // sent earlier even behind a proxy that rewrites host or scheme.
  const currentUrl = new URL(redirectUriFor(d.config.publicUrl, p));
  currentUrl.search = search;
  let claims: unknown;
  try {
    const tokens = await client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
    });
    claims = tokens.claims();
  } catch (err) {
    throw failed(p, err);
  }
  const parsed = claimsSchema.safeParse(claims);
  if (!parsed.success) throw failed(p, parsed.error);
  const c = parsed.data;
  const email = c.email ? normalizeEmail(c.email) : undefined;
  return {
    provider: p,
    subject: c.sub,
    email,
    emailVerified:
      !!email &&
      (PROFILES[p].emailAlwaysVerified || c.email_verified === true || c.email_verified === 'true'),
    name: c.name?.trim() || undefined,
  };
}

/** The socialError value the login page understands for a failed sign-in. */
export function socialErrorFor(err: unknown): 'not_configured' | 'unverified' | 'failed' {
  if (err instanceof AppError && err.code === 'SOCIAL_NOT_CONFIGURED') return 'not_configured';
  if (err instanceof AppError && err.code === 'SOCIAL_EMAIL_UNVERIFIED') return 'unverified';
  return 'failed';
}
