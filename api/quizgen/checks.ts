/**
 * Checks every generated quiz must pass, whichever generator wrote it. Pure functions of the
 * document, the settings and the result; each returns the failures it found (none = passed).
 */
import type { ExtractedDocument } from '../extract/types.js';
import { materialLanguage } from './builtin/material/language.js';
import { simplifiedOnlyChars } from './text/chinese-script.js';
import { comparisonKey, isBarePageNumber, isPunctuationOnly } from './text/normalize.js';
import { charTrigrams, gramSimilarity } from './text/similarity.js';
import {
  BLANK_MARKER,
  type GeneratedQuestion,
  type GenerateResult,
  type QuizLanguage,
  type QuizSettings,
} from './types.js';
import { EN_STOPWORDS, ZH_STOPWORDS } from './text/stopwords.js';

export interface CheckFailure {
  check: string;
  questionId?: string;
  detail: string;
}

/** Share of choice items whose key may be the longest option. */
export const MAX_KEY_LONGEST_SHARE = 0.35;
/** Two questions whose tested statements share this much of their character 3-grams test the same fact. */
export const SAME_FACT_THRESHOLD = 0.6;

const fail = (check: string, detail: string, questionId?: string): CheckFailure => ({
  check,
  detail,
  questionId,
});

/** The key text(s) of a question: option text, blank keys, or the first accepted answer. */
export function keyTexts(q: GeneratedQuestion): string[] {
  if (q.type === 'multiple_choice')
    return [q.options?.find((o) => o.id === q.correctOptionId)?.text ?? ''];
  if (q.type === 'dropdown_fill_in_blank')
    return (q.blanks ?? []).map(
      (b) => b.options.find((o) => o.id === b.correctOptionId)?.text ?? '',
    );
  if (q.type === 'short_answer') return [q.acceptedAnswers?.[0] ?? ''];
  return [];
}

/** Exactly the requested count, or fewer with a NOT_ENOUGH_MATERIAL notice that says so. */
export function checkQuestionCount(result: GenerateResult, requested: number): CheckFailure[] {
  const produced = result.questions.length;
  if (produced === requested) return [];
  const notice = result.notices.find((n) => n.code === 'NOT_ENOUGH_MATERIAL');
  if (
    produced < requested &&
    notice?.params?.produced === produced &&
    notice.params.requested === requested
  )
    return [];
  return [fail('count', `requested ${requested}, produced ${produced} without a matching notice`)];
}

/** Options of one question: 4 unique MCQ options with one key; true/false labels; blanks. */
export function checkOptions(q: GeneratedQuestion, language: QuizLanguage): CheckFailure[] {
  const out: CheckFailure[] = [];
  const unique = (texts: string[]) => new Set(texts.map(comparisonKey)).size === texts.length;
  if (q.type === 'multiple_choice') {
    const options = q.options ?? [];
    if (options.length !== 4) out.push(fail('mcq-options', `${options.length} options`, q.id));
    if (
      !unique(options.map((o) => o.text)) ||
      new Set(options.map((o) => o.id)).size !== options.length
    )
      out.push(fail('mcq-options', 'options repeat', q.id));
    if (options.filter((o) => o.id === q.correctOptionId).length !== 1)
      out.push(fail('mcq-key', 'not exactly one key', q.id));
  }
  if (q.type === 'true_false') {
    const labels = language === 'zh-TW' ? ['正確', '錯誤'] : ['True', 'False'];
    const ok =
      q.options?.length === 2 &&
      q.options[0]?.id === 'true' &&
      q.options[1]?.id === 'false' &&
      q.options[0].text === labels[0] &&
      q.options[1].text === labels[1] &&
      (q.correctOptionId === 'true' || q.correctOptionId === 'false');
    if (!ok) out.push(fail('true-false-options', JSON.stringify(q.options), q.id));
  }
  if (q.type === 'dropdown_fill_in_blank') {
    const blanks = q.blanks ?? [];
    const markers = q.question.split(BLANK_MARKER).length - 1;
    if (!blanks.length || markers !== blanks.length)
      out.push(fail('blanks', `${markers} markers for ${blanks.length} blanks`, q.id));
    for (const b of blanks) {
      if (b.options.length < 3 || b.options.length > 4 || !unique(b.options.map((o) => o.text)))
        out.push(
          fail('blank-options', `blank ${b.id}: ${b.options.length} options or repeats`, q.id),
        );
      if (b.options.filter((o) => o.id === b.correctOptionId).length !== 1)
        out.push(fail('blank-key', `blank ${b.id} has no single key`, q.id));
    }
  }
  if (q.type === 'short_answer' && !q.acceptedAnswers?.length)
    out.push(fail('short-answer', 'no accepted answer', q.id));
  return out;
}

