import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databases, type TestApp } from '../support/test-app.js';
import { registerVerifiedUser } from '../support/accounts.js';
import { corpusDir, corpusFile, upload, type UploadFile } from '../support/multipart.js';
import { buildZip, readZip } from '../support/zip.js';

/*
 * Hostile input through the real upload and submit endpoints (issue 9): a malformed-file
 * corpus — encrypted, truncated, zip and XML bombs, random bytes under every supported
 * extension, empty files, a 10,000-row CSV, a 500-slide deck — each ends in a clear,
 * translated error or a bounded result, leaves nothing behind, and the server keeps serving.
 * Then seeded fuzzing of uploads (mutated real documents) and of the submit endpoint
 * (generated answer payloads) for a bounded number of rounds.
 */

const password = 'Study2026';
const EXTENSIONS = [
  'pdf',
  'docx',
  'pptx',
  'xlsx',
  'csv',
  'txt',
  'md',
  'json',
  'html',
  'png',
  'jpg',
  'gif',
  'webp',
  'doc',
  'ppt',
  'xls',
];

/** A small deterministic PRNG (mulberry32), so a failing round can be replayed from its seed. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomBytes(rand: () => number, n: number) {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) b[i] = Math.floor(rand() * 256);
  return b;
}

/** Billion laughs: ten levels of ten references, a few bytes that would expand to gigabytes. */
const XML_BOMB =
  '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">' +
  Array.from(
    { length: 9 },
    (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`,
  ).join('') +
  ']>';

/** The sample deck with its first content slide cloned until the deck has `total` slides. */
async function bigDeck(total: number): Promise<Buffer> {
  const parts = await readZip(
    fs.readFileSync(path.join(corpusDir, 'pptx/en_sample_nested_bullets_table.pptx')),
  );
  const slide = parts.get('ppt/slides/slide2.xml')!.toString('utf8');
  const rels = parts
    .get('ppt/slides/_rels/slide2.xml.rels')!
    .toString('utf8')
    .replace(/<Relationship [^>]*notesSlide[^>]*\/>/, '');
  let pres = parts.get('ppt/presentation.xml')!.toString('utf8');
  let presRels = parts.get('ppt/_rels/presentation.xml.rels')!.toString('utf8');
  let types = parts.get('[Content_Types].xml')!.toString('utf8');
  const ids: string[] = [];
  const links: string[] = [];
  const overrides: string[] = [];
  for (let n = 5; n <= total; n++) {
    parts.set(
      `ppt/slides/slide${n}.xml`,
      Buffer.from(slide.replace(/content slide/g, `slide ${n}`)),
    );
    parts.set(`ppt/slides/_rels/slide${n}.xml.rels`, Buffer.from(rels));
    ids.push(`<p:sldId id="${1000 + n}" r:id="rIdX${n}"/>`);
    links.push(
      `<Relationship Id="rIdX${n}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/slide" Target="slides/slide${n}.xml"/>`,
    );
    overrides.push(
      `<Override PartName="/ppt/slides/slide${n}.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/>`,
    );
  }
  pres = pres.replace('</p:sldIdLst>', `${ids.join('')}</p:sldIdLst>`);
  presRels = presRels.replace('</Relationships>', `${links.join('')}</Relationships>`);
  types = types.replace('</Types>', `${overrides.join('')}</Types>`);
  parts.set('ppt/presentation.xml', Buffer.from(pres));
  parts.set('ppt/_rels/presentation.xml.rels', Buffer.from(presRels));
  parts.set('[Content_Types].xml', Buffer.from(types));
  return buildZip([...parts].map(([name, data]) => ({ name, data })));
}

/** The sample workbook/document with one part replaced by an entity bomb. */
async function withBomb(rel: string, part: string): Promise<Buffer> {
  const parts = await readZip(fs.readFileSync(path.join(corpusDir, rel)));
  const xml = parts.get(part)!.toString('utf8');
  parts.set(part, Buffer.from(xml.replace(/^<\?xml[^>]*\?>/, XML_BOMB)));
  return buildZip([...parts].map(([name, data]) => ({ name, data })));
}

