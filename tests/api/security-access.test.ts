import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databases, type TestApp } from '../support/test-app.js';
import { registerVerifiedUser } from '../support/accounts.js';
import { upload } from '../support/multipart.js';

/*
 * Access control across the whole API (issue 9): every route that takes an id is called by a
 * second learner with the first learner's ids, and must answer 404 without a byte of the
 * other learner's data. The route list comes from the app itself, so a new route with an id
 * fails here until it is added to `idsFor` below — nobody can forget one.
 */

const password = 'Study2026';
const SECRET_TITLE = 'A-secret-title-7f3a';
const SECRET_TEXT =
  'Photosynthesis converts light energy into chemical energy. Chlorophyll absorbs red and blue ' +
  'light. The Calvin cycle fixes carbon dioxide into sugar. Stomata regulate gas exchange. ' +
  'Mitochondria release energy through cellular respiration. ATP carries energy in cells. ';
const VISA = { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Mei Lin' };

/** Routes that hold a token or a public id rather than a learner's resource. */
const NOT_OWNED = new Set(['GET /api/v1/auth/reset-password/:token/validate']);

interface Owned {
  materialId: string;
  fileId: string;
  quizId: string;
  attemptId: string;
  generationId: string;
  checkoutId: string;
  portalId: string;
  cardId?: string;
}

/** The learner A's id for each path parameter of a route, or undefined for an unknown route. */
function idsFor(route: string, a: Owned): Record<string, string> | undefined {
  const p = route.split(' ')[1]!;
  if (p.startsWith('/api/v1/materials/:id')) return { id: a.materialId, fileId: a.fileId };
  if (p.startsWith('/api/v1/quiz/generations/:id')) return { id: a.generationId };
  if (p.startsWith('/api/v1/quiz/material/:materialId')) return { materialId: a.materialId };
  if (p.startsWith('/api/v1/quiz/:quizId') || p.startsWith('/api/v1/quiz/:id'))
    return { quizId: a.quizId, id: a.quizId };
  if (p.startsWith('/api/v1/demo-billing/checkout/:id')) return { id: a.checkoutId };
  if (p.startsWith('/api/v1/demo-billing/portal/:id')) return { id: a.portalId };
  if (p.startsWith('/api/v1/review/:cardId') && a.cardId) return { cardId: a.cardId };
  return undefined;
}

/** A body that passes validation, so the answer is about ownership and not about the shape. */
function bodyFor(route: string): unknown {
  if (route.endsWith('/progress')) return { answers: [], currentIndex: 0 };
  if (route.endsWith('/submit'))
    return { answers: [{ questionId: 'q1', optionId: 'a' }], clientSubmissionId: randomUUID() };
  if (route.includes('/review/') && route.endsWith('/answer'))
    return { clientReviewId: randomUUID(), answer: { optionId: 'a' }, elapsedMs: 1000 };
  if (route.includes('/review/') && route.endsWith('/rate'))
    return { clientReviewId: randomUUID(), rating: 'good' };
  if (route.endsWith('/pay')) return VISA;
  if (route.startsWith('PUT /api/v1/materials/')) return { title: 'Stolen', description: '' };
  if (route.startsWith('DELETE ')) return { confirmationCode: 'DELETE' };
  return undefined;
}

/** The route's path with A's ids in it, and a valid query where the route needs one. */
function urlFor(pattern: string, ids: Record<string, string>) {
  const url = pattern.replace(/:(\w+)/g, (_, name: string) => ids[name] ?? 'missing');
  return pattern.endsWith('/export') ? `${url}?format=csv` : url;
}

describe.each(databases)('access control on %s', (dialect) => {
  let t: TestApp;
  let a: { token: string };
  let b: { token: string };
  let owned: Owned;
  let bMaterialId: string;

  const call = (method: string, p: string, body: unknown, token: string) =>
    t.call(method, p, body, { token });

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    a = await registerVerifiedUser(t, { email: 'a@example.com', password });
    b = await registerVerifiedUser(t, { email: 'b@example.com', password });

    const file = { name: 'notes.txt', bytes: Buffer.from(SECRET_TEXT.repeat(6)) };
    const up = await upload(t, a.token, [file], { title: SECRET_TITLE });
    expect(up.status).toBe(201);
    const materialId = up.body.data.id as string;
    const detail = await call('GET', `/api/v1/materials/${materialId}`, undefined, a.token);
    const fileId = detail.body.data.files[0].id as string;

    const generationId = randomUUID();
    const gen = await call(
      'POST',
      '/api/v1/quiz/generate',
      { materialId, questionCount: 5, language: 'en-US', generationId },
      a.token,
    );
    expect(gen.status).toBe(201);
    const quizId = gen.body.data.quizId as string;
    const taking = await call('GET', `/api/v1/quiz/${quizId}`, undefined, a.token);
    // Every answer wrong (true/false keys read from the stored quiz), so A has review cards.
    const stored = await t.db
      .selectFrom('quizzes')
      .select('questions')
      .where('id', '=', quizId)
      .executeTakeFirstOrThrow();
    const keys = new Map(
      (JSON.parse(stored.questions) as Array<{ id: string; correctOptionId?: string }>).map((q) => [
        q.id,
        q.correctOptionId,
      ]),
    );
    const answers = taking.body.data.questions.map((q: { id: string; type: string }) =>
      q.type === 'true_false'
        ? { questionId: q.id, answer: keys.get(q.id) === 'true' ? 'false' : 'true' }
        : { questionId: q.id, textAnswer: 'x' },
    );
    const sub = await call(
      'POST',
      `/api/v1/quiz/${quizId}/submit`,
      { answers, clientSubmissionId: randomUUID() },
      a.token,
    );
    expect(sub.status).toBe(200);
    const attemptId = sub.body.data.attemptId as string;

    // A subscribes through the demo checkout, which gives A a paid checkout and a portal.
    const create = await call(
      'POST',
      '/api/v1/subscription/create',
      { planId: 'monthly', periodType: 'month' },
      a.token,
    );
    const checkoutId = (create.body.data.url as string).split('/').pop()!;
    expect(
      (await call('POST', `/api/v1/demo-billing/checkout/${checkoutId}/pay`, VISA, a.token)).status,
    ).toBe(200);
    const portal = await call('POST', '/api/v1/subscription/customer-portal', undefined, a.token);
    const portalId = (portal.body.data.url as string).split('/').pop()!;

    // A's review card, looked up rather than taken from the due list (a card answered wrong
    // is due again only after its first learning step).
    const card = await t.db
      .selectFrom('review_cards')
      .select('id')
      .where('quiz_id', '=', quizId)
      .executeTakeFirst();
    const cardId = card?.id;
    expect(cardId).toBeDefined();

    owned = { materialId, fileId, quizId, attemptId, generationId, checkoutId, portalId, cardId };

    const bUp = await upload(t, b.token, [file], { title: 'B own' });
    bMaterialId = bUp.body.data.id as string;
  }, 120_000);
  afterAll(async () => t?.close());

  const routesWithIds = () => {
    const seen = new Set<string>();
    for (const r of t.app.routes) {
      if (r.method === 'ALL' || !r.path.includes('/:')) continue;
      seen.add(`${r.method} ${r.path}`);
    }
    return [...seen].filter((r) => !NOT_OWNED.has(r));
  };

  it("answers 404 to every route called with another learner's ids, and changes nothing", async () => {
    const routes = routesWithIds();
    expect(routes.length).toBeGreaterThan(15);
    const unknown = routes.filter((r) => !idsFor(r, owned));
    // A new route with an id must be added to idsFor() so it is covered here.
    expect(unknown).toEqual([]);

    for (const route of routes) {
      const [method, pattern] = route.split(' ') as [string, string];
      const ids = idsFor(route, owned)!;
      const url = urlFor(pattern, ids);
      const res = await call(method, url, bodyFor(route), b.token);
      expect({ route, status: res.status }).toEqual({ route, status: 404 });
      expect(res.body.code).toBe('NOT_FOUND');
      expect(JSON.stringify(res.body)).not.toContain(SECRET_TITLE);
    }

    // Nothing of A's changed: the material, its quiz and its attempt are all still there.
    const mine = await call('GET', `/api/v1/materials/${owned.materialId}`, undefined, a.token);
    expect(mine.status).toBe(200);
    expect(mine.body.data.title).toBe(SECRET_TITLE);
    const report = await call('GET', `/api/v1/quiz/${owned.quizId}/report`, undefined, a.token);
    expect(report.status).toBe(200);
    expect(report.body.data.attemptCount ?? report.body.data.history?.length).toBe(1);
  });

  it('answers the owner on the same routes (so the 404s above are about ownership)', async () => {
    for (const route of routesWithIds()) {
      const [method, pattern] = route.split(' ') as [string, string];
      if (method !== 'GET' || pattern.endsWith('/events')) continue;
      const ids = idsFor(route, owned)!;
      const url = urlFor(pattern, ids);
      const res = await t.app.request(url, {
        headers: { authorization: `Bearer ${a.token}`, 'accept-language': 'en' },
      });
      expect({ route, status: res.status }).not.toEqual({ route, status: 404 });
    }
  });

  it("refuses another learner's ids in bodies and query strings as well", async () => {
    const gen = await call(
      'POST',
      '/api/v1/quiz/generate',
      { materialId: owned.materialId, questionCount: 5 },
      b.token,
    );
    expect(gen.status).toBe(404);
    const file = await call(
      'GET',
      `/api/v1/materials/${bMaterialId}/files/${owned.fileId}`,
      undefined,
      b.token,
    );
    expect(file.status).toBe(404);
    const result = await call(
      'GET',
      `/api/v1/subscription/checkout-result?session_id=${owned.checkoutId}`,
      undefined,
      b.token,
    );
    expect(result.status).toBe(404);
    const report = await call(
      'GET',
      `/api/v1/quiz/${owned.quizId}/report?attemptId=${owned.attemptId}`,
      undefined,
      b.token,
    );
    expect(report.status).toBe(404);
  });
});