/** A key is never a stopword, punctuation or a bare page number, nor visible in its own stem. */
export function checkAnswerQuality(q: GeneratedQuestion): CheckFailure[] {
  const out: CheckFailure[] = [];
  for (const key of keyTexts(q)) {
    const bare = key.trim();
    // A spreadsheet has no pages: a count in a cell (3 titles) is a value, not a page reference.
    const cell = q.citation?.location?.kind === 'sheet' && /^\d{1,4}$/.test(bare);
    if (!bare || isPunctuationOnly(bare) || (isBarePageNumber(bare) && !cell))
      out.push(fail('answer', `key "${key}" is empty, punctuation or a page number`, q.id));
    else if (ZH_STOPWORDS.has(bare) || EN_STOPWORDS.has(bare.toLowerCase()))
      out.push(fail('answer', `key "${key}" is a stopword`, q.id));
    else if (
      cell
        ? new RegExp(`(?<!\\d)${bare}(?!\\d)`).test(q.question)
        : comparisonKey(q.question).includes(comparisonKey(bare))
    )
      out.push(fail('giveaway', `key "${key}" is visible in the stem`, q.id));
  }
  return out;
}

/** The citation quote stands verbatim in a block of the same file at the same location. */
export function checkCitation(q: GeneratedQuestion, doc: ExtractedDocument): CheckFailure[] {
  const { fileId, quote, location } = q.citation;
  const found = doc.blocks.some(
    (b) =>
      b.fileId === fileId &&
      JSON.stringify(b.location) === JSON.stringify(location) &&
      quote.length > 0 &&
      b.text.includes(quote),
  );
  return found
    ? []
    : [fail('citation', `quote not found at its location: "${quote.slice(0, 40)}"`, q.id)];
}

/** Everything a zh-TW learner reads is Traditional: no Simplified-only character anywhere. */
export function checkScript(q: GeneratedQuestion, language: QuizLanguage): CheckFailure[] {
  if (language !== 'zh-TW') return [];
  const shown = [
    q.question,
    q.explanation,
    ...q.relatedConcepts,
    ...(q.options ?? []).map((o) => o.text),
    ...(q.blanks ?? []).flatMap((b) => b.options.map((o) => o.text)),
    // Later accepted answers include Simplified forms on purpose; the first one is shown.
    q.acceptedAnswers?.[0] ?? '',
  ].join('\n');
  const bad = simplifiedOnlyChars(shown);
  return bad.length ? [fail('script', `Simplified characters: ${bad.join('')}`, q.id)] : [];
}

/** The checks that concern one question alone. */
export function questionFailures(
  q: GeneratedQuestion,
  doc: ExtractedDocument,
  language: QuizLanguage,
): CheckFailure[] {
  return [
    ...checkOptions(q, language),
    ...checkAnswerQuality(q),
    ...checkCitation(q, doc),
    ...checkScript(q, language),
  ];
}

