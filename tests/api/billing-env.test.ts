import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/env.js';

/** The message loadConfig throws for `env`, or a failure if it does not throw. */
function failureOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

const STRIPE = { STRIPE_SECRET_KEY: 'sk_live_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' };

describe('billing settings', () => {
  it('runs the demo checkout by default outside production', () => {
    expect(loadConfig({}).billing).toEqual({ provider: 'demo' });
    expect(loadConfig({ NODE_ENV: 'test' }).billing).toEqual({ provider: 'demo' });
  });

  it('refuses to start in production without Stripe, naming BILLING_DEMO_ALLOWED', () => {
    const message = failureOf({ NODE_ENV: 'production' });
    expect(message).toMatch(/^Invalid environment settings/);
    expect(message).toMatch(/^\s+BILLING_DEMO_ALLOWED: NODE_ENV is production but Stripe/m);
    expect(message).toContain('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    expect(failureOf({ NODE_ENV: 'production', BILLING_DEMO_ALLOWED: 'false' })).toContain(
      'BILLING_DEMO_ALLOWED',
    );
  });

  it('runs the demo in production only when allowed out loud', () => {
    const config = loadConfig({ NODE_ENV: 'production', BILLING_DEMO_ALLOWED: 'true' });
    expect(config.billing).toEqual({ provider: 'demo' });
  });

  it('uses Stripe with both keys, price ids from the environment', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      ...STRIPE,
      STRIPE_PRICE_MONTHLY: 'price_m',
      STRIPE_PRICE_YEARLY: 'price_y',
    });
    expect(config.billing).toEqual({
      provider: 'stripe',
      stripe: {
        secretKey: 'sk_live_abc123',
        webhookSecret: 'whsec_abc123',
        prices: { month: 'price_m', year: 'price_y' },
        api: undefined,
      },
    });
  });

  it('names the missing half of the Stripe keys', () => {
    expect(failureOf({ STRIPE_SECRET_KEY: 'sk_test_x' })).toContain(
      'STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set',
    );
    expect(failureOf({ STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toContain(
      'STRIPE_SECRET_KEY: required when STRIPE_WEBHOOK_SECRET is set',
    );
  });

  it('names malformed Stripe settings', () => {
    const message = failureOf({
      STRIPE_SECRET_KEY: 'pk_test_publishable',
      STRIPE_WEBHOOK_SECRET: 'secret',
      STRIPE_API_URL: 'localhost:12111',
      BILLING_DEMO_ALLOWED: 'maybe',
    });
    for (const name of [
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_API_URL',
      'BILLING_DEMO_ALLOWED',
    ]) {
      expect(message).toMatch(new RegExp(`^\\s+${name}: `, 'm'));
    }
  });

  it('points the SDK at another Stripe-speaking server with STRIPE_API_URL', () => {
    const local = loadConfig({ ...STRIPE, STRIPE_API_URL: 'http://127.0.0.1:12111' });
    expect(local.billing.stripe?.api).toEqual({ host: '127.0.0.1', port: 12111, protocol: 'http' });
    const tls = loadConfig({ ...STRIPE, STRIPE_API_URL: 'https://stripe-proxy.internal/' });
    expect(tls.billing.stripe?.api).toEqual({
      host: 'stripe-proxy.internal',
      port: 443,
      protocol: 'https',
    });
  });
});
