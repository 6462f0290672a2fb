import cardValidator from 'card-validator';
import luhn10 from 'card-validator/dist/luhn-10';
import { SUPPORTED_BRANDS, type CardBrand } from './constants';
import type { CardField } from './errors';

/** Card-form helpers for the demo checkout. Pure: brand and Luhn come from card-validator. */

const MAX_DIGITS = 19;
const DEFAULT_GAPS = [4, 8, 12];

export const digitsOf = (value: string) => value.replace(/\D/g, '');

export interface BrandInfo {
  /** A supported brand, 'other' for a brand the checkout does not take, null while unknown. */
  brand: CardBrand | 'other' | null;
  gaps: number[];
  lengths: number[];
  cvcSize: number;
}

const isSupported = (type: string): type is CardBrand =>
  (SUPPORTED_BRANDS as readonly string[]).includes(type);

/** The brand of the digits typed so far (e.g. "42" is already Visa, "35" JCB). */
export function detectBrand(digits: string): BrandInfo {
  const card = digits ? cardValidator.number(digits).card : null;
  if (!card) return { brand: null, gaps: DEFAULT_GAPS, lengths: [16], cvcSize: 3 };
  return {
    brand: isSupported(card.type) ? card.type : 'other',
    gaps: card.gaps,
    lengths: card.lengths,
    cvcSize: card.code.size,
  };
}

/** "4242424242424242" → "4242 4242 4242 4242", grouped by the brand's gaps, cut at its longest length. */
export function formatCardNumber(value: string): string {
  const { gaps, lengths } = detectBrand(digitsOf(value));
  const digits = digitsOf(value).slice(0, Math.min(MAX_DIGITS, Math.max(...lengths)));
  // Fours all the way: 17–19 digit Visa and JCB numbers get a fifth group.
  const groups = gaps.join() === '4,8,12' ? [...gaps, 16] : gaps;
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (groups.includes(i)) out += ' ';
    out += digits[i];
  }
  return out;
}

/** Where the caret goes in the formatted text so that `digitsBefore` digits stay before it. */
export function caretFor(formatted: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i] as string)) seen++;
    if (seen === digitsBefore) return i + 1;
  }
  return formatted.length;
}

/** The Luhn (mod 10) checksum of the digits, by card-validator. */
export const passesLuhn = (digits: string): boolean => /^\d{2,}$/.test(digits) && luhn10(digits);

export type CardNumberProblem = 'required' | 'unsupported' | 'incomplete' | 'invalid';

/** Why the card number cannot be sent yet, or null. */
export function cardNumberProblem(value: string): CardNumberProblem | null {
  const digits = digitsOf(value);
  if (!digits) return 'required';
  const info = detectBrand(digits);
  if (info.brand === 'other') return 'unsupported';
  if (info.brand === null) return digits.length < 12 ? 'incomplete' : 'unsupported';
  if (digits.length < Math.min(...info.lengths)) return 'incomplete';
  if (!info.lengths.includes(digits.length)) return 'incomplete';
  return passesLuhn(digits) ? null : 'invalid';
}

/** Typing "1225" gives "12/25"; "4" stays "4" so backspace over the slash works. */
export function formatExpiry(value: string): string {
  let digits = digitsOf(value).slice(0, 4);
  // A first digit 2–9 can only be a single-digit month.
  if (/^[2-9]/.test(digits)) digits = `0${digits}`.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export type ExpiryProblem = 'required' | 'invalid' | 'expired';

/** MM/YY must be a real month, not before this month, and at most 20 years ahead. */
export function expiryProblem(value: string, now: Date): ExpiryProblem | null {
  if (!value.trim()) return 'required';
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.trim());
  if (!m) return 'invalid';
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return 'invalid';
  const thisMonth = now.getFullYear() * 12 + now.getMonth();
  const cardMonth = year * 12 + month - 1;
  if (cardMonth < thisMonth) return 'expired';
  if (cardMonth > thisMonth + 20 * 12) return 'invalid';
  return null;
}

export type CvcProblem = 'required' | 'invalid';

/** The security code has exactly the brand's number of digits (3 for Visa, Mastercard, JCB). */
export function cvcProblem(value: string, size: number): CvcProblem | null {
  if (!value) return 'required';
  return cardValidator.cvv(value, size).isValid ? null : 'invalid';
}

/**
 * One edit of the card-number input: the new grouped value and where the caret goes. A
 * backspace that only removed a group space removes the digit before it instead, so the
 * caret never sticks at a gap.
 */
export function editCardNumber(
  previous: string,
  raw: string,
  caret: number,
  inputType: string,
): { value: string; caret: number } {
  let digits = digitsOf(raw);
  let before = digitsOf(raw.slice(0, caret)).length;
  if (inputType === 'deleteContentBackward' && digits === digitsOf(previous) && before > 0) {
    digits = digits.slice(0, before - 1) + digits.slice(before);
    before -= 1;
  }
  const value = formatCardNumber(digits);
  return { value, caret: caretFor(value, Math.min(before, digitsOf(value).length)) };
}

export interface CardValues {
  name: string;
  number: string;
  expiry: string;
  cvc: string;
}

/** The form's fields in screen order (focus goes to the first with a problem). */
export const CARD_FIELDS: readonly CardField[] = ['name', 'number', 'expiry', 'cvc'];

const code = (prefix: string, problem: string | null) =>
  problem ? `${prefix}${problem[0]?.toUpperCase()}${problem.slice(1)}` : null;

/**
 * Each field's message key under demo.errors (e.g. "numberInvalid"), or null when the field
 * is fine; the CVC length follows the detected brand.
 */
export function cardFormProblems(values: CardValues, now: Date): Record<CardField, string | null> {
  const { cvcSize } = detectBrand(digitsOf(values.number));
  return {
    name: values.name.trim() ? null : 'nameRequired',
    number: code('number', cardNumberProblem(values.number)),
    expiry: code('expiry', expiryProblem(values.expiry, now)),
    cvc: code('cvc', cvcProblem(values.cvc, cvcSize)),
  };
}
