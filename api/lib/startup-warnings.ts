import { createMiddleware } from 'hono/factory';
import type { Config } from '../env.js';
import type { AppEnv } from './context.js';
import type { Logger } from './logger.js';

/*
 * Safe by default in production (issue 19, item 8): what an operator must not miss is said at
 * start-up, loudly (a warn log line and a banner on stderr), and once when the traffic shows a
 * proxy the server was not told about.
 */

/** Whether HOST only listens on this machine (loopback), where no one else can reach it. */
export function isLoopback(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

/** The start-up warnings for this configuration (none for a safe one). */
export function startupWarnings(
  config: Pick<Config, 'billing' | 'host' | 'nodeEnv' | 'publicUrl'>,
): string[] {
  const warnings: string[] = [];
  if (config.billing.provider === 'demo' && !isLoopback(config.host)) {
    warnings.push(
      `The DEMO checkout is live on ${config.host} (${config.publicUrl}): anyone who can reach ` +
        'this server can "buy" premium with a test card and no money moves. Set ' +
        'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET for real payments, or HOST=127.0.0.1 to ' +
        `keep the demo on this machine${config.nodeEnv === 'production' ? ' (BILLING_DEMO_ALLOWED=true allowed it)' : ''}.`,
    );
  }
  return warnings;
}

/** Logs each warning and prints it as a banner on stderr, so a glance at the console sees it. */
export function announceWarnings(
  logger: Logger,
  warnings: string[],
  out: NodeJS.WritableStream | null = process.stderr,
) {
  for (const w of warnings) {
    logger.warn({ warning: w }, 'start-up warning');
    out?.write(`\n  !!! WARNING: ${w}\n\n`);
  }
}

/**
 * The first request carrying X-Forwarded-For while TRUST_PROXY is off: a proxy is in front,
 * but the server takes its socket's address (the proxy's) as every learner's, so all of them
 * share one rate limit. Said once per process, then quiet.
 */
export function forwardedForWarning(
  config: Pick<Config, 'trustProxy' | 'nodeEnv'>,
  logger: Logger,
) {
  let warned = config.trustProxy;
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!warned && c.req.header('x-forwarded-for') !== undefined) {
      warned = true;
      const w =
        'Requests arrive with X-Forwarded-For but TRUST_PROXY is off: every learner behind the ' +
        "proxy is seen as the proxy's address (one shared sign-in and upload limit). Set " +
        'TRUST_PROXY=true when a proxy you run sets that header, and only then.';
      // Tests send the header on purpose: the log line only, no banner.
      announceWarnings(logger, [w], config.nodeEnv === 'test' ? null : process.stderr);
    }
    await next();
  });
}
