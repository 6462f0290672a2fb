import { describe, expect, it } from 'vitest';
import {
  caretFor,
  cardFormProblems,
  cardNumberProblem,
  cvcProblem,
  detectBrand,
  editCardNumber,
  expiryProblem,
  formatCardNumber,
  formatExpiry,
  passesLuhn,
} from '../../src/features/billing/lib/card';

// The documented test cards (docs/api/billing.md).
const VISA = '4242424242424242';
const MASTERCARD = '5555555555554444';
const JCB = '3530111333300000';
const DECLINED = '4000000000000002';

describe('card brand', () => {
  it('detects Visa, Mastercard and JCB from the test numbers', () => {
    expect(detectBrand(VISA).brand).toBe('visa');
    expect(detectBrand(MASTERCARD).brand).toBe('mastercard');
    expect(detectBrand(JCB).brand).toBe('jcb');
  });

  it('detects the brand live from the first digits', () => {
    expect(detectBrand('42').brand).toBe('visa');
    expect(detectBrand('3').brand).toBeNull(); // Amex, Diners or JCB: not yet known
    expect(detectBrand('5555').brand).toBe('mastercard');
    expect(detectBrand('3530').brand).toBe('jcb');
    expect(detectBrand('').brand).toBeNull();
  });

  it('marks brands the checkout does not take', () => {
    expect(detectBrand('378282246310005').brand).toBe('other'); // American Express
    expect(cardNumberProblem('3782 822463 10005')).toBe('unsupported');
  });
});

describe('card number grouping', () => {
  it('groups digits in fours as typed', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242-4242 42')).toBe('4242 4242 42');
  });

  it('stops at the brand’s longest number', () => {
    expect(formatCardNumber(`${VISA}99999`)).toBe('4242 4242 4242 4242 999');
    expect(formatCardNumber(`${MASTERCARD}123`)).toBe('5555 5555 5555 4444');
  });

  it('keeps the caret after the same digit once spaces are added', () => {
    expect(caretFor('4242 4', 5)).toBe(6);
    expect(caretFor('4242 4', 4)).toBe(4);
    expect(caretFor('4242 4', 0)).toBe(0);
    // Typing a 5th digit at the end of "4242".
    expect(editCardNumber('4242', '42424', 5, 'insertText')).toEqual({ value: '4242 4', caret: 6 });
  });

  it('backspace over a group space removes the digit before it', () => {
    // "4242 |4242": the input lost only the space.
    expect(editCardNumber('4242 4242', '42424242', 4, 'deleteContentBackward')).toEqual({
      value: '4244 242',
      caret: 3,
    });
  });
});

describe('Luhn check', () => {
  it('passes every documented number (the declined one too: it is declined by the server)', () => {
    for (const n of [VISA, MASTERCARD, JCB, DECLINED]) expect(passesLuhn(n)).toBe(true);
  });

  it('fails a mistyped digit', () => {
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(cardNumberProblem('4242 4242 4242 4241')).toBe('invalid');
  });

  it('says what is wrong with the number', () => {
    expect(cardNumberProblem('')).toBe('required');
    expect(cardNumberProblem('4242 4242')).toBe('incomplete');
    expect(cardNumberProblem('4242 4242 4242 4242')).toBeNull();
    expect(cardNumberProblem('3530 1113 3330 0000')).toBeNull();
  });
});

describe('expiry and CVC', () => {
  const now = new Date(2026, 10, 21); // November 2026

  it('formats MM/YY as typed', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('128')).toBe('12/8');
    expect(formatExpiry('1228')).toBe('12/28');
    expect(formatExpiry('12/289')).toBe('12/28');
    expect(formatExpiry('4')).toBe('04');
  });

  it('accepts this month and later, refuses the past and nonsense', () => {
    expect(expiryProblem('11/26', now)).toBeNull();
    expect(expiryProblem('12/30', now)).toBeNull();
    expect(expiryProblem('10/26', now)).toBe('expired');
    expect(expiryProblem('13/27', now)).toBe('invalid');
    expect(expiryProblem('00/27', now)).toBe('invalid');
    expect(expiryProblem('1227', now)).toBe('invalid');
    expect(expiryProblem('', now)).toBe('required');
    expect(expiryProblem('12/99', now)).toBe('invalid'); // more than 20 years ahead
  });

  it('wants exactly the brand’s number of CVC digits', () => {
    expect(cvcProblem('123', 3)).toBeNull();
    expect(cvcProblem('12', 3)).toBe('invalid');
    expect(cvcProblem('', 3)).toBe('required');
  });

  it('names each field’s problem as a message key', () => {
    expect(cardFormProblems({ name: ' ', number: '4242', expiry: '10/26', cvc: '1' }, now)).toEqual(
      {
        name: 'nameRequired',
        number: 'numberIncomplete',
        expiry: 'expiryExpired',
        cvc: 'cvcInvalid',
      },
    );
    expect(
      cardFormProblems({ name: 'Ada', number: VISA, expiry: '12/28', cvc: '123' }, now),
    ).toEqual({ name: null, number: null, expiry: null, cvc: null });
  });
});
