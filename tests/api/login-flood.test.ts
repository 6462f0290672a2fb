import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configurePasswordHashing } from '../../api/auth/password.js';
import { registerVerifiedUser } from '../support/accounts.js';
import { createTestApp, databases, type TestApp } from '../support/test-app.js';

/*
 * Issue 19, item 5: a flood of sign-ins must not starve the server. Password hashes run
 * HASH_CONCURRENCY at a time with HASH_QUEUE waiting, the rest answered at once with 503
 * SERVER_BUSY; session tokens are checked without the thread pool, so a signed-in learner's
 * request is answered while the flood is still being hashed.
 */

const FLOOD = 40;

describe.each(databases)('a sign-in flood on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ dialect, env: { TRUST_PROXY: 'true' } });
    configurePasswordHashing({ concurrency: 2, queue: 4 });
  });
  afterEach(async () => {
    configurePasswordHashing({ concurrency: 2, queue: 16 });
    await t?.close();
  });

  it('does not make a signed-in request wait or fail; the overflow is a fast translated 503', async () => {
    const { token } = await registerVerifiedUser(t, {
      email: 'learner@example.com',
      password: 'Study2026',
    });
    const flood = Array.from({ length: FLOOD }, (_, i) =>
      t
        .call(
          'POST',
          '/api/v1/auth/login',
          { email: `guess${i}@example.com`, password: 'Guess1234' },
          { headers: { 'x-forwarded-for': `192.0.2.${i + 1}` } },
        )
        .then((a) => a),
    );
    // Let every flood request reach its password check.
    await new Promise((r) => setTimeout(r, 150));

    const profile = await t.call('GET', '/api/v1/user/profile', undefined, { token });
    expect(profile.status).toBe(200);
    expect(profile.body.data.email).toBe('learner@example.com');
    const answers = await Promise.all(flood);
    const statuses = new Set(answers.map((a) => a.status));
    expect([...statuses].sort()).toEqual([401, 503]);
    const busy = answers.find((a) => a.status === 503)!;
    expect(busy.body).toMatchObject({
      code: 'SERVER_BUSY',
      message: 'Too many sign-ins at this moment. Please try again in a few seconds.',
      messageI18n: { 'zh-TW': '目前同時登入的人太多，請稍候幾秒再試一次。' },
    });
    expect(busy.headers.get('retry-after')).toBe('2');
    // A turned-away sign-in checked no password: it is no failure of that e-mail or address.
    const failures = await t.db
      .selectFrom('rate_limits')
      .select(['key', 'count'])
      .where('key', 'like', 'login:email:guess%')
      .execute();
    const counted = failures.reduce((n, r) => n + r.count, 0);
    expect(counted).toBe(answers.filter((a) => a.status === 401).length);
    const addresses = await t.db
      .selectFrom('rate_limits')
      .select(['key', 'count'])
      .where('key', 'like', 'login:ip:192.0.2.%')
      .execute();
    expect(addresses.reduce((n, r) => n + r.count, 0)).toBe(counted);
    // At most concurrency + queue were hashed; the learner still signs in afterwards.
    expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(6);
    const again = await t.call('POST', '/api/v1/auth/login', {
      email: 'learner@example.com',
      password: 'Study2026',
    });
    expect(again.status).toBe(200);
  });
});