/** MCQ keys spread over positions a–d: no position used more than once more than another. */
export function checkKeyPositions(questions: GeneratedQuestion[]): CheckFailure[] {
  const mcq = questions.filter((q) => q.type === 'multiple_choice');
  if (mcq.length < 2) return [];
  const counts = [0, 1, 2, 3].map(
    (i) => mcq.filter((q) => q.options?.findIndex((o) => o.id === q.correctOptionId) === i).length,
  );
  const spread = Math.max(...counts) - Math.min(...counts);
  return spread <= 1 ? [] : [fail('key-position', `keys per position ${counts.join('/')}`)];
}

/** The key is the (strictly) longest option in at most ~35% of MCQs and of dropdown blanks. */
export function checkKeyLongest(questions: GeneratedQuestion[]): CheckFailure[] {
  const items = {
    mcq: questions
      .filter((q) => q.type === 'multiple_choice')
      .map((q) => ({ options: q.options ?? [], key: q.correctOptionId })),
    blanks: questions.flatMap((q) =>
      (q.blanks ?? []).map((b) => ({ options: b.options, key: b.correctOptionId })),
    ),
  };
  const out: CheckFailure[] = [];
  for (const [name, list] of Object.entries(items)) {
    if (list.length < 3) continue;
    const longest = list.filter(({ options, key }) => {
      const k = options.find((o) => o.id === key);
      const len = (t: string) => [...t].length;
      return !!k && options.every((o) => o.id === key || len(o.text) < len(k.text));
    }).length;
    if (longest > Math.max(1, Math.floor(list.length * MAX_KEY_LONGEST_SHARE)))
      out.push(fail('key-longest', `${name}: key longest in ${longest} of ${list.length}`));
  }
  return out;
}

/**
 * True/false keys are neither all true nor all false from three items on, and 20–80% true from
 * five on. The split itself is drawn per quiz (no fixed pattern), so it is not pinned to half.
 */
export function checkTrueFalseBalance(questions: GeneratedQuestion[]): CheckFailure[] {
  const tf = questions.filter((q) => q.type === 'true_false');
  if (tf.length < 3) return [];
  const trues = tf.filter((q) => q.correctOptionId === 'true').length;
  const share = trues / tf.length;
  const ok = trues > 0 && trues < tf.length && (tf.length < 5 || (share >= 0.2 && share <= 0.8));
  return ok ? [] : [fail('true-false-balance', `${trues} of ${tf.length} true`)];
}

/** The statement a question tests: its stem with the keys put back, or its citation. */
function factOf(q: GeneratedQuestion): string {
  let text = q.question;
  for (const key of keyTexts(q)) text = text.replace(BLANK_MARKER, key);
  return `${q.citation.quote}\n${text}`;
}

const isRow = (q: GeneratedQuestion) => q.citation.location.kind === 'sheet';
/** One cell asked twice: the same row text on the same sheet with the same key (two sheets
 * may hold the same row text, "Blues: 1" of all time and since 1967, and are two facts). */
const sameRowFact = (x: GeneratedQuestion, y: GeneratedQuestion) =>
  x.citation.quote === y.citation.quote &&
  sheetOf(x) === sheetOf(y) &&
  // Two statements about one row are one fact only when they state the same cell (their
  // keys are both "true" or "false", so the stems tell the cells apart).
  (x.type === 'true_false' || y.type === 'true_false'
    ? withoutStatedValue(x.question) === withoutStatedValue(y.question)
    : keyTexts(x).join('\n') === keyTexts(y).join('\n'));
/** A table statement without the value it states: "… the Location of Team “Flyers” is". */
const withoutStatedValue = (q: string) => q.replace(/[「“][^「“」”]*[」”][。.]?\s*$/u, '');
const sheetOf = (q: GeneratedQuestion) =>
  q.citation.location.kind === 'sheet' ? q.citation.location.sheet : '';

