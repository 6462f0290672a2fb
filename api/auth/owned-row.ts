import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Db } from '../db/database.js';
import { AppError } from '../lib/errors.js';

/*
 * One authorization rule for every learner-owned row (issue 21, after Outline's `authorize`):
 * a row is the learner's when its user_id is theirs. Anyone else's row answers exactly as a
 * row that does not exist — NOT_FOUND, never FORBIDDEN — so an id never tells whether another
 * learner has it.
 */

/** The tables whose rows belong to one learner: they have an `id` and a `user_id`. */
export type OwnedTable = {
  [T in keyof Database]: Selectable<Database[T]> extends { id: string; user_id: string }
    ? T
    : never;
}[keyof Database];

export type OwnedRow<T extends OwnedTable> = Selectable<Database[T]>;

/** A view of the database where every owned table has the two columns the rule reads. */
type OwnedDb = Kysely<Record<OwnedTable, { id: string; user_id: string }>>;

/**
 * The row `id` of `table` if it belongs to `userId`, with all its columns or only `columns`;
 * otherwise AppError NOT_FOUND. Works inside a transaction (pass the transaction as `db`).
 */
export async function findOwned<T extends OwnedTable>(
  db: Db,
  table: T,
  userId: string,
  id: string,
): Promise<OwnedRow<T>>;
export async function findOwned<T extends OwnedTable, C extends keyof OwnedRow<T> & string>(
  db: Db,
  table: T,
  userId: string,
  id: string,
  columns: readonly C[],
): Promise<Pick<OwnedRow<T>, C>>;
export async function findOwned(
  db: Db,
  table: OwnedTable,
  userId: string,
  id: string,
  columns?: readonly string[],
): Promise<unknown> {
  const query = (db as unknown as OwnedDb)
    .selectFrom(table)
    .where('id', '=', id)
    .where('user_id', '=', userId);
  const row = await (
    columns ? query.select(columns as unknown as Array<'id'>) : query.selectAll()
  ).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}
