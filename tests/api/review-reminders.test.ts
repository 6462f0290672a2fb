import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../api/db/database.js';
import { runReminderJob, startReminderJob } from '../../api/review/reminder-job.js';
import { unsubscribeToken } from '../../api/review/unsubscribe-token.js';
import type { MailMessage } from '../../api/mail/mailer.js';
import {
  createTestApp,
  databases,
  linkIn,
  memoryMailer,
  type TestApp,
} from '../support/test-app.js';
import { DAY, HOUR, learner, makeQuiz, START, TAIPEI, wrongAnswer } from './review-support.js';

/*
 * The daily review reminder: the setting, one mail per learner and local day in their language
 * when cards are due, the unsubscribe link, and one sender among several server instances.
 */

describe.each(databases)('review reminders on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ dialect, env: { JWT_TTL_SECONDS: String(30 * 86_400) } });
    t.clock.set(START);
  });
  afterEach(async () => t?.close());

  const call = (method: string, p: string, token: string, body?: unknown) =>
    t.call(method, p, body, { token });

  /** A learner with reminders on at `hour` (Taipei) and, unless told, cards due today. */
  async function remindedLearner(email: string, locale: string, hour: number, due = true) {
    const l = await learner(t, email, locale);
    if (due) {
      const quiz = await makeQuiz(t, l.token);
      await call('POST', `/api/v1/quiz/${quiz.quizId}/submit`, l.token, {
        answers: quiz.questions.map(wrongAnswer),
      });
    }
    const put = await call('PUT', '/api/v1/review/reminders', l.token, {
      enabled: true,
      hour,
      utcOffset: TAIPEI,
    });
    expect(put.status).toBe(200);
    return l;
  }

  const reminders = (to?: string) =>
    t.mailer.sent.filter(
      (m) => m.subject.includes('Mnemo') && (!to || m.to === to) && /review|複習/.test(m.subject),
    );

  it('keeps the setting per learner and refuses bad values without changing it', async () => {
    const a = await learner(t, 'a@example.com');
    const get = () => call('GET', '/api/v1/review/reminders', a.token);
    expect((await get()).body.data).toEqual({ enabled: false, hour: 19, utcOffset: 0 });
    const put = await call('PUT', '/api/v1/review/reminders', a.token, {
      enabled: true,
      hour: 8,
      utcOffset: 480,
    });
    expect(put.body.data).toEqual({ enabled: true, hour: 8, utcOffset: 480 });
    for (const bad of [
      { enabled: true, hour: 24 },
      { hour: 8 },
      { enabled: 'yes' },
      { enabled: true, utcOffset: 900 },
    ]) {
      const res = await call('PUT', '/api/v1/review/reminders', a.token, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    // Turning off keeps the hour and offset for the next time.
    await call('PUT', '/api/v1/review/reminders', a.token, { enabled: false });
    expect((await get()).body.data).toEqual({ enabled: false, hour: 8, utcOffset: 480 });
    expect((await t.call('GET', '/api/v1/review/reminders')).status).toBe(401);
  });

  it('mails once per local day at the learner’s hour, in their language, only when cards are due', async () => {
    const a = await remindedLearner('a@example.com', 'zh-TW', 8);
    const b = await remindedLearner('b@example.com', 'en', 20);
    await remindedLearner('c@example.com', 'zh-TW', 8, false);

    // 10:00 in Taipei: A's hour has come, B's has not; C has nothing due.
    expect(await runReminderJob(t.deps)).toMatchObject({ claimed: true, sent: 1 });
    const mailA = reminders()[0]!;
    expect(mailA.to).toBe(a.email);
    expect(mailA.subject).toBe('Mnemo｜今天有 5 張卡片待複習');
    expect(mailA.text).toContain('http://mnemo.test/review');
    expect(mailA.html).toContain('lang="zh-TW"');
    // This hour is taken: running it again (another tick, another instance) does nothing.
    expect(await runReminderJob(t.deps)).toMatchObject({ claimed: false, sent: 0 });

    // 20:00 in Taipei: B's turn, in English; A already had today's.
    t.clock.set(new Date(START.getTime() + 10 * HOUR));
    expect(await runReminderJob(t.deps)).toMatchObject({ claimed: true, sent: 1 });
    expect(reminders(b.email).map((m) => m.subject)).toEqual(['Mnemo: 5 cards to review today']);
    expect(reminders(a.email)).toHaveLength(1);

    // The next day at 08:00 in Taipei: A again (the cards are still due).
    t.clock.set(new Date(START.getTime() + DAY - 2 * HOUR));
    expect(await runReminderJob(t.deps)).toMatchObject({ sent: 1 });
    expect(reminders(a.email)).toHaveLength(2);
  });

  it('gives a delivery back when the mail fails, so a later run sends it', async () => {
    const a = await remindedLearner('a@example.com', 'zh-TW', 8);
    let fail = true;
    const flaky = {
      sent: [] as MailMessage[],
      async send(m: MailMessage) {
        if (fail) throw new Error('SMTP down');
        this.sent.push(m);
      },
    };
    expect(await runReminderJob({ ...t.deps, mailer: flaky })).toMatchObject({ sent: 0 });
    fail = false;
    t.clock.advance(HOUR);
    expect(await runReminderJob({ ...t.deps, mailer: flaky })).toMatchObject({ sent: 1 });
    expect(flaky.sent.map((m) => m.to)).toEqual([a.email]);
  });

  it('unsubscribes with the signed link; a tampered link changes nothing', async () => {
    const a = await remindedLearner('a@example.com', 'zh-TW', 8);
    const b = await remindedLearner('b@example.com', 'en', 8, false);
    await runReminderJob(t.deps);
    const link = new URL(linkIn(reminders(a.email)[0], '/unsubscribe'));
    expect(link.pathname).toBe('/api/v1/review/reminders/unsubscribe');
    // The mail client's own unsubscribe button uses the same link, one click (RFC 8058).
    expect(reminders(a.email)[0]!.headers).toEqual({
      'List-Unsubscribe': `<${link.href}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });

    // Tampered: another user's id with A's signature, a cut signature, none at all.
    const sig = link.searchParams.get('token')!.split('.')[1]!;
    const forged = `${Buffer.from(b.id).toString('base64url')}.${sig}`;
    for (const token of [forged, link.searchParams.get('token')!.slice(0, -2), '']) {
      const res = await t.app.request(`${link.pathname}?token=${encodeURIComponent(token)}`);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toContain('text/html');
      const html = await res.text();
      expect(html).toContain('這個取消訂閱連結無效');
      expect(html).toContain('This unsubscribe link is not valid');
    }
    const json = await t.app.request(`${link.pathname}?token=${forged}`, {
      headers: { accept: 'application/json' },
    });
    expect(json.status).toBe(400);
    expect(((await json.json()) as { code: string }).code).toBe('UNSUBSCRIBE_TOKEN_INVALID');
    expect((await call('GET', '/api/v1/review/reminders', b.token)).body.data.enabled).toBe(true);
    expect((await call('GET', '/api/v1/review/reminders', a.token)).body.data.enabled).toBe(true);

    // The real link opened (a mail scanner, then the learner): only a question, nothing changes.
    for (let i = 0; i < 2; i++) {
      const res = await t.app.request(link.pathname + link.search);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('要取消每日複習提醒嗎？');
      expect(html).toContain('Turn off daily review reminders?');
      expect(html).toContain(
        `<form method="post" action="?token=${encodeURIComponent(link.searchParams.get('token')!)}">`,
      );
    }
    const asked = await t.app.request(link.pathname + link.search, {
      headers: { accept: 'application/json' },
    });
    expect(asked.status).toBe(200);
    expect((await call('GET', '/api/v1/review/reminders', a.token)).body.data.enabled).toBe(true);
    // The page's button: a form POST of the same link. Off, and a page says so (twice is fine).
    for (let i = 0; i < 2; i++) {
      const res = await t.app.request(link.pathname + link.search, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('已取消複習提醒');
      expect(html).toContain('Review reminders turned off');
    }
    expect((await call('GET', '/api/v1/review/reminders', a.token)).body.data).toEqual({
      enabled: false,
      hour: 8,
      utcOffset: TAIPEI,
    });
    // RFC 8058 one-click: a POST to the same link works too.
    const oneClick = await t.app.request(
      `${link.pathname}?token=${unsubscribeToken(t.deps.secret, b.id)}`,
      { method: 'POST' },
    );
    expect(oneClick.status).toBe(200);
    expect((await call('GET', '/api/v1/review/reminders', b.token)).body.data.enabled).toBe(false);

    t.clock.advance(DAY);
    expect(await runReminderJob(t.deps)).toMatchObject({ claimed: true, sent: 0 });
  });

  it('runs from the in-process scheduler and stops cleanly', async () => {
    const a = await remindedLearner('a@example.com', 'zh-TW', 8);
    const job = startReminderJob(t.deps, { intervalMs: 20 });
    for (let i = 0; i < 100 && reminders(a.email).length === 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    await job.stop();
    expect(reminders(a.email)).toHaveLength(1);
  });

  it.runIf(dialect === 'postgres')(
    'sends exactly one mail per learner when two instances run the same day at once',
    async () => {
      const learners = [
        await remindedLearner('a@example.com', 'zh-TW', 8),
        await remindedLearner('b@example.com', 'en', 9),
        await remindedLearner('c@example.com', 'zh-TW', 0),
      ];
      // A second server instance: its own connection pool on the same PostgreSQL schema.
      const { schema } = (await t.db
        .selectNoFrom((eb) => eb.fn<string>('current_schema').as('schema'))
        .executeTakeFirstOrThrow()) as { schema: string };
      const other = openDatabase({
        databaseUrl: process.env.TEST_DATABASE_URL,
        pgSchema: schema,
        poolMax: 5,
      });
      try {
        const mailers = [memoryMailer(), memoryMailer()];
        const instances = [
          { ...t.deps, mailer: mailers[0]! },
          { ...t.deps, db: other.db, mailer: mailers[1]! },
        ];
        // The same hour on both, at once; then both again an hour later; then with clocks an
        // hour apart (each claims a different hour, the per-day delivery still holds).
        const results = await Promise.all(instances.map((d) => runReminderJob(d)));
        expect(results.filter((r) => r.claimed)).toHaveLength(1);
        t.clock.advance(HOUR);
        await Promise.all(instances.map((d) => runReminderJob(d)));
        const ahead = { now: () => new Date(t.clock.now().getTime() + HOUR) };
        await Promise.all([
          runReminderJob(instances[0]!),
          runReminderJob({ ...instances[1]!, clock: ahead }),
        ]);
        const sent = mailers.flatMap((m) => m.sent).filter((m) => /複習|review/.test(m.subject));
        expect(sent.map((m) => m.to).sort()).toEqual(learners.map((l) => l.email).sort());
        const runs = await t.db.selectFrom('job_runs').selectAll().execute();
        expect(runs.map((r) => r.run_key).sort()).toEqual([
          '2026-03-09T02',
          '2026-03-09T03',
          '2026-03-09T04',
        ]);
      } finally {
        await other.close();
      }
    },
  );
});
