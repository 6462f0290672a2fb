import { describe, expect, it } from 'vitest';
import { markdownItems } from '../../api/extract/office/markdown.js';
import { streamLines } from '../../api/extract/office/plain-text.js';
import { analyseDocument } from '../../api/quizgen/builtin/analysis.js';
import { classifyBlock } from '../../api/quizgen/builtin/material/blocks.js';
import { sentenceKind } from '../../api/quizgen/builtin/material/sentence-kinds.js';

async function* pieces(list: string[]): AsyncGenerator<string> {
  for (const piece of list) yield piece;
}

/** The texts a Markdown source gives, as learners and the quiz generator see them. */
async function markdownTexts(md: string): Promise<string[]> {
  const out: string[] = [];
  for await (const item of markdownItems(streamLines(pieces([md])))) out.push(item.text);
  return out;
}

describe('Markdown source syntax never reaches the text (issue 16, item 12)', () => {
  it('drops HTML comments (licence and editor notes), also over several lines', async () => {
    const texts = await markdownTexts(
      [
        '<!-- SPDX-License-Identifier: CC-BY-SA-4.0 -->',
        '# Cells',
        '',
        '<!--',
        'TODO(editor): check the figures',
        '-->',
        'A cell is the smallest unit of life. <!-- cite? --> It has a membrane.',
      ].join('\n'),
    );
    expect(texts).toEqual(['Cells', 'A cell is the smallest unit of life.  It has a membrane.']);
    expect(texts.join(' ')).not.toMatch(/License|TODO|cite\?/);
  });

  it('keeps the captions of Quarto / R Markdown chunks and drops their code and options', async () => {
    const texts = await markdownTexts(
      [
        '```{r}',
        '#| include: false',
        'source("_common.R")',
        '```',
        '',
        '```{r}',
        '#| label: fig-scatter',
        '#| fig-cap: A scatterplot of homeownership versus the percent of housing units',
        '#|   in multi-unit structures.',
        'ggplot(county, aes(x = multi_unit, y = homeownership)) + geom_point()',
        '```',
        '',
        '```{r stent-table, tbl.cap="Results for five patients."}',
        'stent |> kbl()',
        '```',
        '',
        '```{r}',
        '#| echo: true',
        'mean(x)',
        '```',
        '',
        '```{=html}',
        '<div class="x"></div>',
        '```',
      ].join('\n'),
    );
    expect(texts).toEqual([
      'Figure: A scatterplot of homeownership versus the percent of housing units in multi-unit structures.',
      'Table: Results for five patients.',
      'mean(x)',
    ]);
  });

  it('keeps a plain code fence as it is (a programming lesson needs its code)', async () => {
    expect(await markdownTexts('```sh\nnpm test\n```')).toEqual(['npm test']);
  });

  it('reads cross-references as words and drops citations, labels and index entries', async () => {
    const texts = await markdownTexts(
      [
        '# Hello data {#data-hello}',
        '',
        'The results are summarized in @tbl-stent-results.',
        '@fig-county shows a downward trend [@chimowitz2011stenting; @wickham2014].',
        'Each column is a \\index{variable}variable, known as tidy data @wickham2014.',
        'See Section \\@ref(case-study) and Table \\@ref(tab:sex-obs).',
        'Write to bb-help@andrew.cmu.edu or @audreyt.',
      ].join('\n'),
    );
    expect(texts[0]).toBe('Hello data');
    expect(texts[1]).toBe(
      [
        'The results are summarized in the table.',
        'The figure shows a downward trend.',
        'Each column is a variable, known as tidy data.',
        'See the section and the table.',
        'Write to bb-help@andrew.cmu.edu or @audreyt.',
      ].join('\n'),
    );
  });

  it('drops div fences, LaTeX layout lines, shortcodes and footnote markers; keeps the text', async () => {
    const texts = await markdownTexts(
      [
        '::: {.guidedpractice data-latex=""}',
        'Of the 224 patients, 45 had a stroke.[^note-1]',
        ':::',
        '',
        '\\clearpage',
        '',
        '[^note-1]: The proportion is 0.20.',
        '',
        '{{< include exercises/_01-ex.qmd >}}',
        '',
        'Statistics^[From the Latin status.] is a science.',
      ].join('\n'),
    );
    expect(texts).toEqual([
      'Of the 224 patients, 45 had a stroke.',
      'The proportion is 0.20.',
      'Statistics (From the Latin status.) is a science.',
    ]);
  });

  it('reads simple math as text and leaves other math as written; decodes escapes', async () => {
    const texts = await markdownTexts(
      [
        'A loan of \\$22,000 at 10.90\\%: $45/224 = 0.20 = 20\\%.$',
        'We set $\\alpha = 0.05$ and $x \\rightarrow y$.',
        'The estimate $\\hat{p}_{L}$ is close to $\\hat{p}_{R}$.',
      ].join('\n'),
    );
    expect(texts[0]).toBe(
      [
        'A loan of $22,000 at 10.90%: 45/224 = 0.20 = 20%.',
        'We set α = 0.05 and x → y.',
        'The estimate $\\hat{p}_{L}$ is close to $\\hat{p}_{R}$.',
      ].join('\n'),
    );
  });

  it('marks inline R code, whose value only the rendered page has, as left out', async () => {
    expect(await markdownTexts('A difference of `r perc_diff` was seen.')).toEqual([
      'A difference of […] was seen.',
    ]);
  });
});

