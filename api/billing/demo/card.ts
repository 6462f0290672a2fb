import cardValidator from 'card-validator';
import { AppError } from '../../lib/errors.js';

/** The test numbers of docs/api/billing.md: these succeed… */
export const TEST_CARDS: Readonly<Record<string, string>> = {
  '4242424242424242': 'visa',
  '5555555555554444': 'mastercard',
  '3530111333300000': 'jcb',
};
/** …and this one is declined. */
export const DECLINED_CARDS: ReadonlySet<string> = new Set(['4000000000000002']);

/** Spec §1: Visa, Mastercard and JCB (card-validator's type names). */
const ACCEPTED_BRANDS: ReadonlySet<string> = new Set(['visa', 'mastercard', 'jcb']);
const MAX_YEARS_AHEAD = 20;

export interface CardInput {
  cardNumber: string;
  /** MM/YY (MM/YYYY is accepted too). */
  expiry: string;
  cvc: string;
}

export interface CheckedCard {
  brand: string;
  last4: string;
  outcome: 'succeed' | 'decline';
}

const invalid = (field: 'number' | 'expiry' | 'cvc') =>
  new AppError('CARD_INVALID', { details: { field } });

/** Valid through the last day of the month printed on the card (UTC). */
function checkExpiry(expiry: string, now: Date) {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!m) throw invalid('expiry');
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) throw invalid('expiry');
  const firstDayAfter = Date.UTC(year, month, 1);
  if (now.getTime() >= firstDayAfter || year > now.getUTCFullYear() + MAX_YEARS_AHEAD) {
    throw invalid('expiry');
  }
}

/**
 * The demo checkout's card checks, as a card form's server side would make them: number
 * (brand, length, Luhn), expiry (in the future by `now`), a 3-digit CVC. Only the documented
 * test numbers are taken; any other valid number is refused, so no real card is ever used.
 */
export function checkCard(input: CardInput, now: Date): CheckedCard {
  const number = input.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number)) throw invalid('number');
  const verdict = cardValidator.number(number);
  const brand = verdict.card?.type;
  if (brand && !ACCEPTED_BRANDS.has(brand)) {
    throw new AppError('CARD_BRAND_UNSUPPORTED', {
      details: { field: 'number', brand: verdict.card?.niceType ?? brand },
    });
  }
  if (!brand || !verdict.isValid) throw invalid('number');
  checkExpiry(input.expiry, now);
  if (!cardValidator.cvv(input.cvc.trim(), 3).isValid) throw invalid('cvc');
  const last4 = number.slice(-4);
  if (DECLINED_CARDS.has(number)) return { brand, last4, outcome: 'decline' };
  if (!TEST_CARDS[number]) {
    throw new AppError('DEMO_TEST_CARD_REQUIRED', { details: { field: 'number' } });
  }
  return { brand, last4, outcome: 'succeed' };
}
