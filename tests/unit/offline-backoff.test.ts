import { describe, expect, it } from 'vitest';
import {
  BACKOFF_BASE_MS,
  BACKOFF_CAP_MS,
  backoffDelay,
  verdictOf,
  type SendResult,
} from '../../src/lib/offline/policy';
import { itemState } from '../../src/features/offline/lib/item-state';
import type { OutboxRow } from '../../src/db/app-db';

// How long a failed change waits before the next try, and which answers are worth a retry.

describe('backoff schedule', () => {
  const low = (a: number) => backoffDelay(a, () => 0);
  const high = (a: number) => backoffDelay(a, () => 0.999999);

  it('doubles from 2 s, half fixed and half jitter', () => {
    expect([1, 2, 3, 4, 5].map(high)).toEqual([2000, 4000, 8000, 16000, 32000]);
    expect([1, 2, 3, 4, 5].map(low)).toEqual([1000, 2000, 4000, 8000, 16000]);
  });

  it('stops growing at five minutes', () => {
    expect(high(9)).toBe(BACKOFF_CAP_MS);
    expect(high(50)).toBe(BACKOFF_CAP_MS);
    expect(low(50)).toBe(BACKOFF_CAP_MS / 2);
    expect(high(1000)).toBe(BACKOFF_CAP_MS); // no overflow to Infinity
  });

  it('spreads devices out: random waits stay within the attempt’s window', () => {
    for (let attempt = 1; attempt <= 12; attempt++) {
      const exp = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1));
      for (let i = 0; i < 50; i++) {
        const wait = backoffDelay(attempt);
        expect(wait).toBeGreaterThanOrEqual(exp / 2);
        expect(wait).toBeLessThanOrEqual(exp);
      }
    }
    const samples = new Set(Array.from({ length: 20 }, () => backoffDelay(6)));
    expect(samples.size).toBeGreaterThan(1);
  });
});

describe('what an answer means', () => {
  const answer = (status: number): SendResult => ({ kind: 'response', status, body: {} });
  it.each([
    [200, 'delivered'],
    [201, 'delivered'],
    [400, 'failed'],
    [402, 'failed'],
    [404, 'failed'],
    [409, 'failed'],
    [413, 'failed'],
    [422, 'failed'],
    [401, 'signed-out'],
    [403, 'signed-out'],
    [408, 'retry'],
    [429, 'retry'],
    [500, 'retry'],
    [502, 'retry'],
    [503, 'retry'],
  ] as const)('%i → %s', (status, verdict) => {
    expect(verdictOf(answer(status))).toBe(verdict);
  });

  it('no answer at all → retry', () => {
    expect(verdictOf({ kind: 'network', message: 'Failed to fetch' })).toBe('retry');
  });
});

describe('how the panel words an item', () => {
  const item = (over: Partial<OutboxRow>): OutboxRow => ({
    id: 'i',
    userId: 'u',
    kind: 'quiz-submit',
    method: 'POST',
    url: '/x',
    body: null,
    clientRequestId: 'c',
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    status: 'queued',
    createdAt: 0,
    subject: {},
    ...over,
  });
  it('tells waiting, retrying, waiting for sign-in and refused apart', () => {
    expect(itemState(item({}), 100)).toBe('queued');
    expect(itemState(item({ attempts: 2, nextAttemptAt: 500 }), 100)).toBe('retrying');
    expect(itemState(item({ attempts: 2, nextAttemptAt: 50 }), 100)).toBe('queued');
    expect(itemState(item({ lastError: { status: 401, message: '' } }), 100)).toBe('signedOut');
    expect(itemState(item({ status: 'failed' }), 100)).toBe('failed');
  });
});