describe('material model: block kinds (issue 16, item 12)', () => {
  const para = (text: string, headingPath?: string[]) => ({
    text,
    location: { kind: 'paragraph' as const, index: 1, ...(headingPath ? { headingPath } : {}) },
  });

  it('tells prose, headings, lists, captions, code, math, references, contents and licences apart', () => {
    expect(classifyBlock(para('Stents are small mesh tubes placed inside narrow arteries.'))).toBe(
      'prose',
    );
    expect(classifyBlock(para('Data basics', ['Hello data', 'Data basics']))).toBe('heading');
    expect(
      classifyBlock(
        para('- Treatment group. Patients got a stent.\n- Control group. They did not.'),
      ),
    ).toBe('list');
    expect(classifyBlock(para('Table: Results for five patients from the stent study.'))).toBe(
      'caption',
    );
    expect(classifyBlock(para('圖 2：臺灣的行政區劃。'))).toBe('caption');
    expect(
      classifyBlock(para('stent <- stent30 |>\n  select(-group) |>\n  bind_cols(stent365)')),
    ).toBe('code');
    expect(classifyBlock(para('$ npm install --save mnemo'))).toBe('code');
    expect(classifyBlock(para('$$\\hat{p}_T - \\hat{p}_C = 0.200$$'))).toBe('math');
    expect(
      classifyBlock(
        para(
          'Chimowitz, M. I., et al. (2011). Stenting versus aggressive medical therapy. New England Journal of Medicine, 365(11), 993–1003.',
        ),
      ),
    ).toBe('reference');
    expect(classifyBlock(para('Any text at all.', ['Book', 'References']))).toBe('reference');
    expect(classifyBlock(para('第一章 緒論 ........ 1\n第二章 方法 ........ 15'))).toBe('toc');
    expect(
      classifyBlock(para('(Interview and Compilation by Yu-Tang You. License: CC BY 4.0)')),
    ).toBe('boilerplate');
    expect(classifyBlock(para('本文採用創用 CC 姓名標示 4.0 授權。'))).toBe('boilerplate');
    expect(classifyBlock(para('Compute the mean of the sample.', ['Ch 1', 'Exercises']))).toBe(
      'exercise',
    );
    expect(
      classifyBlock({
        text: '華語: 含羞草; 台語漢字: 見笑草',
        location: { kind: 'sheet', sheet: 'S', rowStart: 2, rowEnd: 2 },
      }),
    ).toBe('table-row');
  });
});

