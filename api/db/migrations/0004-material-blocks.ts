import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.

/** The tables as this migration knows them (api/db/schema.ts moves on, this file does not). */
interface Tables {
  material_contents: { material_id: string; document: string; language: string; warnings: string };
  material_blocks: {
    material_id: string;
    seq: number;
    file_id: string;
    text: string;
    text_escaped: number;
    location: string;
  };
}

interface LegacyDocument {
  blocks: Array<{ fileId: string; text: string; location: unknown }>;
  language: string;
  warnings: unknown[];
}

/** Characters a text column cannot keep: U+0000 (PostgreSQL) and lone surrogates (UTF-8). */
const UNSTORABLE = /[\0\p{Cs}]/u;

/** Rows per insert (5 parameters each, well under both databases' limits) and text per insert. */
const BATCH_ROWS = 500;
const BATCH_CHARS = 1_000_000;

async function insertBlocks(db: Kysely<Tables>, materialId: string, doc: LegacyDocument) {
  let batch: Tables['material_blocks'][] = [];
  let chars = 0;
  for (const [seq, block] of doc.blocks.entries()) {
    batch.push({
      material_id: materialId,
      seq,
      file_id: block.fileId,
      ...(UNSTORABLE.test(block.text)
        ? { text: JSON.stringify(block.text), text_escaped: 1 }
        : { text: block.text, text_escaped: 0 }),
      location: JSON.stringify(block.location),
    });
    chars += block.text.length;
    if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) {
      await db.insertInto('material_blocks').values(batch).execute();
      batch = [];
      chars = 0;
    }
  }
  if (batch.length > 0) await db.insertInto('material_blocks').values(batch).execute();
}

// The extracted document moves from one JSON text per material (material_contents.document,
// ~30 million characters for a 60 MB upload, copied several times over on every write) to one
// row per block; material_contents keeps the language and the warnings.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('material_blocks')
    .addColumn('material_id', 'varchar(36)', (c) =>
      c.notNull().references('materials.id').onDelete('cascade'),
    )
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('file_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('text_escaped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('location', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('material_blocks_pk', ['material_id', 'seq'])
    .execute();
  await db.schema
    .alterTable('material_contents')
    .addColumn('language', 'varchar(10)', (c) => c.notNull().defaultTo('other'))
    .execute();
  await db.schema
    .alterTable('material_contents')
    .addColumn('warnings', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();

  const k = db as unknown as Kysely<Tables>;
  const rows = await k.selectFrom('material_contents').select('material_id').execute();
  // One document in memory at a time.
  for (const { material_id } of rows) {
    const { document } = await k
      .selectFrom('material_contents')
      .select('document')
      .where('material_id', '=', material_id)
      .executeTakeFirstOrThrow();
    const doc = JSON.parse(document) as LegacyDocument;
    await insertBlocks(k, material_id, doc);
    await k
      .updateTable('material_contents')
      .set({ language: doc.language, warnings: JSON.stringify(doc.warnings) })
      .where('material_id', '=', material_id)
      .execute();
  }
  await db.schema.alterTable('material_contents').dropColumn('document').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('material_contents')
    .addColumn('document', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  const k = db as unknown as Kysely<Tables>;
  const rows = await k
    .selectFrom('material_contents')
    .select(['material_id', 'language', 'warnings'])
    .execute();
  for (const row of rows) {
    const blocks = await k
      .selectFrom('material_blocks')
      .select(['file_id', 'text', 'text_escaped', 'location'])
      .where('material_id', '=', row.material_id)
      .orderBy('seq')
      .execute();
    const doc: LegacyDocument = {
      blocks: blocks.map((b) => ({
        fileId: b.file_id,
        text: b.text_escaped ? (JSON.parse(b.text) as string) : b.text,
        location: JSON.parse(b.location) as unknown,
      })),
      language: row.language,
      warnings: JSON.parse(row.warnings) as unknown[],
    };
    await k
      .updateTable('material_contents')
      .set({ document: JSON.stringify(doc) })
      .where('material_id', '=', row.material_id)
      .execute();
  }
  await db.schema.alterTable('material_contents').dropColumn('warnings').execute();
  await db.schema.alterTable('material_contents').dropColumn('language').execute();
  await db.schema.dropTable('material_blocks').execute();
}
