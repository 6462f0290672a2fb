/**
 * What a reader of rendered Markdown (CommonMark, Pandoc, Quarto, R Markdown) never sees, taken
 * out of the source text: comments, citation keys, cross-reference labels, attribute braces,
 * footnote markers, LaTeX index and page commands, inline R code, backslash escapes. Pure
 * functions over one line or one chunk, used by markdownItems.
 */

const CROSS_REF_NOUNS: Record<string, string> = {
  fig: 'figure',
  tbl: 'table',
  sec: 'section',
  eq: 'equation',
  lst: 'listing',
  thm: 'theorem',
  lem: 'lemma',
  def: 'definition',
  exm: 'example',
  exr: 'exercise',
  cor: 'corollary',
  prp: 'proposition',
  cnj: 'conjecture',
  rem: 'remark',
  sol: 'solution',
  apx: 'appendix',
};
/** Quarto/pandoc-crossref labels: @fig-scatter, @tbl-results, @sec-intro. */
const CROSS_REF =
  /(?<![\w@.\\/])@(fig|tbl|sec|eq|lst|thm|lem|def|exm|exr|cor|prp|cnj|rem|sol|apx)[-:][\w:-]*\w/g;
/** bookdown's "Table \@ref(tab:x)" and a bare "\@ref(fig:x)". */
const BOOKDOWN_REF =
  /(?:\b(Table|Figure|Section|Chapter|Equation|Appendix)\s+)?\\?@ref\((?:([a-z]+):)?[^)]*\)/gi;
/** A bracketed Pandoc citation: [@key], [see @a, p. 3; @b]. */
const BRACKET_CITATION =
  /[ \t]?\[(?:[^\][]*?(?<![\w.-])-?@[A-Za-z][\w:.#$%&+?<>~/-]*[^\][@]*?;?\s*)+\](?![(:[])/g;
/** A bare in-text citation key with a year: @wickham2014, @chimowitz2011stenting. */
const BARE_CITATION = /[ \t]?(?<![\w@.\\/])@[A-Za-z][\w-]*\d{4}[\w-]*(?![\w@])/g;
/** Pandoc attributes: {#id}, {.class}, {#fig-x width=50%}, {-}. */
const ATTRIBUTES = /[ \t]*\{(?:[#.][^}\s]*|[\w-]+=)[^{}]*\}|[ \t]*\{-\}/g;
const BRACKETED_SPAN = /\[([^\]]+)\]\{[^}]*\}/g;
const FOOTNOTE_REF = /\[\^[^\]\s]+\](?!:)/g;
/** LaTeX commands that leave nothing on the page: \index{…}, \label{…}. */
const INVISIBLE_LATEX = /\\(?:index|label|hypertarget|phantomsection)(?:\{[^{}]*\})*/g;
/** Inline R code, computed when the document is rendered: `r perc_diff`. */
const INLINE_R = /`r [^`]+`/g;
/** Quarto shortcodes: {{< include x.qmd >}}, {{< pagebreak >}}. */
const SHORTCODE = /\{\{<[^]*?>\}\}/g;
/** bookdown's text reference label opening a caption: (ref:plot-cap) A plot of … */
const TEXT_REFERENCE = /^\s*\(ref:[^)\s]*\)\s*/;
/** A Pandoc inline footnote: text^[the note]. */
const INLINE_NOTE = /\^\[([^\]]+)\]/g;
/** An omission mark for a value the source computes when rendered. */
export const COMPUTED_VALUE = '[…]';

/** A line made only of LaTeX layout commands: \clearpage, \vspace{1em}, \newpage. */
const LATEX_ONLY_LINE = /^\s*(?:\\[A-Za-z]+\*?(?:\[[^\]]*\])?(?:\{[^{}]*\})*\s*)+$/;
/** A Pandoc fenced div's opening or closing line: ::: {.callout-note} or :::. */
const DIV_FENCE = /^ {0,3}:{3,}/;

export function isLatexOnlyLine(line: string): boolean {
  return LATEX_ONLY_LINE.test(line);
}

export function isDivFence(line: string): boolean {
  return DIV_FENCE.test(line);
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Source-only syntax removed from one line of Markdown text, before inline formatting is
 * reduced. A cross-reference becomes "the figure" (capitalised at a sentence's start).
 */
export function stripSourceSyntax(line: string): string {
  let out = line
    .replace(INLINE_R, COMPUTED_VALUE)
    .replace(BOOKDOWN_REF, (_m, noun: string | undefined, kind: string | undefined) =>
      noun
        ? `the ${noun.toLowerCase()}`
        : `the ${CROSS_REF_NOUNS[(kind ?? 'sec').slice(0, 3)] ?? 'section'}`,
    )
    .replace(SHORTCODE, '')
    .replace(TEXT_REFERENCE, '')
    .replace(INLINE_NOTE, ' ($1)')
    .replace(BRACKETED_SPAN, '$1')
    .replace(ATTRIBUTES, '')
    .replace(FOOTNOTE_REF, '')
    .replace(INVISIBLE_LATEX, '')
    .replace(BRACKET_CITATION, (m) => (/@(?:fig|tbl|sec|eq)[-:]/.test(m) ? m : ''))
    .replace(CROSS_REF, (_m, kind: string) => `the ${CROSS_REF_NOUNS[kind]}`)
    .replace(BARE_CITATION, '');
  // "the table summarizes …" at a sentence's start reads "The table summarizes …".
  out = out.replace(
    /(^|[.!?]\s+|^\s*[-*+>]\s+)the (figure|table|section|equation|listing|theorem|lemma|definition|example|exercise|corollary|proposition|conjecture|remark|solution|appendix)\b/g,
    (_m, lead: string, noun: string) => `${lead}${capitalise('the')} ${noun}`,
  );
  return out;
}

export const MATH = /(\$\$[^$]+\$\$|(?<![\\$])\$(?=[^\s$])[^$\n]*?[^\s\\$]\$(?!\d))/;

/** Markdown backslash escapes (\$, \%, \*) decoded outside math. */
export function decodeEscapes(text: string): string {
  return text.includes('\\') ? text.replace(/\\([!-/:-@[-`{-~])/g, '$1') : text;
}

