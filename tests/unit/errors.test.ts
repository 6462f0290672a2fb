import { describe, expect, it } from 'vitest';
import { AppError, localeFrom, normalizeLocale } from '../../api/lib/errors.js';
import { errorCatalog } from '../../api/lib/error-catalog.js';
import { errorBody } from '../../api/app.js';

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

  it('fills params and shapes the body the spec client reads', () => {
    const body = errorBody(new AppError('RATE_LIMITED', { params: { minutes: 5 } }), 'en', 'rid-1');
    expect(body.code).toBe('RATE_LIMITED');
    expect(body.message).toBe('Too many attempts. Please try again in 5 minutes.');
    expect(body.error['zh-TW']).toContain('5 分鐘');
    expect(body.messageI18n.en).toBe(body.message);
    expect(body.requestId).toBe('rid-1');
  });
});
