import { describe, expect, it } from 'vitest';
import { hashPassword, PASSWORD_RULE, verifyPassword } from '../../api/auth/password.js';

describe('password rule (spec §5)', () => {
  it.each([
    ['abc12345', true],
    ['ABCdef99', true],
    ['abcdefgh', false], // no digit
    ['12345678', false], // no letter
    ['abc1234', false], // too short
    ['abc 12345', false], // letters and digits only
    ['abc12345!', false],
  ])('%s → %s', (pw, ok) => {
    expect(PASSWORD_RULE.test(pw)).toBe(ok);
  });
});

describe('scrypt hashing', () => {
  it('verifies the right password, refuses a wrong one, and salts every hash', async () => {
    const a = await hashPassword('abc12345');
    const b = await hashPassword('abc12345');
    expect(a).not.toBe(b);
    expect(a.startsWith('scrypt$32768$8$1$')).toBe(true);
    expect(await verifyPassword('abc12345', a)).toBe(true);
    expect(await verifyPassword('abc12346', a)).toBe(false);
    expect(await verifyPassword('abc12345', 'garbage')).toBe(false);
  });
});
