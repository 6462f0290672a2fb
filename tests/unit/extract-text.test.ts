import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeText } from '../../api/extract/decode.js';
import { extractDocument } from '../../api/extract/index.js';
import { extractCsv, sniffDelimiter } from '../../api/extract/formats/csv.js';
import { extractHtml } from '../../api/extract/formats/html.js';
import { extractText } from '../../api/extract/formats/text.js';
import { sniffKind } from '../../api/extract/sniff.js';
import type { Location } from '../../api/extract/types.js';
import { appError, blockWith, corpus, job, scratch, source, texts } from './extract-fixtures.js';

const SLOW = 60_000;
let tmp: Awaited<ReturnType<typeof scratch>>;
beforeAll(async () => {
  tmp = await scratch();
});
afterAll(() => tmp.done());

/** A file written for the test and read through sniffKind, as an upload would be. */
async function uploaded(name: string, data: Buffer | string) {
  const file = await tmp.write(name, data);
  return { file, kind: await sniffKind(file, name) };
}

// 「學校,科系 / 國立臺灣大學,資訊工程學系」 in Big5, checked with `iconv -f big5 -t utf-8`.
const BIG5_CSV = Buffer.from(
  'bec7aed52caceca8740ab0eaa5dfbb4fc657a46abec72cb8eab054a475b57bbec7a8740a',
  'hex',
);
// Short Big5 (checked with iconv): jschardet calls the last three windows-1252, confidence 0.95.
const BIG5_SHORT: Array<[string, string]> = [
  ['bb4fc6572cbec7a5cd', '臺灣,學生'],
  ['bb4fc657', '臺灣'],
  ['a96da6572ca4c0bcc6', '姓名,分數'],
  ['a4fda470a9fa2c3835', '王小明,85'],
];

describe('encoding detection', () => {
  it('decodes short Big5, where jschardet alone guesses Windows-1252', () => {
    for (const [hex, text] of BIG5_SHORT)
      expect(decodeText(Buffer.from(hex, 'hex'))).toEqual({ text, encoding: 'big5' });
    expect(decodeText(BIG5_CSV).text).toBe('學校,科系\n國立臺灣大學,資訊工程學系\n');
  });

  it('decodes the 70-byte CP932 file to the names iconv -f cp932 shows', async () => {
    const { text, encoding } = decodeText(
      await readFile(corpus('csv/ja_names_cp932_shiftjis.csv')),
    );
    expect(encoding).toBe('shift_jis');
    expect(text).toBe(
      '名前,年齢,住所\r\n佐藤太郎,30,東京\r\n三木英子,25,大阪\r\n髙橋淳,35,名古屋\r\n',
    );
  });

  it('strips BOMs and reads UTF-16 with and without one', async () => {
    const utf8 = decodeText(Buffer.from('\ufeff西元日期', 'utf8'));
    expect(utf8).toEqual({ text: '西元日期', encoding: 'utf-8' });
    expect(decodeText(Buffer.from('\ufeff第一章 細胞', 'utf16le'))).toEqual({
      text: '第一章 細胞',
      encoding: 'utf-16le',
    });
    const be = decodeText(await readFile(corpus('txt/en_utf16be_with_bom.txt')));
    expect(be.encoding).toBe('utf-16be');
    expect(be.text.startsWith('This is a test document to use for unit tests.')).toBe(true);
  });

  it('falls back to Windows-1252 for Western European text that is not UTF-8', () => {
    expect(decodeText(Buffer.from('café, naïve, résumé\n', 'latin1')).text).toBe(
      'café, naïve, résumé\n',
    );
  });
});

