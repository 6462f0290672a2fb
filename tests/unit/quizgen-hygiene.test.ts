import { describe, expect, it } from 'vitest';
import { markdownItems } from '../../api/extract/office/markdown.js';
import { streamLines } from '../../api/extract/office/plain-text.js';

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