const half = (rel: string) => {
  const bytes = fs.readFileSync(path.join(corpusDir, rel));
  return { name: `cut-${path.basename(rel)}`, bytes: bytes.subarray(0, bytes.length >> 1) };
};

describe('hostile uploads', () => {
  let t: TestApp;
  let token: string;
  let filesDir: string;
  beforeAll(async () => {
    // Far more uploads than a learner makes in an hour: the per-learner upload rate (issue 19,
    // tests/api/storage-quota.test.ts) is not what this suite tests.
    t = await createTestApp({ env: { UPLOAD_RATE_LIMIT: '10000' } });
    ({ token } = await registerVerifiedUser(t, { email: 'h@example.com', password }));
    filesDir = path.join(t.config.dataDir, 'files');
  }, 60_000);
  afterAll(async () => t?.close());

  const storedFiles = () =>
    fs.existsSync(filesDir) ? fs.readdirSync(filesDir, { recursive: true }).length : 0;
  const materialCount = async () =>
    (
      await t.db
        .selectFrom('materials')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst()
    )?.n;

  /** Uploads one file; a refusal must be a 4xx with a code and both languages, never a 5xx. */
  async function expectHandled(file: UploadFile) {
    const before = { files: storedFiles(), materials: Number(await materialCount()) };
    const res = await upload(t, token, [file], { title: file.name });
    expect({ file: file.name, status: res.status }).not.toMatchObject({
      status: expect.toSatisfy((s: number) => s >= 500),
    });
    if (res.status === 201) return res;
    expect(res.status, file.name).toBeGreaterThanOrEqual(400);
    expect(res.body.code, file.name).toMatch(/^[A-Z_]+$/);
    expect(res.body.messageI18n?.['zh-TW'], file.name).toBeTruthy();
    expect(res.body.messageI18n?.en, file.name).toBeTruthy();
    // A refused upload keeps nothing: no row, no stored file.
    expect(Number(await materialCount())).toBe(before.materials);
    expect(storedFiles()).toBe(before.files);
    return res;
  }

  it('refuses random bytes under every supported extension, and empty files, clearly', async () => {
    const rand = prng(20261121);
    for (const ext of EXTENSIONS) {
      const res = await expectHandled({ name: `noise.${ext}`, bytes: randomBytes(rand, 4096) });
      // Text formats may decode noise as text; binary formats must refuse it.
      if (!['csv', 'txt', 'md', 'json', 'html'].includes(ext)) expect(res.status).not.toBe(201);
      const empty = await expectHandled({ name: `empty.${ext}`, bytes: Buffer.alloc(0) });
      expect(empty.status).toBe(400);
    }
  }, 180_000);

  it('refuses encrypted, truncated and bomb-shaped documents with their own messages', async () => {
    const cases: Array<[UploadFile, string | RegExp]> = [
      [corpusFile('pdf/en_password_protected_user_pw.pdf'), /PASSWORD/],
      [corpusFile('xlsx/en_password_protected.xlsx'), /PASSWORD|ENCRYPTED/],
      [corpusFile('pdf/broken_no_trailer_unrecoverable.pdf'), /DAMAGED/],
      [half('pdf/en_tracemonkey_pldi09_2col.pdf'), /DAMAGED|NO_TEXT/],
      [half('docx/en_calibre_docx_feature_demo.docx'), /DAMAGED/],
      [half('pptx/en_sample_nested_bullets_table.pptx'), /DAMAGED/],
      [half('xlsx/zh_taiwan_plants_mandarin_taigi_vocab.xlsx'), /DAMAGED/],
      [
        {
          name: 'bomb.docx',
          bytes: buildZip([{ name: 'word/document.xml', data: { zeros: 2 ** 31 } }]),
        },
        /TOO_LARGE|DAMAGED|UNSAFE/,
      ],
      [
        {
          name: 'bomb.xlsx',
          bytes: await withBomb(
            'xlsx/zh_taiwan_plants_mandarin_taigi_vocab.xlsx',
            'xl/workbook.xml',
          ),
        },
        /DAMAGED|UNSAFE/,
      ],
      [
        {
          name: 'bomb.pptx',
          bytes: await withBomb(
            'pptx/en_sample_nested_bullets_table.pptx',
            'ppt/slides/slide1.xml',
          ),
        },
        /DAMAGED|UNSAFE/,
      ],
      [
        { name: 'bomb.html', bytes: Buffer.from(`${XML_BOMB}<html><body>&lol9;</body></html>`) },
        /.*/,
      ],
    ];
    for (const [file, code] of cases) {
      const res = await expectHandled(file);
      if (file.name === 'bomb.html') {
        // HTML does not expand entities declared in a DOCTYPE: a bounded result or a refusal.
        if (res.status === 201) {
          const content = await t.call(
            'GET',
            `/api/v1/materials/${res.body.data.id}/content`,
            undefined,
            { token },
          );
          expect(JSON.stringify(content.body).length).toBeLessThan(100_000);
        }
        continue;
      }
      // Damaged and cut-off documents may be read best effort; the rest must be refused.
      if (res.status === 201 && /DAMAGED/.test(String(code))) continue;
      expect({ file: file.name, status: res.status }).toEqual({
        file: file.name,
        status: expect.toSatisfy((s: number) => s >= 400 && s < 500),
      });
      expect(res.body.code, file.name).toMatch(code);
    }
  }, 240_000);

  it('reads a 10,000-row CSV and a 500-slide deck into bounded documents', async () => {
    const rows = ['term,definition'];
    for (let i = 1; i <= 10_000; i++) rows.push(`詞彙${i},第 ${i} 個定義，含「引號」與 "quotes"`);
    const csv = await expectHandled({ name: 'vocab.csv', bytes: Buffer.from(rows.join('\n')) });
    expect(csv.status).toBe(201);
    const csvContent = await t.call(
      'GET',
      `/api/v1/materials/${csv.body.data.id}/content`,
      undefined,
      { token },
    );
    const csvText = (csvContent.body.data.blocks as Array<{ text: string }>)
      .map((b) => b.text)
      .join('\n');
    expect(csvText).toContain('term: 詞彙10000');
    expect(csvText).toContain('term: 詞彙1;');

    const deck = await expectHandled({ name: 'deck.pptx', bytes: await bigDeck(500) });
    expect(deck.status).toBe(201);
    const content = await t.call(
      'GET',
      `/api/v1/materials/${deck.body.data.id}/content`,
      undefined,
      { token },
    );
    const slides = (
      content.body.data.blocks as Array<{ location: { kind: string; slide?: number } }>
    ).filter((b) => b.location.kind === 'slide');
    expect(slides.length).toBeGreaterThan(0);
    expect(slides.length).toBeLessThanOrEqual(500);
    expect(Math.max(...slides.map((b) => b.location.slide ?? 0))).toBeLessThanOrEqual(500);
  }, 240_000);

  it('survives mutated real documents (seeded fuzzing, 24 rounds) and keeps serving', async () => {
    const seeds = [
      'pdf/en_tracemonkey_pldi09_2col.pdf',
      'docx/zh_moda_account_permission_review_form.docx',
      'pptx/en_sample_nested_bullets_table.pptx',
      'csv/ja_names_cp932_shiftjis.csv',
      'txt/en_utf16be_with_bom.txt',
      'xls/zh_ly_bills_labor_standards_act_html_as_xls.xls',
    ];
    const rand = prng(9);
    for (let round = 0; round < 24; round++) {
      const rel = seeds[round % seeds.length]!;
      const bytes = Buffer.from(fs.readFileSync(path.join(corpusDir, rel)));
      // Flip bytes, cut the tail, or splice noise into the middle.
      const mode = Math.floor(rand() * 3);
      let mutated: Buffer;
      if (mode === 0) {
        for (let k = 0; k < 16; k++)
          bytes[Math.floor(rand() * bytes.length)] = Math.floor(rand() * 256);
        mutated = bytes;
      } else if (mode === 1) {
        mutated = bytes.subarray(0, Math.max(1, Math.floor(rand() * bytes.length)));
      } else {
        const at = Math.floor(rand() * bytes.length);
        mutated = Buffer.concat([
          bytes.subarray(0, at),
          randomBytes(rand, 512),
          bytes.subarray(at),
        ]);
      }
      await expectHandled({ name: `fuzz-${round}-${path.basename(rel)}`, bytes: mutated });
    }
    expect((await t.app.request('/healthz')).status).toBe(200);
    const good = await upload(t, token, [corpusFile('md/en_audrey_tang_2025_ai_safety_column.md')]);
    expect(good.status).toBe(201);
  }, 300_000);
});

