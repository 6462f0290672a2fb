import { afterEach, describe, expect, it } from 'vitest';
import type { Mailer } from '../../api/mail/mailer.js';
import { registerVerifiedUser } from '../support/accounts.js';
import { createTestApp, databases, type TestApp } from '../support/test-app.js';

const OPERATOR = 'sales@mnemo.test';
const THANKS_ZH = '感謝您的諮詢！我們已收到您的資料，將於 1–2 個工作天內與您聯繫。';
const THANKS_EN =
  'Thank you for your inquiry! We have received your details and will get back to you within 1–2 working days.';

const form = (over: Record<string, unknown> = {}) => ({
  name: '林怡君',
  email: 'yijun.lin@school.edu.tw',
  organization: '臺北市立建國高級中學',
  teamSize: '21-50人',
  phone: '02-2303-4381 #123',
  message: '我們想為高一全體導師申請團體方案，\n請問是否有教育優惠？',
  privacyConsent: true,
  ...over,
});

const send = (t: TestApp, body: unknown, headers?: Record<string, string>) =>
  t.call('POST', '/api/v1/contact', body, { headers });

const rows = (t: TestApp) =>
  t.db.selectFrom('contact_requests').selectAll().orderBy('created_at').orderBy('id').execute();

describe.each(databases)('group-plan contact form on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  const app = (env: Record<string, string> = {}, mailer?: Mailer) =>
    createTestApp({ dialect, env: { CONTACT_EMAIL: OPERATOR, ...env }, mailer });

  it('stores the inquiry, mails the operator every field, and thanks the visitor in zh-TW', async () => {
    t = await app();
    const res = await send(t, form(), { 'accept-language': 'zh-TW' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      message: THANKS_ZH,
      messageI18n: { 'zh-TW': THANKS_ZH, en: THANKS_EN },
    });

    const stored = await rows(t);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      name: '林怡君',
      email: 'yijun.lin@school.edu.tw',
      organization: '臺北市立建國高級中學',
      team_size: '21-50人',
      phone: '02-2303-4381 #123',
      message: '我們想為高一全體導師申請團體方案，\n請問是否有教育優惠？',
      locale: 'zh-TW',
      user_id: null,
    });
    expect(Date.parse(stored[0]!.created_at)).toBe(t.clock.now().getTime());

    expect(t.mailer.sent).toHaveLength(1);
    const mail = t.mailer.sent[0]!;
    expect(mail.to).toBe(OPERATOR);
    expect(mail.replyTo).toBe('yijun.lin@school.edu.tw');
    expect(mail.subject).toBe('Mnemo 團體方案諮詢｜臺北市立建國高級中學（21-50人）');
    for (const line of [
      '姓名 Name: 林怡君',
      '電子郵件 Email: yijun.lin@school.edu.tw',
      '單位名稱 Organization: 臺北市立建國高級中學',
      '團隊人數 Team size: 21-50人',
      '聯絡電話 Phone: 02-2303-4381 #123',
      '語言 Language: zh-TW',
      `諮詢編號 Reference: ${stored[0]!.id}`,
      '我們想為高一全體導師申請團體方案，\n請問是否有教育優惠？',
    ]) {
      expect(mail.text).toContain(line);
    }
  });

  it('answers in English and records English as the visitor language', async () => {
    t = await app();
    const res = await send(t, form({ name: 'Alex Wu', message: 'Pricing for 60 staff?' }));
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(THANKS_EN);
    expect((await rows(t))[0]?.locale).toBe('en');

    // The language the form names wins over the header.
    await send(t, form({ locale: 'zh-TW' }));
    expect((await rows(t)).map((r) => r.locale).sort()).toEqual(['en', 'zh-TW']);
  });

  it('accepts every team size of the form and nothing else', async () => {
    t = await app();
    for (const teamSize of ['5-10人', '11-20人', '21-50人', '51-100人', '100人以上']) {
      expect((await send(t, form({ teamSize }))).status).toBe(201);
    }
    for (const teamSize of ['3人', '5-10', '101+', '']) {
      const res = await send(t, form({ teamSize }));
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({ teamSize: 'invalid_choice' });
    }
    expect(await rows(t)).toHaveLength(5);
  });

  it.each([
    ['missing', undefined],
    ['false', false],
    ['the string "true"', 'true'],
  ])('refuses the form when privacy consent is %s, storing and mailing nothing', async (_, v) => {
    t = await app();
    const res = await send(t, form({ privacyConsent: v }), { 'accept-language': 'zh-TW' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      message: '輸入的資料有誤，請檢查後再試一次。',
      fields: { privacyConsent: 'consent_required' },
    });
    expect(Object.keys(res.body.fields)).toEqual(['privacyConsent']);
    expect(await rows(t)).toHaveLength(0);
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('names every missing or blank required field, and takes phone as optional', async () => {
    t = await app();
    const res = await send(t, { name: '   ', message: '\n' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      name: 'required',
      email: 'required',
      organization: 'required',
      teamSize: 'invalid_choice',
      message: 'required',
      privacyConsent: 'consent_required',
    });

    for (const phone of [undefined, null, '', '   ']) {
      expect((await send(t, form({ phone }))).status).toBe(201);
    }
    expect((await rows(t)).map((r) => r.phone)).toEqual([null, null, null, null]);
    expect(t.mailer.sent[0]?.text).toContain('聯絡電話 Phone: —');
  });

  it.each(['not-an-email', 'a@b', 'a b@example.com', '@example.com'])(
    'refuses the e-mail %j',
    async (email) => {
      t = await app();
      const res = await send(t, form({ email }));
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({ email: 'invalid_email' });
    },
  );

  it.each([
    ['name', 200],
    ['organization', 200],
    ['message', 5000],
    ['phone', 40],
  ])('takes %s up to %i characters and refuses one more', async (field, max) => {
    t = await app();
    const fill = field === 'phone' ? '0' : '字';
    expect((await send(t, form({ [field]: fill.repeat(max) }))).status).toBe(201);
    const res = await send(t, form({ [field]: fill.repeat(max + 1) }));
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ [field]: 'too_long' });
    expect(await rows(t)).toHaveLength(1);
  });

  it('refuses line breaks in one-line fields, which would reach the mail subject', async () => {
    t = await app();
    const res = await send(
      t,
      form({ organization: 'ACME\r\nBcc: victim@example.com', name: 'A\u0000B' }),
    );
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      name: 'invalid_characters',
      organization: 'invalid_characters',
    });
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('links the inquiry of a signed-in learner to the account, and ignores a stale token', async () => {
    t = await app();
    const { token, user } = await registerVerifiedUser(t, {
      email: 'me@example.com',
      password: 'Study2026',
    });

    const signed = await t.call('POST', '/api/v1/contact', form(), { token });
    expect(signed.status).toBe(201);
    t.clock.advance(3 * 60 * 60 * 1000);
    const stale = await t.call('POST', '/api/v1/contact', form(), { token });
    expect(stale.status).toBe(201);
    t.clock.advance(1000);
    const anonymous = await t.call('POST', '/api/v1/contact', form(), { token: 'garbage' });
    expect(anonymous.status).toBe(201);

    const ids = (await rows(t)).map((r) => r.user_id);
    expect(ids).toEqual([user.id, null, null]);
    expect(t.mailer.last(OPERATOR)?.text).toContain('會員編號 Account: —');
  });

  it('takes 5 inquiries an hour from one IP, then 429 with Retry-After; other IPs go on', async () => {
    t = await app({ TRUST_PROXY: 'true' });
    const office = { 'x-forwarded-for': '203.0.113.50' };
    for (let i = 0; i < 5; i++) expect((await send(t, form(), office)).status).toBe(201);

    const blocked = await send(t, form(), { ...office, 'accept-language': 'zh-TW' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('RATE_LIMITED');
    expect(blocked.body.message).toMatch(/^嘗試次數過多，請在 \d+ 分鐘後再試。$/);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(t.mailer.sent).toHaveLength(5);

    expect((await send(t, form(), { 'x-forwarded-for': '198.51.100.9' })).status).toBe(201);
    t.clock.advance(60 * 60 * 1000);
    expect((await send(t, form(), office)).status).toBe(201);
    expect(await rows(t)).toHaveLength(7);
  });

  it('tells the visitor to retry or write directly when the mail cannot go, and keeps no record', async () => {
    const broken: Mailer = {
      send: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:25')),
    };
    t = await app({}, broken);
    const res = await send(t, form());
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      success: false,
      code: 'CONTACT_SEND_FAILED',
      message: `We could not send your inquiry right now. Please try again later, or email us at ${OPERATOR}.`,
      messageI18n: {
        'zh-TW': `目前無法送出您的諮詢，請稍後再試，或直接來信 ${OPERATOR}。`,
      },
    });
    expect(JSON.stringify(res.body)).not.toContain('ECONNREFUSED');
    expect(await rows(t)).toHaveLength(0);
  });

  it('answers a body that is not JSON with INVALID_JSON', async () => {
    t = await app();
    const res = await t.app.request('/api/v1/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('INVALID_JSON');
  });
});
