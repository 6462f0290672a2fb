import { describe, expect, it } from 'vitest';
import { createProblemOf, payProblemOf } from '../../src/features/billing/lib/errors';

// Error bodies as the API sends them: details spread at the top level (api/app.ts errorBody).
const apiError = (status: number, code: string, extra: Record<string, unknown> = {}) => ({
  status,
  code,
  message: `server says ${code}`,
  data: { success: false, code, ...extra },
});

describe('subscribe errors', () => {
  it('an existing plan is named with its status', () => {
    expect(
      createProblemOf(
        apiError(409, 'SUBSCRIPTION_EXISTS', { planName: 'Monthly', status: 'active' }),
      ),
    ).toEqual({ kind: 'exists', planName: 'Monthly', status: 'active' });
    expect(
      createProblemOf(
        apiError(409, 'SUBSCRIPTION_EXISTS', {
          details: { planName: '月訂閱', status: 'incomplete' },
        }),
      ),
    ).toEqual({ kind: 'exists', planName: '月訂閱', status: 'incomplete' });
  });

  it('a missing plan asks to select one; others show the server message or a generic one', () => {
    expect(createProblemOf(apiError(400, 'PLAN_REQUIRED'))).toEqual({ kind: 'selectPlan' });
    expect(createProblemOf(apiError(400, 'PLAN_NOT_AVAILABLE'))).toEqual({
      kind: 'message',
      text: 'server says PLAN_NOT_AVAILABLE',
    });
    expect(createProblemOf(new TypeError('Failed to fetch'))).toEqual({ kind: 'failed' });
  });
});

describe('card payment errors', () => {
  it('a decline goes to the card number', () => {
    expect(payProblemOf(apiError(402, 'CARD_DECLINED'))).toEqual({
      field: 'number',
      key: 'declined',
    });
  });

  it('a rejected field goes to that field', () => {
    expect(payProblemOf(apiError(400, 'CARD_INVALID', { field: 'expiry' }))).toEqual({
      field: 'expiry',
      key: 'expiryInvalid',
    });
    expect(payProblemOf(apiError(400, 'CARD_INVALID', { field: 'cvc' }))).toEqual({
      field: 'cvc',
      key: 'cvcInvalid',
    });
    expect(payProblemOf(apiError(400, 'CARD_INVALID', { field: 'number' }))).toEqual({
      field: 'number',
      key: 'numberInvalid',
    });
    expect(payProblemOf(apiError(400, 'DEMO_TEST_CARD_REQUIRED', { field: 'number' }))).toEqual({
      field: 'number',
      key: 'testCardRequired',
    });
  });

  it('an expired checkout or an unknown failure shows above the button', () => {
    expect(payProblemOf(apiError(410, 'CHECKOUT_EXPIRED'))).toEqual({
      field: 'form',
      key: 'checkoutExpired',
    });
    expect(payProblemOf(apiError(500, 'INTERNAL'))).toEqual({ field: 'form', key: 'payFailed' });
  });
});
