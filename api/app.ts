import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { routePath } from 'hono/route';
import { secureHeaders } from 'hono/secure-headers';
import { AppError, errorBody, localeFrom } from './lib/errors.js';
import type { AppEnv, Deps } from './lib/context.js';
import { authRoutes } from './routes/auth/index.js';
import { userRoutes } from './routes/user/index.js';
import { contactRoutes } from './routes/contact/index.js';
import { materialRoutes } from './routes/materials/index.js';
import { quizRoutes } from './routes/quiz/index.js';
import { subscriptionRoutes } from './routes/subscription/index.js';
import { demoBillingRoutes } from './routes/demo-billing/index.js';
import { openApiDocument } from './openapi/document.js';
import { route } from './lib/contract.js';
import { health, readinessAnswer } from './contract/service.js';
import { reviewRoutes } from './routes/review/index.js';
import { progressRoutes } from './routes/review/progress.js';
import { billingClock } from './billing/clock.js';
import { checkReadiness } from './lib/readiness.js';
import { databaseRateLimiter, type RateLimiter } from './lib/rate-limit.js';
import { jsonBodyLimit } from './lib/body-limit.js';
import { mountWeb } from './lib/web-static.js';
import { compressAnswers } from './lib/http-cache.js';
import { forwardedForWarning } from './lib/startup-warnings.js';

/** What createApp takes: the Deps, with the database's rate limiter when none is given. */
export type AppDeps = Omit<Deps, 'rateLimiter'> & { rateLimiter?: RateLimiter };

/** Builds the whole HTTP app from injected dependencies; no globals, so tests make their own. */
export function createApp(given: AppDeps) {
  // Completed in place, not copied: a caller may hand the running app more deps later.
  const deps: Deps = Object.assign(given, {
    rateLimiter: given.rateLimiter ?? databaseRateLimiter(given.db, given.clock),
  });
  const app = new Hono<AppEnv>();

  app.use(requestId());
  app.use(async (c, next) => {
    c.set('deps', deps);
    c.set('locale', localeFrom(c.req.header('accept-language')));
    // The access line is built only when it will be written (LOG_LEVEL info or lower).
    if (!deps.logger.isLevelEnabled('info')) return next();
    const started = performance.now();
    await next();
    deps.logger.info(
      {
        requestId: c.get('requestId'),
        method: c.req.method,
        // The route's pattern, never the path: some carry a secret (reset tokens, issue 19).
        route: routePath(c),
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    );
  });
  // Behind a proxy the server was not told about: said once (issue 19).
  app.use(forwardedForWarning(deps.config, deps.logger));
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
      crossOriginEmbedderPolicy: false,
    }),
  );

  // Before any route: no body larger than the limit is read, authenticated or not.
  app.use('/api/*', jsonBodyLimit(deps.config.maxJsonBodyBytes));

  app.get(
    '/healthz',
    route({ tag: 'service', summary: 'The process is up.', auth: false, answers: { 200: health } }),
    (c) => c.json({ status: 'ok' as const }),
  );
  // Database, file store (and Redis when set) reachable, not shutting down (docs/api/health.md).
  app.get(
    '/readyz',
    route({
      tag: 'service',
      summary: 'The database and file storage answer; 503 with the reason otherwise.',
      auth: false,
      answers: { 200: readinessAnswer, 503: readinessAnswer },
    }),
    async (c) => {
      const readiness = await checkReadiness(deps, { shuttingDown: deps.shuttingDown?.() });
      c.header('Cache-Control', 'no-store');
      return c.json(readiness, readiness.status === 'ready' ? 200 : 503);
    },
  );

  // JSON answers compressed (the web app's files come precompressed: lib/web-static.ts).
  app.use('/api/*', compressAnswers());
  const api = new Hono<AppEnv>();
  // Premium that ended by time lapses before any handler reads account_type.
  api.use(billingClock);
  api.route('/auth', authRoutes());
  api.route('/user', userRoutes());
  api.route('/contact', contactRoutes());
  api.route('/materials', materialRoutes());
  api.route('/quiz', quizRoutes());
  api.route('/subscription', subscriptionRoutes());
  api.route('/demo-billing', demoBillingRoutes());
  // Generated from the routes once, on first request (every route is registered by then).
  let document: ReturnType<typeof openApiDocument> | undefined;
  api.get(
    '/openapi.json',
    route({
      tag: 'service',
      summary: 'This document.',
      auth: false,
      answers: { 200: { media: 'application/json', description: 'The OpenAPI 3.1 document.' } },
    }),
    async (c) => c.json(await (document ??= openApiDocument(app, `${deps.config.publicUrl}`))),
  );
  api.route('/review', reviewRoutes());
  api.route('/progress', progressRoutes());
  api.all('*', () => {
    throw new AppError('NOT_FOUND');
  });
  app.route('/api/v1', api);
  app.all('/api/*', () => {
    throw new AppError('NOT_FOUND');
  });

  if (deps.config.serveWeb) mountWeb(app, deps.config.webDist);

  app.notFound((c) =>
    c.json(errorBody(new AppError('NOT_FOUND'), c.get('locale'), c.get('requestId')), 404),
  );

  app.onError((err, c) => {
    const locale = c.get('locale') ?? 'zh-TW';
    const rid = c.get('requestId');
    let appError: AppError;
    if (err instanceof AppError) {
      appError = err;
    } else if (
      (err instanceof SyntaxError || (err instanceof HTTPException && err.status === 400)) &&
      /JSON/i.test(err.message)
    ) {
      // Hono's json validator reports a body it cannot parse as HTTPException(400).
      appError = new AppError('INVALID_JSON');
    } else {
      // The route pattern, as the access log: a path may carry a secret (issue 19).
      deps.logger.error({ err, requestId: rid, route: routePath(c) }, 'unhandled error');
      appError = new AppError('INTERNAL');
    }
    if (appError.details?.retryAfterSeconds) {
      c.header('Retry-After', String(appError.details.retryAfterSeconds));
    }
    return c.json(errorBody(appError, locale, rid), appError.status as 400);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