describe.each(databases)('submit endpoint fuzzing on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  let quizId: string;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    ({ token } = await registerVerifiedUser(t, { email: 'f@example.com', password }));
    const up = await upload(t, token, [corpusFile('md/en_audrey_tang_2025_ai_safety_column.md')]);
    const gen = await t.call(
      'POST',
      '/api/v1/quiz/generate',
      { materialId: up.body.data.id, questionCount: 5, language: 'en-US' },
      { token },
    );
    quizId = gen.body.data.quizId as string;
  }, 120_000);
  afterAll(async () => t?.close());

  /** A generated JSON value: nested, of every type, with hostile strings. */
  function value(rand: () => number, depth = 0): unknown {
    const strings = [
      '',
      'q1',
      '\u0000',
      "' OR 1=1 --",
      '𝒳'.repeat(50),
      'a'.repeat(5000),
      'true',
      '-1',
    ];
    const r = rand();
    if (depth > 3 || r < 0.2) return strings[Math.floor(rand() * strings.length)];
    if (r < 0.3) return Math.floor(rand() * 2 ** 40) * (rand() < 0.5 ? -1 : 1);
    if (r < 0.35) return rand() < 0.5;
    if (r < 0.4) return null;
    if (r < 0.7)
      return Array.from({ length: Math.floor(rand() * 6) }, () => value(rand, depth + 1));
    const keys = [
      'questionId',
      'optionId',
      'answer',
      'textAnswer',
      'blankAnswers',
      'blankId',
      'selectedOptionId',
      '__proto__',
      'constructor',
    ];
    return Object.fromEntries(
      Array.from({ length: Math.floor(rand() * 5) }, () => [
        keys[Math.floor(rand() * keys.length)]!,
        value(rand, depth + 1),
      ]),
    );
  }

  it('answers every generated payload with 200 or a clear 4xx, never a 5xx', async () => {
    const taking = await t.call('GET', `/api/v1/quiz/${quizId}`, undefined, { token });
    const ids = (taking.body.data.questions as Array<{ id: string }>).map((q) => q.id);
    const rand = prng(42);
    for (let round = 0; round < 120; round++) {
      const answers = Array.from({ length: Math.floor(rand() * 8) }, () => {
        const v = value(rand);
        // Half the rounds aim at real question ids, so scoring itself is exercised.
        return rand() < 0.5 && v && typeof v === 'object' && !Array.isArray(v)
          ? { ...v, questionId: ids[Math.floor(rand() * ids.length)] }
          : v;
      });
      const body =
        round % 10 === 0
          ? value(rand)
          : { answers, clientSubmissionId: rand() < 0.8 ? randomUUID() : value(rand) };
      const res = await t.call('POST', `/api/v1/quiz/${quizId}/submit`, body, { token });
      expect({ round, status: res.status, body: res.status >= 500 ? res.body : undefined }).toEqual(
        {
          round,
          status: expect.toSatisfy((s: number) => s === 200 || (s >= 400 && s < 500)),
          body: undefined,
        },
      );
      if (res.status !== 200) expect(res.body.messageI18n?.['zh-TW']).toBeTruthy();
    }
    // The quiz still reports, and nothing was stored that cannot be read back.
    const report = await t.call('GET', `/api/v1/quiz/${quizId}/report`, undefined, { token });
    expect([200, 404]).toContain(report.status);
  }, 180_000);
});
