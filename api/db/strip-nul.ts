import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryResult,
  TransactionSettings,
} from 'kysely';

/*
 * PostgreSQL cannot store U+0000 in text ("invalid byte sequence"), and SQLite would keep it
 * and hand it to the next reader. A NUL in a title, a file name or an extracted document is
 * never meaningful, so every string bound into a query loses it, on both databases alike —
 * hostile input is stored as the rest of its text instead of failing with a 500.
 *
 * Done on the compiled query's parameters, where the driver receives them: a look at each
 * bound value, and a copy only when one has a NUL. (A Kysely plugin did it on the query's
 * tree, which meant copying the whole tree of every statement — a real share of a small
 * request, and of a 20-row insert or update.)
 */

const hasNul = (v: unknown) => typeof v === 'string' && v.includes('\0');

/** The query as it is, or with NULs taken out of its string parameters. */
export function withoutNul<R>(query: CompiledQuery<R>): CompiledQuery<R> {
  if (!query.parameters.some(hasNul)) return query;
  const parameters = query.parameters.map((v) =>
    hasNul(v) ? (v as string).replaceAll('\0', '') : v,
  );
  return { ...query, parameters };
}

const STRIPPING = Symbol('mnemo.stripNul');
type Marked = DatabaseConnection & { [STRIPPING]?: true };

/** Makes a connection strip NULs from what it sends (once per connection object). */
function stripping(connection: Marked): DatabaseConnection {
  if (connection[STRIPPING]) return connection;
  const execute = connection.executeQuery.bind(connection);
  const stream = connection.streamQuery.bind(connection);
  connection.executeQuery = <R>(q: CompiledQuery): Promise<QueryResult<R>> =>
    execute<R>(withoutNul(q));
  connection.streamQuery = <R>(q: CompiledQuery, chunkSize?: number) =>
    stream<R>(withoutNul(q), chunkSize);
  connection[STRIPPING] = true;
  return connection;
}

class StripNulDriver implements Driver {
  savepoint?: Driver['savepoint'];
  rollbackToSavepoint?: Driver['rollbackToSavepoint'];
  releaseSavepoint?: Driver['releaseSavepoint'];

  constructor(private readonly inner: Driver) {
    if (inner.savepoint) this.savepoint = inner.savepoint.bind(inner);
    if (inner.rollbackToSavepoint) this.rollbackToSavepoint = inner.rollbackToSavepoint.bind(inner);
    if (inner.releaseSavepoint) this.releaseSavepoint = inner.releaseSavepoint.bind(inner);
  }
  init() {
    return this.inner.init();
  }
  async acquireConnection() {
    return stripping(await this.inner.acquireConnection());
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.inner.beginTransaction(connection, settings);
  }
  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(connection);
  }
  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(connection);
  }
  destroy() {
    return this.inner.destroy();
  }
}

/** The dialect with every bound string's NULs removed before it reaches the database. */
export function stripNul(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new StripNulDriver(dialect.createDriver()),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}