describe('CSV', () => {
  it('takes the semicolon for the delimiter and keeps cells with commas whole', async () => {
    const file = corpus('csv/en_semicolon_delimited.csv');
    expect(sniffDelimiter(await readFile(file, 'utf8'))).toBe(';');
    const result = await extractCsv(job('csv', file));
    expect(result.blocks).toEqual([
      {
        text: [
          'Lorem, ipsum | dolor sit | amet',
          'consectetur | adipiscing | elit',
          'sed, do | eiusmod | tempor incididunt',
          'ut labore | et, dolore | magna aliqua',
          'Ut enim | ad minim | veniam, quis',
        ].join('\n'),
        location: { kind: 'sheet', sheet: 'en_semicolon_delimited.csv', rowStart: 1, rowEnd: 5 },
      },
    ]);
  });

  it('drops the UTF-8 BOM and reads holidays with their header, at their line numbers', async () => {
    const result = await extractCsv(
      job('csv', corpus('csv/zh_gov_office_calendar_115_utf8_bom.csv')),
    );
    expect(texts(result).join('\n')).not.toContain('\ufeff');
    expect(result.blocks[0]!.location).toMatchObject({ rowStart: 2, rowEnd: 21 });
    expect(result.blocks[0]!.text.split('\n')[0]).toBe(
      '西元日期: 20260101; 星期: 四; 是否放假: 2; 備註: 開國紀念日',
    );
    // Line 284 of the file (grep -n 20261010).
    const national = blockWith(result, '西元日期: 20261010; 星期: 六; 是否放假: 2; 備註: 國慶日');
    const at = national.location as Extract<Location, { kind: 'sheet' }>;
    expect(at.rowStart).toBeLessThanOrEqual(284);
    expect(at.rowEnd).toBeGreaterThanOrEqual(284);
    expect(national.text.split('\n')[284 - at.rowStart]).toContain('20261010');
  });

  it('decodes Shift-JIS names with their header', async () => {
    const result = await extractCsv(job('csv', corpus('csv/ja_names_cp932_shiftjis.csv')));
    expect(texts(result)).toEqual([
      '名前: 佐藤太郎; 年齢: 30; 住所: 東京\n名前: 三木英子; 年齢: 25; 住所: 大阪\n名前: 髙橋淳; 年齢: 35; 住所: 名古屋',
    ]);
  });

  it(
    'reads a Big5 CSV and a TSV through the worker',
    async () => {
      const big5 = await uploaded('系所.csv', BIG5_CSV);
      const tsv = await uploaded('vocab.tsv', 'word\tmeaning\nosmosis\t滲透作用\n');
      expect([big5.kind, tsv.kind]).toEqual(['csv', 'csv']);
      const doc = await extractDocument([
        source(big5.kind, big5.file, '系所.csv'),
        source(tsv.kind, tsv.file, 'vocab.tsv'),
      ]);
      expect(doc.blocks.map((b) => [b.text, b.location])).toEqual([
        [
          '學校: 國立臺灣大學; 科系: 資訊工程學系',
          { kind: 'sheet', sheet: '系所.csv', rowStart: 2, rowEnd: 2 },
        ],
        [
          'word: osmosis; meaning: 滲透作用',
          { kind: 'sheet', sheet: 'vocab.tsv', rowStart: 2, rowEnd: 2 },
        ],
      ]);
    },
    SLOW,
  );

  it('cuts a CSV after 20,000 rows with a TRUNCATED warning', async () => {
    const rows = ['id,term', ...Array.from({ length: 20_500 }, (_, i) => `${i},term ${i}`)];
    const result = await extractCsv(job('csv', await tmp.write('big.csv', rows.join('\n'))));
    expect(result.warnings).toEqual([{ code: 'TRUNCATED', params: { rows: 20_000 } }]);
    expect(result.blocks[result.blocks.length - 1]!.location).toMatchObject({ rowEnd: 20_000 });
  });
});

describe('plain text, Markdown and JSON', () => {
  it('splits the Constitution into paragraphs at blank lines', async () => {
    const result = await extractText(
      job('text', corpus('txt/zh_us_constitution_taiwan_phrasing.txt')),
    );
    expect(texts(result).slice(0, 4)).toEqual([
      '美利堅合眾國憲法',
      '制定機關：美利堅合眾國制憲會議',
      '1787年9月17日於費城',
      '譯者：美國國務院',
    ]);
    expect(texts(result)).toContain(
      '我們合眾國人民，為建立一個更完善的聯邦，樹立正義，保障國內安寧，提供共同防務，促進公共福利，並使我們自己及後代得享受自由之賜福，特為美利堅合眾國制定和確立本憲法。',
    );
    expect(result.blocks[5]!.location).toEqual({ kind: 'paragraph', index: 6 });
  });

  it('reads BOM-less UTF-16BE text', async () => {
    const result = await extractText(job('text', corpus('txt/en_utf16be_with_bom.txt')));
    expect(texts(result)[0]).toBe('This is a test document to use for unit tests.');
    expect(texts(result)[1]).toBe('Doylestown, PA 18901');
    blockWith(result, '- I love fuzzy blankets');
    expect(texts(result).join('')).not.toContain('\u0000');
  });

  it('keeps Markdown headings as headingPath and reduces inline HTML to its text', async () => {
    const en = await extractText(job('text', corpus('md/en_audrey_tang_2025_ai_safety_column.md')));
    expect(
      blockWith(
        en,
        'Last week, OpenAI released the world’s first openly available safety reasoning model: “gpt-oss-safeguard.”',
      ).location,
    ).toEqual({
      kind: 'paragraph',
      index: 3,
      headingPath: ['2025-11-06 BW Column: Opening Up AI Safety', 'Audrey Tang:'],
    });
    const credit = texts(en).pop()!;
    expect(credit).toBe('(Interview and Compilation by Yu-Tang You. License: CC BY 4.0)');

    const zh = await extractText(job('text', corpus('md/zh_audrey_tang_2025_ai_safety_column.md')));
    expect(
      blockWith(zh, '上週，OpenAI 釋出全球首次開放的安全推理模型：「gpt-oss-safeguard」。')
        .location,
    ).toMatchObject({
      headingPath: ['2025-11-06 商周專欄：開放 AI 安全，巨頭迎來轉折點', '唐鳳：'],
    });
  });

  it('reads Markdown tables, setext headings and code fences', async () => {
    const md = [
      'Cell Biology',
      '============',
      '',
      '| Organelle | Function |',
      '|---|---|',
      '| Mitochondria | **ATP** production |',
      '',
      '```js',
      '# not a heading',
      '```',
    ].join('\n');
    const result = await extractText(job('text', await tmp.write('biology.md', md)));
    expect(
      result.blocks.map((b) => [b.text, (b.location as { headingPath?: string[] }).headingPath]),
    ).toEqual([
      ['Cell Biology', ['Cell Biology']],
      ['Organelle: Mitochondria; Function: ATP production', ['Cell Biology']],
      ['# not a heading', ['Cell Biology']],
    ]);
  });

  it('flattens JSON to "key: value" lines, lists of records as rows', async () => {
    const json = JSON.stringify({
      title: '生物名詞',
      words: [
        { term: 'osmosis', meaning: '滲透作用' },
        { term: 'mitosis', meaning: '有絲分裂' },
      ],
      meta: { level: 2, tags: ['biology', 'grade 10'] },
    });
    const result = await extractText(job('text', await tmp.write('terms.json', json)));
    expect(texts(result)).toEqual([
      [
        'title: 生物名詞',
        'words: term: osmosis; meaning: 滲透作用',
        'words: term: mitosis; meaning: 有絲分裂',
        'meta.level: 2',
        'meta.tags[0]: biology',
        'meta.tags[1]: grade 10',
      ].join('\n'),
    ]);
  });

  it(
    'reads TXT and MD through the worker',
    async () => {
      const doc = await extractDocument([
        source('text', corpus('txt/en_utf16be_with_bom.txt')),
        source('text', corpus('md/zh_audrey_tang_2025_ai_safety_column.md')),
      ]);
      expect(doc.blocks[0]).toEqual({
        fileId: 'en_utf16be_with_bom.txt',
        text: 'This is a test document to use for unit tests.',
        location: { kind: 'paragraph', index: 1 },
      });
      blockWith(doc, '這讓 AI 巨頭們意識到，如果缺乏應對安全政策的能力');
    },
    SLOW,
  );

  it(
    'finds no text in a file of blank lines',
    async () => {
      const file = await tmp.write('blank.txt', '\n\n   \n\t\n');
      const err = await appError(extractDocument([source('text', file, '空白.txt')]));
      expect(err.code).toBe('NO_TEXT_FOUND');
      expect(err.messages()['zh-TW']).toBe('在「空白.txt」中找不到可用的文字。');
    },
    SLOW,
  );
});

