/**
 * A quiz from an exam material (issue 17): the recognised items of its question papers taken
 * verbatim — stem and options as printed, in their order, the key of its answer key with its
 * corrections — never a generated question about a question. Pure functions of the
 * recognition, the document and the settings; the generation runner calls them.
 */
import type { Block, ExtractedDocument } from '../extract/types.js';
import { createRng } from '../quizgen/builtin/rng.js';
import type {
  GeneratedQuestion,
  QuizLanguage,
  QuizNotice,
  QuizSettings,
} from '../quizgen/types.js';
import type { ExamItem, ExamRecognition } from './types.js';

/** Fewer recognised items than this, without a key, is a numbered list in prose, not a paper. */
export const MIN_PAPER_ITEMS = 5;

/** Why a recognised item cannot be asked (it is left out, never asked with a guessed key). */
export type Unusable = 'no-key' | 'key-not-an-option';

/**
 * The item's problem when it cannot be asked as a scored question (single-choice or
 * multiple-select).
 */
export function unusableReason(item: ExamItem): Unusable | null {
  if (item.anyAnswer) return null;
  if (item.key.length === 0) return 'no-key';
  const letters = new Set(item.options.map((o) => o.letter));
  const sets = item.keySets ?? [item.key];
  return sets.every((set) => set.length > 0 && set.every((k) => letters.has(k)))
    ? null
    : 'key-not-an-option';
}

/** The items a quiz may ask, in paper order. */
export const usableItems = (rec: ExamRecognition) =>
  rec.items.filter((item) => unusableReason(item) === null);

/**
 * The items unscored practice may ask when the paper has no answer key: every choice item
 * (single and multiple-select), in paper order, with no key at all.
 */
export const practiceItems = (rec: ExamRecognition) =>
  rec.keyFound ? [] : rec.items.filter((item) => item.options.length > 1);

/** True when the material holds an exam paper the quiz should take its items from. */
export function isExamMaterial(rec: ExamRecognition | null): rec is ExamRecognition {
  if (!rec) return false;
  return rec.keyFound ? usableItems(rec).length > 0 : rec.items.length >= MIN_PAPER_ITEMS;
}

/**
 * The files of the material that are exam papers or answer keys: the files items and essays
 * come from, and the key files the reader used (`keyFileIds`). Everything else is prose a
 * mixed material's generated questions come from.
 */
export function examFileIds(rec: ExamRecognition): Set<string> {
  return new Set<string>([
    ...rec.items.map((i) => i.citation.fileId),
    ...rec.essays.map((e) => e.citation.fileId),
    ...(rec.keyFileIds ?? []),
  ]);
}

/** The material without its exam files: what a generator may write questions from. */
export function proseDocument(rec: ExamRecognition, doc: ExtractedDocument): ExtractedDocument {
  const exam = examFileIds(rec);
  const blocks: Block[] = doc.blocks.filter((b) => !exam.has(b.fileId) && b.text.trim());
  return { ...doc, blocks };
}

/** The language the paper is written in: Chinese when most stems hold Han characters. */
export function paperLanguage(items: readonly ExamItem[]): QuizLanguage {
  const han = items.filter((i) => /\p{Script=Han}/u.test(i.stem)).length;
  return han * 2 >= items.length ? 'zh-TW' : 'en-US';
}

function pageOf(item: ExamItem): number | undefined {
  const l = item.citation.location;
  return l.kind === 'page' ? l.page : undefined;
}

/** Where the item stands, in words: the explanation when the key has no correction note. */
export function citationText(item: ExamItem, language: QuizLanguage): string {
  const page = pageOf(item);
  if (language === 'zh-TW')
    return `${item.paper} 第 ${item.number} 題${page === undefined ? '' : `（第 ${page} 頁）`}`;
  return `${item.paper}, question ${item.number}${page === undefined ? '' : ` (page ${page})`}`;
}

/** One item as a quiz question, verbatim; `id` is its place in the quiz. */
export function examQuestion(
  item: ExamItem,
  id: string,
  language: QuizLanguage,
  { unscored = false }: { unscored?: boolean } = {},
): GeneratedQuestion {
  const options = item.options.map((o) => ({ id: o.letter.toLowerCase(), text: o.text }));
  // Unscored practice carries no key at all: nothing can be scored against a guess.
  const accepted = unscored ? [] : item.key.map((k) => k.toLowerCase());
  const multi = item.kind === 'multi';
  const sets = (item.keySets ?? [item.key]).map((set) => set.map((k) => k.toLowerCase()));
  return {
    id,
    type: 'multiple_choice',
    question: item.stem,
    options,
    ...(multi && { multiSelect: true }),
    ...(accepted[0] !== undefined && { correctOptionId: accepted[0] }),
    // A multiple-select item: the accepted sets of options (all-or-nothing, decision 0021).
    ...(multi && !unscored && !item.anyAnswer && { acceptedOptionSets: sets }),
    ...(!multi && accepted.length > 1 && { acceptedOptionIds: accepted }),
    ...(item.anyAnswer && !unscored && { anyAnswer: true }),
    ...(unscored && { unscored: true }),
    // No invented rationale: the correction's own note, else where the item stands.
    explanation: item.correctionNote?.trim() || citationText(item, language),
    relatedConcepts: [item.paper],
    citation: {
      fileId: item.citation.fileId,
      quote: item.citation.quote,
      location: item.citation.location,
    },
    exam: { paper: item.paper, number: item.number },
  };
}

/** The learner chose unscored practice and the paper has no key (with a key it is scored). */
export const isUnscoredPractice = (rec: ExamRecognition, settings: QuizSettings) =>
  !rec.keyFound && settings.exam?.unscored === true;

export interface ExamPick {
  questions: GeneratedQuestion[];
  language: QuizLanguage;
  notices: QuizNotice[];
  /** How many more questions the learner asked for than the paper gave. */
  missing: number;
}

/**
 * The exam items of a quiz: every usable item (`exam.all`) or `questionCount` of them, shuffled
 * (a different draw per seed) or the first ones in paper order. Difficulty changes nothing.
 */
export function pickExamQuestions(rec: ExamRecognition, settings: QuizSettings): ExamPick {
  const unscored = isUnscoredPractice(rec, settings);
  const pool = unscored ? practiceItems(rec) : usableItems(rec);
  const language = paperLanguage(pool.length ? pool : rec.items);
  const order = settings.exam?.order ?? 'random';
  const wanted = settings.exam?.all ? pool.length : settings.questionCount;
  const ordered = order === 'paper' ? pool : createRng(settings.seed ?? 0).shuffle(pool);
  const chosen = ordered.slice(0, wanted);
  const notices: QuizNotice[] = [];
  const left = rec.items.length - pool.length;
  if (unscored) notices.push({ code: 'EXAM_UNSCORED' });
  if (left > 0) notices.push({ code: 'EXAM_ITEMS_LEFT_OUT', params: { count: left } });
  return {
    questions: chosen.map((item, i) => examQuestion(item, `q${i + 1}`, language, { unscored })),
    language,
    notices,
    missing: Math.max(0, wanted - chosen.length),
  };
}
