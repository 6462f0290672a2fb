import type { Kysely } from 'kysely';
import { blockSearchText, materialSearchText } from '../../materials/search.js';

// Frozen: never edit a migration that has shipped; add a new one instead. (It folds with
// api/materials/search.ts as it is when it runs: the same form the server searches in.)

interface Tables {
  materials: { id: string; title: string; description: string; search_text: string };
  material_blocks: {
    material_id: string;
    seq: number;
    text: string;
    text_escaped: number;
    search_text: string | null;
  };
}

const BATCH = 500;

// Server-side search of the material list (docs/decisions/0023-delivery.md): each material's
// title and description, and each block of its extracted text, kept in the folded form a query
// is compared with (a block only when folding changes it).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('materials')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('material_blocks').addColumn('search_text', 'text').execute();

  const k = db as unknown as Kysely<Tables>;
  for (let after = ''; ;) {
    const rows = await k
      .selectFrom('materials')
      .select(['id', 'title', 'description'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    for (const m of rows) {
      await k
        .updateTable('materials')
        .set({ search_text: materialSearchText(m.title, m.description) })
        .where('id', '=', m.id)
        .execute();
      for (let seq = -1; ;) {
        const blocks = await k
          .selectFrom('material_blocks')
          .select(['seq', 'text', 'text_escaped'])
          .where('material_id', '=', m.id)
          .where('seq', '>', seq)
          .orderBy('seq')
          .limit(BATCH)
          .execute();
        if (blocks.length === 0) break;
        for (const b of blocks) {
          const folded = blockSearchText(b);
          if (folded !== null) {
            await k
              .updateTable('material_blocks')
              .set({ search_text: folded })
              .where('material_id', '=', m.id)
              .where('seq', '=', b.seq)
              .execute();
          }
          seq = b.seq;
        }
      }
    }
    after = rows[rows.length - 1]!.id;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('material_blocks').dropColumn('search_text').execute();
  await db.schema.alterTable('materials').dropColumn('search_text').execute();
}
