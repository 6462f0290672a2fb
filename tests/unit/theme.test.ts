import { describe, expect, it } from 'vitest';
import { isThemePreference, resolveTheme, THEME_PREFERENCES } from '../../src/lib/theme';

describe('theme preference', () => {
  it('follows the system only when the learner chose "system"', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
    expect(resolveTheme('light', true)).toBe('light');
  });

  it('accepts only the three choices the menu offers (a stored value may be anything)', () => {
    expect(THEME_PREFERENCES).toEqual(['system', 'light', 'dark']);
    for (const choice of THEME_PREFERENCES) expect(isThemePreference(choice)).toBe(true);
    for (const other of ['', 'Dark', 'sepia', null, undefined, 1])
      expect(isThemePreference(other)).toBe(false);
  });
});
