import './offline-env';
import { describe, expect, it } from 'vitest';
import {
  loadOutboxKindsWith,
  outboxKind,
  outboxKindsReady,
} from '../../src/lib/offline/outbox-kinds';

// The app gives the outbox a loader for the features' handlers (src/boot.tsx), so the first
// load of a page does not carry them and the device store; the first delivery loads them.

describe('outbox kinds loaded when first needed', () => {
  it('loads the handlers once, before the first delivery, and retries a failed load', async () => {
    let calls = 0;
    let fail = true;
    loadOutboxKindsWith(async () => {
      calls += 1;
      if (fail) throw new Error('chunk missing');
      return (await import('../../src/app/outbox-kinds')).featureOutboxKinds;
    });
    expect(calls).toBe(0);
    expect(outboxKind('quiz-submit').store).toBeUndefined();

    await expect(outboxKindsReady()).rejects.toThrow('chunk missing');
    expect(outboxKind('quiz-submit').store).toBeUndefined();

    fail = false;
    await Promise.all([outboxKindsReady(), outboxKindsReady()]);
    expect(calls).toBe(2);
    expect(outboxKind('quiz-submit').store).toBeTypeOf('function');
    expect(outboxKind('material-upload').encode).toBeTypeOf('function');
    expect(outboxKind('review-answer').store).toBeTypeOf('function');

    await outboxKindsReady();
    expect(calls).toBe(2);
  });
});
