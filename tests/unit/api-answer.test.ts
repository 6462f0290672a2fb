import './offline-env';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import i18n from '../../src/i18n';
import zhCommon from '../../src/i18n/locales/zh-TW/common.json';
import enCommon from '../../src/i18n/locales/en/common.json';
import { errorCatalog } from '../../api/lib/error-catalog';
import { AppError, errorBody } from '../../api/lib/errors';
import { answerCursor, answerData, answerRecord, apiData } from '../../src/lib/api-answer';
import { ApiError, apiErrorFrom } from '../../src/lib/api-client';
import { changeDemoSubscription } from '../../src/features/billing/api/demo-portal';
import { apiErrorKey, apiErrorText } from '../../src/lib/api-error-text';
import { errorNotice, resolveNotice } from '../../src/features/auth/lib/notice';

// The one reader of an answer (docs/decisions/0042): the server's `{ success, data }` and the
// variants the spec's client reads (§7: bare bodies, data nested in data.data, { materials }).
describe('answerData reads every answer shape of the spec', () => {
  const report = { score: 80, correctAnswers: 8, totalQuestions: 10 };

  it('takes data out of the envelope', () => {
    expect(answerData({ success: true, data: report })).toEqual(report);
    expect(answerData({ success: true, data: [{ id: 'a' }], nextCursor: 'c' })).toEqual([
      { id: 'a' },
    ]);
  });

  it('takes a bare body as it is (login, profile, validate-reset-token)', () => {
    const login = { success: true, token: 't', user: { id: 'u' } };
    expect(answerData(login)).toBe(login);
    expect(answerRecord({ valid: true, alreadyClicked: false })).toEqual({
      valid: true,
      alreadyClicked: false,
    });
  });

  it('takes data nested once more (submit: data.data)', () => {
    expect(answerData({ success: true, data: { success: true, data: report } })).toEqual(report);
    expect(answerData({ data: { data: report } })).toEqual(report);
  });

  it('leaves a payload that merely has a data field alone', () => {
    const payload = { id: 'q1', data: { kind: 'x' }, title: 'T' };
    expect(answerData(payload)).toBe(payload);
  });

  it('reads text, null and lists safely', () => {
    expect(answerRecord('plain text')).toEqual({});
    expect(answerRecord(null)).toEqual({});
    expect(answerRecord({ success: true, data: [1, 2] })).toEqual({});
    expect(answerData({ success: true })).toEqual({ success: true });
  });

  it('reads an envelope whose data is null as no data, not as the data', () => {
    expect(answerData({ success: true, data: null })).toBeNull();
    expect(answerData({ data: null })).toBeNull();
    expect(answerRecord({ success: true, data: null })).toEqual({});
    expect(answerData({ success: true, data: { success: true, data: null } })).toBeNull();
    // A payload with other fields beside a null data field is still the payload.
    const payload = { id: 'q1', data: null, title: 'T' };
    expect(answerData(payload)).toBe(payload);
  });

  it('finds the next page cursor beside the data', () => {
    expect(answerCursor({ success: true, data: [], nextCursor: 'abc' })).toBe('abc');
    expect(answerCursor({ success: true, data: [] })).toBeNull();
    expect(answerCursor([{ id: 'a' }])).toBeNull();
  });
});

