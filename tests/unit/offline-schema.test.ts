import './offline-env';
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { AppDB, SCHEMA_V1, SCHEMA_V2, type OutboxRowV1 } from '../../src/db/app-db';

// A learner who used the previous version has data on the device; the new version must open
// that database, upgrade it, and keep every row.

const NAME = 'mnemo-upgrade-test';
afterEach(() => Dexie.delete(NAME));

describe('schema upgrade', () => {
  it('opens a version-1 database at the current version with its data kept', async () => {
    const old = new Dexie(NAME);
    old.version(1).stores(SCHEMA_V1);
    await old.open();
    const blob = new Blob(['Mitochondria are the powerhouse of the cell.'], { type: 'text/plain' });
    const upload: OutboxRowV1 = {
      id: 'up-1',
      userId: 'u1',
      kind: 'material-upload',
      method: 'POST',
      url: '/api/v1/materials/upload',
      body: { title: 'Biology', description: '' },
      clientRequestId: 'r1',
      attempts: 2,
      nextAttemptAt: 10,
      lastError: { status: 0, message: 'Failed to fetch' },
      status: 'queued',
      createdAt: 5,
      subject: { title: 'Biology', fileNames: ['cells.txt'] },
      files: [{ name: 'cells.txt', type: 'text/plain', lastModified: 1, size: blob.size, blob }],
    };
    await old.table('outbox').add(upload);
    await old.table('materials').put({
      userId: 'u1',
      id: 'm1',
      createdAt: '2026-01-01',
      data: { id: 'm1', title: 'Biology' },
      fetchedAt: 1,
    });
    await old.table('quizzes').put({
      userId: 'u1',
      id: 'q1',
      materialId: 'm1',
      data: { quizId: 'q1', questions: [{ id: 'x', type: 'true_false', question: '?' }] },
      fetchedAt: 1,
    });
    await old.table('attempts').put({
      userId: 'u1',
      quizId: 'q1',
      materialId: 'm1',
      drafts: { x: { choice: 'true' } },
      currentIndex: 0,
      updatedAt: 1,
    });
    await old.table('reports').put({
      userId: 'u1',
      quizId: 'q1',
      materialId: 'm1',
      data: { score: 90 },
      fetchedAt: 1,
    });
    await old.table('meta').put({ userId: 'u1', key: 'materials-list-fetched', value: 1 });
    old.close();

    const db = new AppDB(NAME);
    await db.open();
    expect(db.verno).toBe(3);
    expect(await db.materials.get(['u1', 'm1'])).toMatchObject({ data: { title: 'Biology' } });
    expect(await db.quizzes.get(['u1', 'q1'])).toMatchObject({ materialId: 'm1' });
    expect(await db.attempts.get(['u1', 'q1'])).toMatchObject({
      drafts: { x: { choice: 'true' } },
    });
    expect(await db.reports.get(['u1', 'q1'])).toMatchObject({ data: { score: 90 } });
    expect(await db.meta.count()).toBe(1);

    // The queued upload is still there, in place, with its file moved to its own store.
    const [row] = await db.outbox.toArray();
    const { files: _files, ...withoutFiles } = upload;
    expect(row).toEqual({ ...withoutFiles, seq: 1 });
    expect(row).not.toHaveProperty('files');
    const files = await db.outboxFiles.where('outboxId').equals('up-1').toArray();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ name: 'cells.txt', index: 0, userId: 'u1', size: blob.size });
    expect(await files[0]!.blob.text()).toBe('Mitochondria are the powerhouse of the cell.');
    // The index the new version added answers.
    expect(await db.outbox.where('[userId+kind]').equals(['u1', 'material-upload']).count()).toBe(
      1,
    );
    db.close();
  });

  it('opens a version-2 database with a queued submission at version 3, review stores added', async () => {
    const old = new Dexie(NAME);
    old.version(1).stores(SCHEMA_V1);
    old.version(2).stores(SCHEMA_V2);
    await old.open();
    await old.table('outbox').add({
      id: 'sub-1',
      userId: 'u1',
      kind: 'quiz-submit',
      method: 'POST',
      url: '/api/v1/quiz/q1/submit',
      body: { answers: [{ questionId: 'x', answer: 'true' }], clientSubmissionId: 's1' },
      clientRequestId: 's1',
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
      status: 'queued',
      createdAt: 5,
      subject: { quizId: 'q1', materialId: 'm1', title: '光合作用' },
    });
    await old.table('quizzes').put({
      userId: 'u1',
      id: 'q1',
      materialId: 'm1',
      data: { quizId: 'q1', title: '光合作用' },
      fetchedAt: 1,
    });
    await old.table('meta').put({ userId: 'u1', key: 'materials-list-fetched', value: 1 });
    old.close();

    const db = new AppDB(NAME);
    await db.open();
    expect(db.verno).toBe(3);
    expect(await db.outbox.where('[userId+kind]').equals(['u1', 'quiz-submit']).toArray()).toEqual([
      expect.objectContaining({
        id: 'sub-1',
        seq: 1,
        subject: expect.objectContaining({ title: '光合作用' }),
      }),
    ]);
    expect(await db.quizzes.get(['u1', 'q1'])).toMatchObject({ data: { title: '光合作用' } });
    expect(await db.meta.count()).toBe(1);
    // The new stores are there, empty, and answer their indexes.
    expect(await db.reviewCards.where('userId').equals('u1').count()).toBe(0);
    expect(await db.reviewAnswers.where('[userId+cardId]').equals(['u1', 'c1']).count()).toBe(0);
    db.close();
  });
});
