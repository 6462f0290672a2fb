import type { ExtractedDocument } from '../../extract/types.js';
import { questionFailures, type CheckFailure } from '../checks.js';
import { BLANK_MARKER, type QuestionType, type QuizSettings } from '../types.js';
import { buildQuestion } from './assemble.js';
import { fold, locateQuote, quoteIsLongEnough, type Folded } from './grounding.js';
import { parseItem, type RawQuestion } from './schema.js';
import { judgeScript, toTaiwanTraditional } from './script.js';
import type { Sentence } from './sentences.js';

/** A question that passed every check, with where its evidence stands in the material. */
export interface Candidate {
  raw: RawQuestion;
  blockIndex: number;
  /** The evidence's offsets in the block's text. */
  span: { start: number; end: number };
  /** The evidence as the material writes it: two questions on one passage test one fact. */
  fact: string;
  /** Where the evidence stands in the document, 0 (start) to 1 (end). */
  position: number;
  /** multiple_choice: the correct answer is longer than every distractor. */
  keyIsLongest: boolean;
  /** dropdown_fill_in_blank: blanks whose answer is longer than each of its distractors. */
  longestBlanks: number;
  /** The model wrote a few Simplified characters that were converted. */
  converted: boolean;
}

export type ItemVerdict =
  { ok: true; candidate: Candidate } | { ok: false; question: string; errors: string[] };

/** What checking an item needs to know about the document and the request. */
export class ItemChecker {
  private readonly sentences = new Map<string, Sentence>();
  private readonly folded = new Map<number, Folded>();
  private readonly offsets: number[] = [];
  private readonly length: number;

  constructor(
    private readonly doc: ExtractedDocument,
    sentences: Sentence[][],
    private readonly settings: QuizSettings,
  ) {
    for (const s of sentences.flat()) this.sentences.set(s.id, s);
    let offset = 0;
    for (const b of doc.blocks) {
      this.offsets.push(offset);
      offset += b.text.length + 1;
    }
    this.length = Math.max(1, offset);
  }

  /**
   * One item of a reply: its shape, the rules of its type, its language and script, and its
   * evidence. `lastChance` converts a Simplified item instead of asking for it again.
   */
  check(item: unknown, lastChance = false): ItemVerdict {
    const parsed = parseItem(item);
    const question =
      typeof (item as { question?: unknown })?.question === 'string'
        ? (item as { question: string }).question
        : '';
    if (!parsed.ok) return { ok: false, question, errors: parsed.errors };
    let raw = normalizeBlanks(parsed.value);
    const errors = [...typeErrors(raw, this.settings.questionTypes)];
    let converted = false;
    const language = languageErrors(raw, this.settings.language);
    if (language === 'convert' || (language === 'rewrite' && lastChance)) {
      raw = mapVisible(raw, toTaiwanTraditional);
      converted = true;
    } else if (language === 'rewrite') {
      errors.push(
        'It is written in Simplified Chinese; write it in Traditional Chinese with Taiwan usage.',
      );
    } else if (language) {
      errors.push(language);
    }
    const evidence = this.locate(raw);
    if (typeof evidence === 'string') errors.push(evidence);
    if (errors.length || typeof evidence === 'string') return { ok: false, question, errors };
    // The shared checks, on the question as it would stand in the quiz.
    const shared = questionFailures(
      buildQuestion({ raw, ...evidence }, 'q', this.doc, this.settings.language, {
        mc: [0],
        blanks: raw.blanks.map(() => 0),
        truths: [true],
        random: () => 0,
      }),
      this.doc,
      this.settings.language,
    );
    if (shared.length) return { ok: false, question, errors: shared.map(describe) };
    const len = (t: string) => [...t].length;
    const longest = (key: string, others: string[]) => others.every((d) => len(d) < len(key));
    const block = this.doc.blocks[evidence.blockIndex]?.text ?? '';
    return {
      ok: true,
      candidate: {
        raw,
        ...evidence,
        fact: block.slice(evidence.span.start, evidence.span.end),
        position: ((this.offsets[evidence.blockIndex] ?? 0) + evidence.span.start) / this.length,
        keyIsLongest:
          raw.type === 'multiple_choice' && longest(raw.correct_answer, raw.distractors),
        longestBlanks: raw.blanks.filter((b) => longest(b.answer, b.distractors)).length,
        converted,
      },
    };
  }

  private foldedBlock(b: number): Folded {
    let f = this.folded.get(b);
    if (!f) {
      f = fold(this.doc.blocks[b]?.text ?? '');
      this.folded.set(b, f);
    }
    return f;
  }