describe('apiData: one typed call', () => {
  const realFetch = globalThis.fetch;
  afterAll(() => {
    globalThis.fetch = realFetch;
  });
  const answer = (status: number, body: unknown) => {
    globalThis.fetch = (() =>
      Promise.resolve(
        new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        }),
      )) as typeof fetch;
  };
  const schema = z.object({ url: z.string() });

  it('parses the payload of the envelope and of a bare answer with the schema', async () => {
    answer(200, { success: true, data: { url: '/pay' } });
    await expect(apiData(schema, '/api/v1/x')).resolves.toEqual({ url: '/pay' });
    answer(200, { url: '/bare' });
    await expect(apiData(schema, '/api/v1/x')).resolves.toEqual({ url: '/bare' });
  });

  it('reads no subscription from a demo portal cancel or resume that answers data: null', async () => {
    answer(200, { success: true, data: null });
    await expect(changeDemoSubscription('p1', 'cancel')).resolves.toBeNull();
    await expect(changeDemoSubscription('p1', 'resume')).resolves.toBeNull();
    answer(200, {
      success: true,
      data: {
        id: 's1',
        plan_id: 'monthly',
        name: '月方案',
        name_en: 'Monthly',
        price: 150,
        currency: 'TWD',
        status: 'active',
        currentPeriodEnd: '2026-12-28T00:00:00.000Z',
        cancelAtPeriodEnd: true,
        periodType: 'month',
        provider: 'demo',
      },
    });
    await expect(changeDemoSubscription('p1', 'cancel')).resolves.toMatchObject({
      id: 's1',
      planId: 'monthly',
      status: 'active',
      cancelAtPeriodEnd: true,
    });
  });

  it('throws an ApiError carrying the code and params of an error answer', async () => {
    answer(400, errorBody(new AppError('TOO_MANY_FILES', { params: { max: 3 } }), 'en', 'rid'));
    const err = await apiData(schema, '/api/v1/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, code: 'TOO_MANY_FILES', params: { max: 3 } });
  });
});

describe('error codes in the web’s own words', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('zh-TW');
  });
  afterAll(async () => {
    await i18n.changeLanguage('zh-TW');
  });

  const webZh = zhCommon.apiErrors as Record<string, string>;
  const webEn = enCommon.apiErrors as Record<string, string>;

  it('has a zh-TW and an en message for every code the server can answer', () => {
    for (const code of Object.keys(errorCatalog)) {
      expect(webZh[code]?.trim(), `zh-TW ${code}`).toBeTruthy();
      expect(webEn[code]?.trim(), `en ${code}`).toBeTruthy();
    }
    expect(Object.keys(webZh).sort()).toEqual(Object.keys(webEn).sort());
  });

  it('says the web’s message for the code with its params, never the server’s prose', async () => {
    const body = {
      ...errorBody(new AppError('TOO_MANY_FILES', { params: { max: 3 } }), 'en'),
      message: 'server prose',
      messageI18n: { 'zh-TW': '伺服器的話', en: 'server prose' },
    };
    const zh = apiErrorFrom(400, body);
    expect(zh.message).toBe('最多只能上傳 3 個檔案');
    await i18n.changeLanguage('en');
    expect(apiErrorFrom(400, body).message).toBe('Maximum of 3 files can be uploaded');
    expect(apiErrorText(zh)).toBe('Maximum of 3 files can be uploaded');
  });

  it('falls back to a generic translated message for an unknown code or a bare failure', async () => {
    await i18n.changeLanguage('en');
    expect(apiErrorKey({ code: 'FROM_A_NEWER_SERVER', status: 409 })).toBe(
      'apiErrors.fallbackStatus',
    );
    expect(apiErrorFrom(409, { code: 'FROM_A_NEWER_SERVER', message: 'prose' }).message).toBe(
      'Something went wrong (HTTP 409). Please try again later.',
    );
    expect(apiErrorFrom(502, { message: '<html>Bad gateway</html>' }).message).not.toContain(
      'html',
    );
    expect(apiErrorText({})).toBe('Something went wrong. Please try again later.');
    await i18n.changeLanguage('zh-TW');
    expect(apiErrorText({ status: 0 })).toBe('發生錯誤，請稍後再試。');
  });

  it('an auth banner follows a language switch while it is on screen', async () => {
    const t = (key: string, params?: Record<string, string>) => i18n.t(key, params);
    const notice = errorNotice(
      apiErrorFrom(401, errorBody(new AppError('INVALID_CREDENTIALS'), 'zh-TW')),
      'login.failed',
    );
    await i18n.changeLanguage('zh-TW');
    expect(resolveNotice(notice, t)).toBe('電子郵件或密碼錯誤');
    await i18n.changeLanguage('en');
    expect(resolveNotice(notice, t)).toBe('Incorrect email or password');
  });
});
