/** What a failed billing call tells the learner (spec 8, Subscription). Pure. */

interface ErrorLike {
  status?: number;
  code?: string;
  message?: string;
  data?: Record<string, unknown>;
}

export type CreateProblem =
  | { kind: 'selectPlan' }
  | { kind: 'exists'; planName: string; status: string }
  | { kind: 'message'; text: string }
  | { kind: 'failed' };

const asError = (err: unknown): ErrorLike =>
  err && typeof err === 'object' ? (err as ErrorLike) : {};

/** A detail of the error body, at the top level or under `details`. */
export function detailOf(err: unknown, key: string): string {
  const data = asError(err).data ?? {};
  const nested = data.details && typeof data.details === 'object' ? data.details : {};
  const value = data[key] ?? (nested as Record<string, unknown>)[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/**
 * POST /subscription/create failed: an existing plan names itself (planName, status); a
 * missing plan asks to choose one; otherwise the server's message, or a generic one when the
 * request never got an answer.
 */
export function createProblemOf(err: unknown): CreateProblem {
  const e = asError(err);
  if (e.code === 'SUBSCRIPTION_EXISTS') {
    return { kind: 'exists', planName: detailOf(err, 'planName'), status: detailOf(err, 'status') };
  }
  if (e.code === 'PLAN_REQUIRED') return { kind: 'selectPlan' };
  if (typeof e.status === 'number' && e.status > 0 && e.status !== 401 && e.message) {
    return { kind: 'message', text: e.message };
  }
  return { kind: 'failed' };
}

export type CardField = 'name' | 'number' | 'expiry' | 'cvc';

/**
 * Where a failed payment's message goes and what it says: `key` is a message under
 * demo.errors, `text` the server's own (already in the learner's language).
 */
export type PayProblem =
  | { field: CardField | 'form'; key: string; text?: undefined }
  | { field: CardField | 'form'; key?: undefined; text: string };

const FIELD_NAMES: Record<string, CardField> = {
  number: 'number',
  cardNumber: 'number',
  expiry: 'expiry',
  cvc: 'cvc',
  name: 'name',
};

/**
 * POST …/pay failed: a decline or a rejected field shows at that field (card number, expiry,
 * CVC); an expired checkout or anything else above the pay button.
 */
export function payProblemOf(err: unknown): PayProblem {
  const e = asError(err);
  const field = FIELD_NAMES[detailOf(err, 'field')];
  switch (e.code) {
    case 'CARD_DECLINED':
      return { field: 'number', key: 'declined' };
    case 'CARD_INVALID':
      return { field: field ?? 'number', key: `${field ?? 'number'}Invalid` };
    case 'CARD_BRAND_UNSUPPORTED':
      return { field: 'number', key: 'numberUnsupported' };
    case 'DEMO_TEST_CARD_REQUIRED':
      return { field: 'number', key: 'testCardRequired' };
    case 'CHECKOUT_EXPIRED':
      return { field: 'form', key: 'checkoutExpired' };
  }
  const fields = e.data?.fields;
  if (e.code === 'VALIDATION_FAILED' && fields && typeof fields === 'object') {
    const first = Object.keys(fields)
      .map((k) => FIELD_NAMES[k])
      .find(Boolean);
    if (first) return { field: first, key: first === 'name' ? 'nameRequired' : `${first}Invalid` };
  }
  if (typeof e.status === 'number' && e.status > 0 && e.status < 500 && e.message) {
    return { field: field ?? 'form', text: e.message };
  }
  return { field: 'form', key: 'payFailed' };
}