/**
 * `reduce` applied to the text outside $math$; math that is only symbols and numbers
 * ($\alpha = 0.05$, $45/224 = 20\%$) reads as plain text, other math stays as written.
 */
export function outsideMath(text: string, reduce: (part: string) => string): string {
  if (!text.includes('$')) return reduce(text);
  return text
    .split(MATH)
    .map((part, i) => (i % 2 ? simpleMath(part) : reduce(part)))
    .join('');
}

const MATH_SYMBOLS: Record<string, string> = {
  rightarrow: '→',
  to: '→',
  leftarrow: '←',
  neq: '≠',
  ne: '≠',
  approx: '≈',
  geq: '≥',
  ge: '≥',
  leq: '≤',
  le: '≤',
  times: '×',
  pm: '±',
  cdot: '·',
  alpha: 'α',
  beta: 'β',
  gamma: 'γ',
  delta: 'δ',
  epsilon: 'ε',
  theta: 'θ',
  lambda: 'λ',
  mu: 'μ',
  pi: 'π',
  rho: 'ρ',
  sigma: 'σ',
  chi: 'χ',
  infty: '∞',
};

function simpleMath(math: string): string {
  const inner = math.replace(/^\$\$?|\$\$?$/g, '');
  const plain = inner
    .replace(/\\text\{([^{}]*)\}/g, '$1')
    .replace(/\\([%$&#])/g, '$1')
    .replace(/\\[,;! ]/g, ' ')
    .replace(/\\([A-Za-z]+)(?![A-Za-z])\s?/g, (m, name: string) =>
      MATH_SYMBOLS[name] ? `${MATH_SYMBOLS[name]} ` : m,
    )
    .replace(/\s+/g, ' ')
    .trim();
  return /[\\{}^_]/.test(plain) ? math : plain;
}

/** Start of an HTML comment not closed on the same line. */
export function openComment(text: string): boolean {
  const open = text.lastIndexOf('<!--');
  return open !== -1 && text.indexOf('-->', open + 4) === -1;
}

/** HTML comments removed (licence notes, editor notes). */
export function stripComments(text: string): string {
  return text.replace(/<!--[^]*?-->/g, '').replace(/<!--[^]*$/, '');
}

/** A Quarto / R Markdown executable chunk's fence info: ```{r}, ```{python label}, ```{=html}. */
export function chunkInfo(info: string): 'raw' | 'executable' | undefined {
  const t = info.trim();
  if (/^\{=/.test(t)) return 'raw';
  if (/^\{[A-Za-z]/.test(t)) return 'executable';
  return undefined;
}

export interface ChunkText {
  /** The code, when the chunk shows it (echo: true); its option lines removed. */
  code?: string;
  /** Captions of the figures and tables it makes, as "Figure: …" / "Table: …" lines. */
  captions: string[];
}

const unquote = (s: string) => s.trim().replace(/^(["'])([^]*)\1$/, '$2');

/**
 * What a rendered executable chunk shows of itself: its captions, and its code only when its
 * options say echo: true (a chunk with include: false shows nothing). The plots and tables it
 * computes are not in the source, so only their captions stand for them.
 */
export function chunkText(info: string, lines: string[]): ChunkText {
  const options = new Map<string, string>();
  // ```{r name, fig.cap="…", echo=FALSE}
  const inline = /^\{\s*\w+\s*([^}]*)\}/.exec(info.trim())?.[1] ?? '';
  for (const m of inline.matchAll(/([\w.-]+)\s*=\s*("[^"]*"|'[^']*'|[^,]+)/g))
    options.set(m[1]!.replace(/\./g, '-').toLowerCase(), unquote(m[2]!));
  const code: string[] = [];
  let last = '';
  for (const line of lines) {
    const opt = /^\s*#\|\s?(.*)$/.exec(line);
    if (!opt) {
      code.push(line);
      continue;
    }
    const kv = /^([\w.-]+):\s*(.*)$/.exec(opt[1]!);
    if (kv) {
      last = kv[1]!.replace(/\./g, '-').toLowerCase();
      options.set(last, /^[|>]-?$/.test(kv[2]!.trim()) ? '' : unquote(kv[2]!));
    } else if (last && opt[1]!.trim()) {
      // A folded option value goes on over indented "#|   …" lines.
      options.set(last, `${options.get(last) ?? ''} ${opt[1]!.trim()}`.trim());
    }
  }
  const include = (options.get('include') ?? '').toLowerCase();
  if (include === 'false') return { captions: [] };
  const captions: string[] = [];
  for (const [key, noun, zh] of [
    ['tbl-cap', 'Table', '表'],
    ['fig-cap', 'Figure', '圖'],
  ] as const) {
    const caption = options.get(key);
    if (!caption) continue;
    captions.push(/\p{Script=Han}/u.test(caption) ? `${zh}：${caption}` : `${noun}: ${caption}`);
  }
  const echo = (options.get('echo') ?? '').toLowerCase();
  const shown = echo === 'true' && code.join('').trim() ? code.join('\n').trim() : undefined;
  return shown ? { code: shown, captions } : { captions };
}