describe('HTML', () => {
  it(
    'reads the Legislative Yuan ".xls" as the HTML table it is, rows with their header (worker)',
    async () => {
      const file = corpus('xls/zh_ly_bills_labor_standards_act_html_as_xls.xls');
      const kind = await sniffKind(file, 'zh_ly_bills_labor_standards_act_html_as_xls.xls');
      expect(kind).toBe('html');
      const doc = await extractDocument([source(kind, file)]);
      const first = doc.blocks[0]!;
      expect(first.location).toEqual({
        kind: 'sheet',
        sheet: 'zh_ly_bills_labor_standards_act_html_as_xls.xls',
        rowStart: 2,
        rowEnd: 21,
      });
      expect(first.text.split('\n')[0]).toMatch(
        /^#: 1; 提案日期: 1081015; 會期: 09屆08期05次; 提案名稱: 勞動基準法第五十四條條文修正草案; 提案類別: 委員提案; 主提案: 廖國棟; 連署提案: 蔣乃辛 ; 許毓仁/,
      );
      expect(doc.language).toBe('zh-TW');
    },
    SLOW,
  );

  it('keeps visible text only: headings as headingPath, tables as rows, no scripts or styles', async () => {
    // Re-saved as UTF-8 with its old big5 <meta> left in: the valid UTF-8 wins.
    const html = `<!DOCTYPE html><html><head><title>Ignored</title><style>p{color:red}</style>
      <meta charset="big5"></head><body>
      <h1>光合作用</h1><p>植物利用<b>光能</b>&nbsp;製造養分。<script>alert('x')</script></p>
      <div hidden>隱藏</div>
      <h2>反應式</h2><p>6CO<sub>2</sub> + 6H<sub>2</sub>O &rarr; C<sub>6</sub>H<sub>12</sub>O<sub>6</sub><br>需要葉綠素</p>
      <table><tr><th>反應物</th><th>產物</th></tr><tr><td>水</td><td>氧氣</td></tr></table>
      <ul><li>光反應<li>暗反應</ul></body></html>`;
    const result = await extractHtml(job('html', await tmp.write('photosynthesis.html', html)));
    expect(
      result.blocks.map((b) => [b.text, (b.location as { headingPath?: string[] }).headingPath]),
    ).toEqual([
      ['光合作用', ['光合作用']],
      ['植物利用光能 製造養分。', ['光合作用']],
      ['反應式', ['光合作用', '反應式']],
      ['6CO2 + 6H2O → C6H12O6\n需要葉綠素', ['光合作用', '反應式']],
      ['反應物: 水; 產物: 氧氣', ['光合作用', '反應式']],
      ['光反應', ['光合作用', '反應式']],
      ['暗反應', ['光合作用', '反應式']],
    ]);
  });
});