describe.each(databases)('hostile text in every field on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    ({ token } = await registerVerifiedUser(t, {
      email: 'hostile@example.com',
      password,
      name: "Robert'); DROP TABLE users;--",
    }));
  }, 60_000);
  afterAll(async () => t?.close());

  const HOSTILE = [
    "' OR '1'='1",
    "'); DROP TABLE materials;--",
    '" OR 1=1 --',
    'NUL \u0000 inside',
    '1; SELECT pg_sleep(5)',
    '<script>alert(1)</script>',
    '${jndi:ldap://x}',
    '測驗\u202e反轉',
  ];

  it('stores SQL-looking text verbatim and the tables survive', async () => {
    const file = { name: 'notes.txt', bytes: Buffer.from(SECRET_TEXT.repeat(4)) };
    for (const s of HOSTILE) {
      const up = await upload(t, token, [file], { title: s, description: s });
      expect(up.status).toBe(201);
      const got = await t.call('GET', `/api/v1/materials/${up.body.data.id}`, undefined, {
        token,
      });
      expect(got.body.data.title).toBe(s.replaceAll('\0', '').trim());
      expect(got.body.data.description).toBe(s.replaceAll('\0', '').trim());
      const put = await t.call(
        'PUT',
        `/api/v1/materials/${up.body.data.id}`,
        { title: `${s} 2`, description: s },
        { token },
      );
      expect(put.status).toBe(200);
      const again = await t.call('GET', `/api/v1/materials/${up.body.data.id}`, undefined, {
        token,
      });
      expect(again.body.data.title).toBe(`${s} 2`.replaceAll('\0', '').trim());
    }
    const list = await t.call('GET', '/api/v1/materials', undefined, { token });
    expect(list.body.data).toHaveLength(HOSTILE.length);
    const profile = await t.call('GET', '/api/v1/user/profile', undefined, { token });
    expect(profile.body.data.name).toBe("Robert'); DROP TABLE users;--");
    const login = await t.call('POST', '/api/v1/auth/login', {
      email: "' OR '1'='1' --",
      password: "' OR '1'='1",
    });
    expect(login.status).toBe(401);
  });

  it('keeps CR/LF in a file name out of the response headers', async () => {
    const evil = 'notes\r\nSet-Cookie: stolen=1\r\nX-Injected: yes.txt';
    const up = await upload(t, token, [{ name: evil, bytes: Buffer.from(SECRET_TEXT) }], {
      title: 'Header test',
    });
    expect(up.status).toBe(201);
    const id = up.body.data.id as string;
    const detail = await t.call('GET', `/api/v1/materials/${id}`, undefined, { token });
    const fileId = detail.body.data.files[0].id as string;
    const res = await t.app.request(`/api/v1/materials/${id}/files/${fileId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('x-injected')).toBeNull();
    expect(res.headers.get('content-disposition') ?? '').not.toMatch(/[\r\n]/);
  });

  it('ignores a hostile Accept-Language and answers in a supported language', async () => {
    const res = await t.app.request('/api/v1/materials/nope', {
      headers: {
        authorization: `Bearer ${token}`,
        'accept-language': "zh-TW'; DROP TABLE users;--, en;q=abc, *;q=2",
      },
    });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe('NOT_FOUND');
  });
});

describe('security headers on served pages', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-dist-'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
    );
    t = await createTestApp({ env: { SERVE_WEB: 'true', WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/', '/materials', '/api/v1/user/profile'])(
    '%s carries the policy headers',
    async (p) => {
      const res = await t.app.request(p, { headers: { 'x-forwarded-proto': 'https' } });
      const csp = res.headers.get('content-security-policy') ?? '';
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? /default-src ([^;]*)/.exec(csp)?.[1];
      expect(scriptSrc).toBeDefined();
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc).not.toContain("'unsafe-eval'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    },
  );
});
