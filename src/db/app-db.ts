import { Dexie, type EntityTable, type Table } from 'dexie';

/**
 * The learner's offline copy (docs/decisions/0013-offline-data-and-sync.md). One database on
 * the device; every row carries the userId of the account it belongs to and every read and wipe
 * goes through that index, so a second account on the same browser never sees the first one's
 * rows. Records from the API are kept as the API answered them (`data`); features parse them
 * on read, so this layer never needs to know a feature's types.
 */
export type ApiRecord = Record<string, unknown>;

/** A material as GET /materials (list) or GET /materials/{id} (detail) answered it. */
export interface MaterialRow {
  userId: string;
  id: string;
  createdAt: string;
  data: ApiRecord;
  /** When this copy was written (ms): a list answer started earlier must not delete it. */
  fetchedAt: number;
}

/** GET /quiz/{id}: the questions without their key, and the server's saved progress. */
export interface QuizRow {
  userId: string;
  id: string;
  materialId: string;
  data: ApiRecord;
  fetchedAt: number;
}

/** The attempt in progress on this device, written on every answer change. */
export interface AttemptRow {
  userId: string;
  quizId: string;
  materialId: string;
  /** What the learner picked, per question id (the quiz feature's draft shape). */
  drafts: Record<string, unknown>;
  currentIndex: number;
  updatedAt: number;
}

/** The latest report of a quiz (GET /quiz/{id}/report or the submit's answer). */
export interface ReportRow {
  userId: string;
  quizId: string;
  materialId: string;
  data: ApiRecord;
  fetchedAt: number;
}

/** Small per-user facts, e.g. when the material list was last fetched. */
export interface MetaRow {
  userId: string;
  key: string;
  value: unknown;
}

export type OutboxKind =
  | 'quiz-submit'
  | 'quiz-progress'
  | 'material-upload'
  | 'review-answer'
  | 'review-rating'
  | 'quiz-generate'
  | 'flashcard-still-learning';
export type OutboxStatus = 'queued' | 'failed';

export interface OutboxError {
  /** HTTP status, or 0 for a network error. */
  status: number;
  code?: string;
  /** The values of the code's message: the panel says it in the language of the moment. */
  params?: Record<string, string | number>;
  message: string;
}

/** What a queued mutation is about, for the outbox panel and the pending cards. */
export interface OutboxSubject {
  quizId?: string;
  materialId?: string;
  title?: string;
  description?: string;
  fileNames?: string[];
  bytes?: number;
  /** A queued quiz generation: the name of the material it is made from. */
  materialName?: string;
}

/** A mutation waiting for the network, sent in `seq` order. */
export interface OutboxRow {
  seq?: number;
  id: string;
  userId: string;
  kind: OutboxKind;
  method: 'POST' | 'PUT';
  url: string;
  /** JSON body; an upload's fields (its files are rows of outboxFiles). */
  body: ApiRecord | null;
  /** Sent with the request so a retry is the same request (clientSubmissionId for a submit). */
  clientRequestId: string;
  attempts: number;
  nextAttemptAt: number;
  lastError: OutboxError | null;
  status: OutboxStatus;
  createdAt: number;
  subject: OutboxSubject;
}

/** One file of a queued upload, kept as a Blob until it is sent. */
export interface OutboxFileRow {
  outboxId: string;
  index: number;
  userId: string;
  name: string;
  type: string;
  lastModified: number;
  size: number;
  blob: Blob;
}

/**
 * A review card of today's queue (GET /review/due → one of `cards`), kept so review works
 * offline. `due` is the server's; the device never moves it on its own (decision 0017).
 */
export interface ReviewCardRow {
  userId: string;
  cardId: string;
  /** ISO due date, as the server last said (a synced answer's `nextDue`). */
  due: string;
  /** The card as the API answered it (question without its key, titles, state). */
  data: ApiRecord;
  /** Concept filters (trimmed, NFC, lowercase) this card was listed under, for offline review. */
  concepts: string[];
  /** The clientReviewId of an answer given on this device and not yet synced: out of the queue. */
  pendingReviewId: string | null;
  fetchedAt: number;
}

/** A review answer given on this device: queued for the server, or with the server's result. */
export interface ReviewAnswerRow {
  userId: string;
  clientReviewId: string;
  cardId: string;
  /** The SubmittedAnswer sent. */
  answer: ApiRecord;
  /** How the learner's answer reads (option text, blanks, typed text), shown before sync. */
  answerText: string;
  answeredAt: number;
  status: 'queued' | 'done';
  /** POST /review/{cardId}/answer → data, once the server has it. */
  result: ApiRecord | null;
}

/** Version 1 kept an upload's files inside its outbox row; version 2 moved them out. */
export interface OutboxRowV1 extends OutboxRow {
  files?: Array<Omit<OutboxFileRow, 'outboxId' | 'index' | 'userId'>>;
}

export const DB_NAME = 'mnemo';

/** Version 1 stores. Kept as written: Dexie needs every version to upgrade an old database. */
export const SCHEMA_V1 = {
  materials: '[userId+id], userId',
  quizzes: '[userId+id], userId, [userId+materialId]',
  attempts: '[userId+quizId], userId',
  reports: '[userId+quizId], userId',
  outbox: '++seq, &id, userId, [userId+status]',
  meta: '[userId+key], userId',
} as const;

/**
 * Version 2: upload blobs live in their own store, so the outbox panel's live query (which
 * reads every outbox row) no longer pulls megabytes of files into memory on each change.
 */
export const SCHEMA_V2 = {
  ...SCHEMA_V1,
  outbox: '++seq, &id, userId, [userId+status], [userId+kind]',
  outboxFiles: '[outboxId+index], outboxId, userId',
} as const;

/** Version 3: review cards and the answers given to them on this device (issue 8). */
export const SCHEMA_V3 = {
  ...SCHEMA_V2,
  reviewCards: '[userId+cardId], userId',
  reviewAnswers: '[userId+clientReviewId], userId, [userId+cardId]',
} as const;

export class AppDB extends Dexie {
  materials!: Table<MaterialRow, [string, string]>;
  quizzes!: Table<QuizRow, [string, string]>;
  attempts!: Table<AttemptRow, [string, string]>;
  reports!: Table<ReportRow, [string, string]>;
  outbox!: EntityTable<OutboxRow, 'seq'>;
  outboxFiles!: Table<OutboxFileRow, [string, number]>;
  meta!: Table<MetaRow, [string, string]>;
  reviewCards!: Table<ReviewCardRow, [string, string]>;
  reviewAnswers!: Table<ReviewAnswerRow, [string, string]>;

  constructor(name = DB_NAME) {
    super(name);
    this.version(1).stores(SCHEMA_V1);
    this.version(2)
      .stores(SCHEMA_V2)
      .upgrade(async (tx) => {
        const outbox = tx.table<OutboxRowV1, number>('outbox');
        const files = tx.table<OutboxFileRow>('outboxFiles');
        for (const row of await outbox.toArray()) {
          const { files: inline, ...rest } = row;
          if (!inline) continue;
          await files.bulkPut(
            inline.map((f, index) => ({ ...f, outboxId: row.id, index, userId: row.userId })),
          );
          await outbox.put(rest);
        }
      });
    this.version(3).stores(SCHEMA_V3);
  }
}