  /** The block and offsets of the quote: in the cited sentences' blocks, else anywhere. */
  private locate(
    raw: RawQuestion,
  ): { blockIndex: number; span: { start: number; end: number } } | string {
    const quote = raw.evidence_quote;
    if (!quote) return 'evidence_quote is empty.';
    if (!quoteIsLongEnough(quote)) {
      return 'evidence_quote is too short to show where the answer is; quote the whole sentence.';
    }
    const cited = raw.evidence_sentence_ids
      .map((id) => this.sentences.get(id.replace(/^\[|\]$/g, '')))
      .filter((s): s is Sentence => s !== undefined);
    const blocks = [...new Set(cited.map((s) => s.blockIndex))];
    const rest = this.doc.blocks.map((_, b) => b).filter((b) => !blocks.includes(b));
    for (const b of [...blocks, ...rest]) {
      const span = locateQuote(quote, this.doc.blocks[b]?.text ?? '', this.foldedBlock(b));
      if (span) return { blockIndex: b, span };
    }
    const ids = raw.evidence_sentence_ids.join(', ') || 'none';
    return `evidence_quote is not in the material word for word (cited: ${ids}); copy it exactly from the sentence that states the answer.`;
  }
}

/** A shared check's failure in words the model can act on. */
function describe(f: CheckFailure): string {
  if (f.check === 'giveaway') {
    return `The question gives its answer away (${f.detail}); rephrase it.`;
  }
  if (f.check === 'answer')
    return `The answer must be a real term from the material (${f.detail}).`;
  return `${f.check}: ${f.detail}.`;
}

/** Any run of underscores (full-width too) becomes the one blank marker. */
function normalizeBlanks(raw: RawQuestion): RawQuestion {
  if (raw.type !== 'dropdown_fill_in_blank') return raw;
  return { ...raw, question: raw.question.replace(/[_＿]{3,}/g, BLANK_MARKER) };
}

const same = (a: string, b: string) => fold(a).text === fold(b).text;
const distinct = (items: string[]) => new Set(items.map((s) => fold(s).text)).size === items.length;

function optionErrors(what: string, answer: string, distractors: string[]): string[] {
  if (!answer) return [`${what} has no correct answer.`];
  if (distractors.length !== 3 || distractors.some((d) => !d)) {
    return [`${what} needs exactly 3 non-empty distractors (it has ${distractors.length}).`];
  }
  if (!distinct([answer, ...distractors])) {
    return [`${what}: the correct answer and the 3 distractors must all be different.`];
  }
  return [];
}

function typeErrors(raw: RawQuestion, allowed: QuestionType[]): string[] {
  if (!allowed.includes(raw.type)) return [`The type ${raw.type} was not requested.`];
  if (!raw.question) return ['"question" is empty.'];
  if (!raw.explanation) return ['"explanation" is empty.'];
  switch (raw.type) {
    case 'multiple_choice':
      return optionErrors('The question', raw.correct_answer, raw.distractors);
    case 'true_false':
      if (!raw.false_statement) return ['"false_statement" is empty.'];
      return same(raw.question, raw.false_statement)
        ? ['"false_statement" must differ from the true statement.']
        : [];
    case 'short_answer':
      return raw.correct_answer ? [] : ['"correct_answer" is empty.'];
    case 'dropdown_fill_in_blank': {
      const markers = raw.question.split(BLANK_MARKER).length - 1;
      if (markers === 0) return [`"question" has no ${BLANK_MARKER} blank.`];
      if (markers !== raw.blanks.length) {
        return [`"question" has ${markers} blanks but "blanks" has ${raw.blanks.length} entries.`];
      }
      return raw.blanks.flatMap((b, i) => optionErrors(`Blank ${i + 1}`, b.answer, b.distractors));
    }
  }
}

/** Every text the learner sees, in one string. */
function visibleText(raw: RawQuestion): string {
  return [
    raw.question,
    raw.false_statement,
    raw.correct_answer,
    ...raw.distractors,
    ...raw.accepted_answers,
    ...raw.blanks.flatMap((b) => [b.answer, ...b.distractors]),
    raw.explanation,
    ...raw.related_concepts,
  ].join('\n');
}

function mapVisible(raw: RawQuestion, f: (s: string) => string): RawQuestion {
  return {
    ...raw,
    question: f(raw.question),
    false_statement: f(raw.false_statement),
    correct_answer: f(raw.correct_answer),
    distractors: raw.distractors.map(f),
    accepted_answers: raw.accepted_answers.map(f),
    blanks: raw.blanks.map((b) => ({ answer: f(b.answer), distractors: b.distractors.map(f) })),
    explanation: f(raw.explanation),
    related_concepts: raw.related_concepts.map(f),
  };
}

/** undefined when fine; 'convert' or 'rewrite' for Simplified Chinese; otherwise the problem. */
function languageErrors(raw: RawQuestion, language: QuizSettings['language']) {
  const text = visibleText(raw);
  const han = text.match(/\p{Script=Han}/gu)?.length ?? 0;
  const latin = text.match(/\p{Script=Latin}/gu)?.length ?? 0;
  if (language === 'en-US') {
    return han * 4 > latin ? 'It is not written in English.' : undefined;
  }
  if (han === 0 || han * 4 < latin) return 'It is not written in Traditional Chinese.';
  const verdict = judgeScript(text);
  return verdict.action === 'ok' ? undefined : verdict.action;
}