describe('material model: sentence kinds', () => {
  it('recognises exercise instructions and notes to the reader', () => {
    expect(
      sentenceKind(
        'Using these two numbers, compute the proportion of patients who had a stroke.',
        'en',
      ),
    ).toBe('exercise');
    expect(sentenceKind('Describe the observational units and variables.', 'en')).toBe('exercise');
    expect(
      sentenceKind(
        '(Note: answers to all Guided Practice exercises are provided in footnotes!)',
        'en',
      ),
    ).toBe('note');
    expect(sentenceKind('請說明公民關懷的意義。', 'zh')).toBe('exercise');
    expect(sentenceKind('A summary statistic is a single number summarizing data.', 'en')).toBe(
      'study',
    );
  });

  it('recognises greetings, thanks, host introductions, logistics and wishes in talks', () => {
    for (const s of [
      'Good local time, everyone.',
      'Thank you for welcoming me.',
      'I’ll look if there’s any people that are using Code.org as part of their work.',
      'If there’s any events you want our help promoting, please let us know.',
      'Sure.',
    ])
      expect(sentenceKind(s, 'en'), s).toBe('chatter');
    for (const s of [
      '哈囉，歡迎回到《AI 倫理加速》。',
      '我是牛津 AI 倫理研究院的 Caroline Green 博士。',
      '政委、呂局長 (將要擔任署長)，首先謝謝您過去對宜蘭的幫忙，也預祝臺灣有這樣的創新部會。',
      '我們很高興這機關成立的日子終於即將到來，也期待大家跟部長能攜手讓臺灣的數位國力可以邁向新的未來！',
      '完全同意。',
    ])
      expect(sentenceKind(s, 'zh'), s).toBe('chatter');
    expect(
      sentenceKind(
        'Taoist teaching is based on the Tao, or "the Way," which begins at home.',
        'en',
      ),
    ).toBe('study');
    expect(sentenceKind('關懷六力是一套讓 AI 以關係的速度運作的框架。', 'zh')).toBe('study');
  });
});

describe('material model: what the generator may ask about', () => {
  const doc = (texts: Array<string | [string, string[]]>, language: 'en' | 'zh-TW' = 'en') => ({
    language,
    warnings: [],
    blocks: texts.map((t, i) => ({
      fileId: 'f',
      text: Array.isArray(t) ? t[0] : t,
      location: {
        kind: 'paragraph' as const,
        index: i + 1,
        ...(Array.isArray(t) ? { headingPath: t[1] } : {}),
      },
    })),
  });
  const usable = (a: ReturnType<typeof analyseDocument>) =>
    a.sentences.filter((s) => s.usable).map((s) => s.text);

  it('asks about prose only: not code, captions, references, exercises, apparatus pointers or markup', () => {
    const a = analyseDocument(
      doc([
        'A summary statistic is a single number summarizing data from a sample.',
        'stent <- stent30 |>\n  select(-group) |>\n  bind_cols(stent365)',
        'Table: Results for five patients from the stent study in the treatment group.',
        'Chimowitz, M. I., et al. (2011). Stenting versus aggressive medical therapy for intracranial arterial stenosis. New England Journal of Medicine, 365(11), 993–1003.',
        'Using these two numbers, compute the proportion of patients in the treatment group who had a stroke.',
        'Descriptions of the variables in the loan50 dataset are given in the table.',
        'The data is commonly referred to as \\index{tidy data}tidy data in many statistics books.',
        'Examine the relationship between median_hh_income and pop_change in these counties today.',
      ]),
      () => {},
    );
    expect(usable(a)).toEqual([
      'A summary statistic is a single number summarizing data from a sample.',
    ]);
    // Code lends no terms: an identifier is never a distractor.
    expect([...a.terms.keys()].some((k) => /stent30|bind_cols/.test(k))).toBe(false);
  });

  it('keeps a transcript’s speech and drops its speaker labels, timestamps and chatter', () => {
    const a = analyseDocument(
      doc([
        ['Audrey Tang:', ['Talk', 'Audrey Tang:']],
        'Good local time, everyone. Thank you for welcoming me.',
        '[00:12:31] Q: Taoist teaching is based on the Tao, which begins at home and scales to the world.',
        'Interviewer: The family is the primary site where we learn the Way through care and attention.',
        '[laughs] Half a million people took to the streets and occupied the parliament for three weeks.',
      ]),
      () => {},
    );
    expect(usable(a)).toEqual([
      'Taoist teaching is based on the Tao, which begins at home and scales to the world.',
      'The family is the primary site where we learn the Way through care and attention.',
      'Half a million people took to the streets and occupied the parliament for three weeks.',
    ]);
    expect(a.sentences.find((s) => s.text.startsWith('Good local time'))?.kind).toBe('chatter');
  });
});
