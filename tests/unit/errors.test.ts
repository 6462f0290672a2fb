import { describe, expect, it } from 'vitest';
import { AppError, errorBody, localeFrom, normalizeLocale } from '../../api/lib/errors.js';
import { errorCatalog } from '../../api/lib/error-catalog.js';

describe('locale choice', () => {
  it('maps any Chinese locale to zh-TW and everything else to en', () => {
    expect(localeFrom('zh-CN,zh;q=0.9')).toBe('zh-TW');
    expect(localeFrom('zh-HK')).toBe('zh-TW');
    expect(localeFrom('en-US,en;q=0.9')).toBe('en');
    expect(localeFrom('fr-FR')).toBe('en');
    expect(localeFrom(undefined)).toBe('zh-TW');
    expect(normalizeLocale('zh')).toBe('zh-TW');
    expect(normalizeLocale('en-GB')).toBe('en');
  });
});

describe('error catalog', () => {
  it('has a non-empty message in both languages for every code', () => {
    for (const [code, entry] of Object.entries(errorCatalog)) {
      expect(entry['zh-TW'].trim(), code).not.toBe('');
      expect(entry.en.trim(), code).not.toBe('');
      expect(entry['zh-TW'], `${code} zh-TW must not be the English text`).not.toBe(entry.en);
    }
  });

  it('fills params and shapes the body the spec client reads, each field once', () => {
    const body = errorBody(new AppError('RATE_LIMITED', { params: { minutes: 5 } }), 'en', 'rid-1');
    expect(body).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Please try again in 5 minutes.',
      messageI18n: {
        'zh-TW': '嘗試次數過多，請在 5 分鐘後再試。',
        en: 'Too many attempts. Please try again in 5 minutes.',
      },
      params: { minutes: 5 },
      requestId: 'rid-1',
    });
  });

  it('sends no params for a message without any, and spreads the details', () => {
    const body = errorBody(
      new AppError('NOT_FOUND', { details: { requiresConfirmation: true } }),
      'zh-TW',
    );
    expect(body).not.toHaveProperty('params');
    expect(body).not.toHaveProperty('error');
    expect(body.message).toBe(errorCatalog.NOT_FOUND['zh-TW']);
    expect(body).toHaveProperty('requiresConfirmation', true);
  });
});
