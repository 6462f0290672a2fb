import { setOnline } from './offline-env';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../src/db';
import { readMaterialList, saveMaterialList, saveQuiz } from '../../src/db/cache';
import { listOutbox } from '../../src/db/outbox';
import { isQuotaError, useStorageStatus } from '../../src/db/storage-status';
import { prefetchQuizzes } from '../../src/lib/offline/prefetch';
import { OfflineStorageError, queueUpload } from '../../src/features/materials/api/queue-upload';
import { fitsOnDevice, UPLOAD_QUEUE_CAP_BYTES } from '../../src/lib/offline/quota';
import { useAuthStore } from '../../src/stores/auth-store';

// A full device is a message, not a crash; and the quizzes of the newest materials are fetched
// ahead, a few at a time, for offline use.

const USER = 'learner-1';
const MB = 1024 * 1024;
const file = (name: string, bytes: number) =>
  new File([new Uint8Array(bytes)], name, { type: 'text/plain', lastModified: 1 });
const quotaError = () =>
  Object.assign(new Error('The quota has been exceeded.'), {
    name: 'QuotaExceededError',
  });

beforeEach(async () => {
  await db.delete();
  await db.open();
  setOnline(false); // queued items stay queued: no flush goes out in these tests
  useStorageStatus.setState({ problem: null });
  useAuthStore.setState({ status: 'signedIn', user: { id: USER } as never });
});
afterEach(() => vi.restoreAllMocks());

describe('room for an upload kept offline', () => {
  it('allows up to the cap, and no more than the browser has', () => {
    expect(fitsOnDevice(10 * MB, 0, { usage: 0, quota: 1000 * MB })).toBe('ok');
    expect(fitsOnDevice(30 * MB, 80 * MB, { usage: 0, quota: 1000 * MB })).toBe('cap');
    expect(fitsOnDevice(UPLOAD_QUEUE_CAP_BYTES, 0, undefined)).toBe('ok');
    expect(fitsOnDevice(20 * MB, 0, { usage: 90 * MB, quota: 100 * MB })).toBe('quota');
    expect(fitsOnDevice(1 * MB, 0, {})).toBe('ok'); // no estimate: the write itself will tell
  });

  it('keeps the files as Blobs when they fit', async () => {
    await queueUpload(USER, { title: 'Notes', description: '', files: [file('a.txt', 2048)] });
    const [item] = await listOutbox(USER);
    expect(item).toMatchObject({ kind: 'material-upload', subject: { fileNames: ['a.txt'] } });
    const [stored] = await db.outboxFiles.where('outboxId').equals(item!.id).toArray();
    expect(stored!.blob.size).toBe(2048);
  });

  it('delivers under the online try’s Idempotency-Key, so a stored-but-unanswered upload is not made twice', async () => {
    await queueUpload(USER, {
      title: 'Cut off',
      description: '',
      files: [file('a.txt', 10)],
      idempotencyKey: 'upload-key-1',
    });
    const [item] = await listOutbox(USER);
    expect(item!.clientRequestId).toBe('upload-key-1');
  });

  it('says "cap" past the cap without writing anything', async () => {
    const big = file('big.pdf', UPLOAD_QUEUE_CAP_BYTES + 1);
    await expect(
      queueUpload(USER, { title: 'Big', description: '', files: [big] }),
    ).rejects.toMatchObject({ reason: 'cap' });
    expect(await listOutbox(USER)).toEqual([]);
  });

  it('turns the browser’s QuotaExceededError into a clear reason', async () => {
    vi.spyOn(db.outboxFiles, 'bulkAdd').mockRejectedValue(quotaError());
    const err = await queueUpload(USER, {
      title: 'Notes',
      description: '',
      files: [file('a.txt', 10)],
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OfflineStorageError);
    expect((err as OfflineStorageError).reason).toBe('quota');
    expect(await listOutbox(USER)).toEqual([]); // the transaction left nothing half-written
  });
});

describe('write-through when the device is full', () => {
  it('does not fail the page; the problem becomes state', async () => {
    vi.spyOn(db.materials, 'bulkPut').mockRejectedValue(quotaError());
    await expect(saveMaterialList(USER, [{ id: 'm', data: {} }], 0)).resolves.toBeUndefined();
    expect(useStorageStatus.getState().problem).toBe('quota');
    expect(await readMaterialList(USER)).toEqual({ fetched: false, rows: [] });
  });

  it('recognises quota errors however they are wrapped', () => {
    expect(isQuotaError(quotaError())).toBe(true);
    expect(isQuotaError({ name: 'AbortError', inner: quotaError() })).toBe(true);
    expect(isQuotaError(new TypeError('x'))).toBe(false);
  });
});

describe('prefetching quizzes for offline use', () => {
  const targets = ['q1', 'q2', 'q3', 'q4'].map((quizId) => ({ quizId, materialId: 'm' }));

  it('fetches the ones not stored (or stale), one at a time, and stores them', async () => {
    setOnline(true);
    const now = Date.now();
    await saveQuiz(USER, { id: 'q2', materialId: 'm', data: { title: 'fresh' } });
    let inFlight = 0;
    let most = 0;
    const fetchQuiz = vi.fn(async (id: string) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      return { success: true, data: { quizId: id, questions: [] } };
    });
    const stored = await prefetchQuizzes(USER, targets, {
      fetchQuiz,
      gapMs: 1,
      delayMs: 0,
      now: () => now,
    });
    expect(stored).toBe(3);
    expect(fetchQuiz.mock.calls.map((c) => c[0])).toEqual(['q1', 'q3', 'q4']);
    expect(most).toBe(1);
    const row = await db.quizzes.get([USER, 'q3']);
    expect(row).toMatchObject({ materialId: 'm', data: { quizId: 'q3', questions: [] } });
  });

  it('stops at the first network error and when the learner has gone', async () => {
    setOnline(true);
    const down = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await prefetchQuizzes(USER, targets, { fetchQuiz: down, gapMs: 0, delayMs: 0 })).toBe(0);
    expect(down).toHaveBeenCalledTimes(1);

    let current = true;
    const fetchQuiz = vi.fn(async (id: string) => {
      current = false; // signed out while this answer was on its way
      return { data: { quizId: id } };
    });
    const stored = await prefetchQuizzes(USER, targets, {
      fetchQuiz,
      gapMs: 0,
      delayMs: 0,
      isCurrent: () => current,
    });
    expect(stored).toBe(0);
    expect(await db.quizzes.count()).toBe(0);
  });

  it('does nothing offline', async () => {
    const fetchQuiz = vi.fn();
    expect(await prefetchQuizzes(USER, targets, { fetchQuiz, delayMs: 0 })).toBe(0);
    expect(fetchQuiz).not.toHaveBeenCalled();
  });
});
