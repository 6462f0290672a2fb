import './offline-env';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../src/db';
import {
  readAttempt,
  readMaterial,
  readMaterialList,
  readQuiz,
  readReport,
  saveAttempt,
  saveMaterialList,
  saveQuiz,
  saveReport,
  storedQuizzes,
} from '../../src/db/cache';
import { enqueue, listOutbox } from '../../src/db/outbox';
import { reportUnauthorized } from '../../src/lib/api-client';
import { useAuthStore, type User } from '../../src/stores/auth-store';

// A shared device: what one learner kept offline is gone when they log out, and never shows
// to the next learner who signs in.

const user = (id: string): User => ({
  id,
  email: `${id}@example.com`,
  name: id,
  account_type: 'free',
  subscription_status: 'inactive',
  email_verified: true,
  free_usage_count: 0,
  free_quiz_limitation: 3,
});

async function keepEverything(userId: string) {
  await saveMaterialList(userId, [{ id: `${userId}-m`, data: { title: `${userId} notes` } }], 0);
  await saveQuiz(userId, { id: `${userId}-q`, materialId: `${userId}-m`, data: { title: 'Q' } });
  await saveReport(userId, {
    quizId: `${userId}-q`,
    materialId: `${userId}-m`,
    data: { score: 1 },
  });
  await saveAttempt(userId, {
    quizId: `${userId}-q`,
    materialId: `${userId}-m`,
    drafts: { a: { choice: 'b' } },
    currentIndex: 1,
  });
  await enqueue(
    {
      id: `${userId}-upload`,
      userId,
      kind: 'material-upload',
      method: 'POST',
      url: '/api/v1/materials/upload',
      body: { title: 'x', description: '' },
      clientRequestId: 'r',
      subject: { title: 'x', fileNames: ['a.txt'] },
    },
    [{ name: 'a.txt', type: 'text/plain', lastModified: 1, blob: new Blob(['secret notes']) }],
  );
}

async function rowsOf(userId: string) {
  let count = 0;
  for (const table of db.tables) count += await table.where('userId').equals(userId).count();
  return count;
}

beforeEach(async () => {
  await db.delete();
  await db.open();
  localStorage.clear();
});

describe('logging out', () => {
  it('wipes everything the learner kept on the device, and only theirs', async () => {
    useAuthStore.getState().signIn('token-a', user('alice'));
    await keepEverything('alice');
    await keepEverything('bob'); // another account on the same browser, signed out earlier
    expect(await rowsOf('alice')).toBe(7); // material, list marker, quiz, report, attempt, upload, file

    await useAuthStore.getState().signOut();

    expect(await rowsOf('alice')).toBe(0);
    expect(await db.outboxFiles.where('userId').equals('alice').count()).toBe(0);
    expect(await rowsOf('bob')).toBe(7);
  });

  it('a session that merely expired (401) keeps the outbox for the next sign-in', async () => {
    useAuthStore.getState().signIn('token-a', user('alice'));
    await keepEverything('alice');
    reportUnauthorized();
    expect(useAuthStore.getState().status).toBe('signedOut');
    expect(await rowsOf('alice')).toBe(7);
    expect((await listOutbox('alice')).map((i) => i.id)).toEqual(['alice-upload']);
  });
});

describe('the next learner on the same browser', () => {
  it('sees none of the previous learner’s data', async () => {
    useAuthStore.getState().signIn('token-a', user('alice'));
    await keepEverything('alice');
    // Alice's session expires (no wipe); Bob signs in on the same browser.
    reportUnauthorized();
    useAuthStore.getState().signIn('token-b', user('bob'));

    expect(await readMaterialList('bob')).toEqual({ fetched: false, rows: [] });
    expect(await readMaterial('bob', 'alice-m')).toBeNull();
    expect(await readQuiz('bob', 'alice-q')).toBeNull();
    expect(await readReport('bob', 'alice-q')).toBeNull();
    expect(await readAttempt('bob', 'alice-q')).toBeNull();
    expect([...(await storedQuizzes('bob')).keys()]).toEqual([]);
    expect(await listOutbox('bob')).toEqual([]);
  });
});