/** No two questions test the same fact (character 3-gram similarity of what they test). */
export function checkDistinctFacts(questions: GeneratedQuestion[]): CheckFailure[] {
  const grams = questions.map((q) => charTrigrams(q.citation.quote || factOf(q)));
  const out: CheckFailure[] = [];
  for (let i = 0; i < questions.length; i++)
    for (let j = i + 1; j < questions.length; j++) {
      // Table rows share their column headers: two rows are two facts; one row's cell asked
      // twice is one.
      if (isRow(questions[i]!) && isRow(questions[j]!)) {
        if (sameRowFact(questions[i]!, questions[j]!))
          out.push(fail('same-fact', `${questions[i]!.id} and ${questions[j]!.id} (one cell)`));
        continue;
      }
      const sim = gramSimilarity(grams[i]!, grams[j]!);
      if (sim >= SAME_FACT_THRESHOLD)
        out.push(
          fail('same-fact', `${questions[i]!.id} and ${questions[j]!.id} (${sim.toFixed(2)})`),
        );
    }
  return out;
}

/** Where a question's citation falls in the document: 0 (start) … 1 (end), by characters. */
export function citationPosition(q: GeneratedQuestion, doc: ExtractedDocument): number | undefined {
  let offset = 0;
  let found: number | undefined;
  const total = doc.blocks.reduce((n, b) => n + b.text.length + 1, 0);
  for (const b of doc.blocks) {
    if (
      found === undefined &&
      b.fileId === q.citation.fileId &&
      JSON.stringify(b.location) === JSON.stringify(q.citation.location)
    ) {
      const at = b.text.indexOf(q.citation.quote);
      if (at >= 0) found = offset + at;
    }
    offset += b.text.length + 1;
  }
  return found === undefined || !total ? undefined : found / total;
}

/**
 * The quiz spreads over the document: with four or more questions, they come from at least
 * three of its four quarters and no quarter holds more than half of them.
 */
export function checkSpread(
  questions: GeneratedQuestion[],
  doc: ExtractedDocument,
): CheckFailure[] {
  if (questions.length < 4) return [];
  // A workbook's units are its sheets: which of them hold askable data (not a readme or a
  // template sheet) is the table family's call, so the quarters of the text say nothing here.
  if (questions.every((q) => q.citation.location.kind === 'sheet')) return [];
  const quarters = [0, 0, 0, 0];
  for (const q of questions) {
    const p = citationPosition(q, doc);
    if (p !== undefined) quarters[Math.min(3, Math.floor(p * 4))]!++;
  }
  const covered = quarters.filter((n) => n > 0).length;
  const most = Math.max(...quarters);
  return covered >= 3 && most <= Math.ceil(questions.length / 2)
    ? []
    : [fail('spread', `questions per quarter ${quarters.join('/')}`)];
}

/** A quiz in another language than the material's says so. */
export function checkLanguageNotice(
  result: GenerateResult,
  doc: ExtractedDocument,
  settings: QuizSettings,
): CheckFailure[] {
  const language = materialLanguage(doc);
  const same =
    (language === 'zh-TW' && settings.language === 'zh-TW') ||
    (language === 'en' && settings.language === 'en-US');
  const noticed = result.notices.some((n) => n.code === 'LANGUAGE_MISMATCH');
  return same === !noticed
    ? []
    : [fail('language-notice', `material ${language}, quiz ${settings.language}`)];
}

/** Every check on a whole quiz. */
export function checkQuiz(
  doc: ExtractedDocument,
  settings: QuizSettings,
  result: GenerateResult,
): CheckFailure[] {
  return [
    ...checkQuestionCount(result, settings.questionCount),
    ...result.questions.flatMap((q) =>
      questionFailures(q, doc, result.language ?? settings.language),
    ),
    ...checkKeyPositions(result.questions),
    ...checkKeyLongest(result.questions),
    ...checkTrueFalseBalance(result.questions),
    ...checkDistinctFacts(result.questions),
    ...checkSpread(result.questions, doc),
    ...checkLanguageNotice(result, doc, settings),
  ];
}
