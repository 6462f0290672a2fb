import { randomInt } from 'node:crypto';
import type { ExtractedDocument } from '../../extract/types.js';
import { AppError } from '../../lib/errors.js';
import { questionFailures } from '../checks.js';
import type {
  GeneratedQuestion,
  GenerateOptions,
  GenerateResult,
  QuizGenerator,
  QuizLanguage,
  QuizNotice,
  QuizSettings,
  QuestionType,
} from '../types.js';
import { analyseDocument } from './analysis.js';
import { materialLanguage } from './material/language.js';
import { clozeCandidates } from './candidates/cloze.js';
import { definitionCandidates } from './candidates/definition.js';
import { tableCandidates } from './candidates/table.js';
import { enumerationCandidates } from './en-enumeration.js';
import type { BuildContext } from './draft.js';
import { finalizeQuestions } from './finalize.js';
import { createRng, hashString } from './rng.js';
import { capKeyLongest } from './balance.js';
import { planSlots, selectDrafts } from './select.js';
import { templatesFor } from './templates/index.js';

const CLOSENESS = { beginner: 0.1, basic: 0.45, advanced: 0.75, expert: 1 } as const;

/**
 * The built-in quiz generator: no model, no network, the same quiz for the same document,
 * settings and seed. Overgenerates candidates from the document, checks, ranks and selects.
 */
export function createBuiltinGenerator(): QuizGenerator {
  return { generate };
}

async function generate(
  doc: ExtractedDocument,
  settings: QuizSettings,
  opts: GenerateOptions = {},
): Promise<GenerateResult> {
  const progress = opts.onProgress ?? (() => {});
  const checkAbort = () => {
    if (opts.signal?.aborted) throw new AppError('GENERATION_CANCELLED');
  };
  const step = async () => {
    // Let an abort signal or another request in between steps.
    await new Promise((resolve) => setImmediate(resolve));
    checkAbort();
  };
  const notices: QuizNotice[] = [];
  const language = materialLanguage(doc);
  const material = language === 'zh-TW' ? 'zh-TW' : language === 'en' ? 'en-US' : 'other';
  // Without a model nothing can be translated: the quiz is written in the material's language
  // (stems, options, explanations), and the notice says so rather than claiming a translation.
  const written: QuizLanguage = material === 'other' ? settings.language : material;
  if (material !== settings.language)
    notices.push({
      code: 'LANGUAGE_MISMATCH',
      params: { material: language, quiz: settings.language, written, translated: 0 },
    });

  await step();
  progress('reading', 0);
  const analysis = analyseDocument(
    language === doc.language ? doc : { ...doc, language },
    checkAbort,
  );
  progress('reading', 1);
  await step();

  progress('concepts', 0);
  // Table rows are asked by the table family (natural stems, same-column distractors), never
  // as a record dump with a blank.
  const cloze = [
    ...tableCandidates(analysis),
    ...(settings.difficulty === 'expert' ? enumerationCandidates(analysis) : []),
    ...clozeCandidates(analysis).filter((c) => !c.sentence.record),
  ];
  const definitions = definitionCandidates(analysis);
  progress('concepts', 1);
  await step();

  const t = templatesFor(written);
  // No seed given (a learner's request): a fresh one, so two quizzes of one material differ in
  // what they ask, where the keys stand and how many statements are true.
  // A given seed is mixed with the document, so two materials quizzed with one seed (an
  // evaluation run, a test) do not share key positions, true/false split and type order.
  const rng = createRng(
    (settings.seed ?? randomInt(2 ** 31)) ^
      hashString(`${analysis.fullText.length}:${analysis.fullText.slice(0, 2000)}`),
  );
  // The even split sizes the key-longest budgets until selection plans the real mix from the
  // material's supply per type (decision 0046) and resizes them.
  const slots = planSlots(settings.questionCount, settings.questionTypes);
  const choiceItems = slots.filter((s) => s === 'multiple_choice').length;
  const blankItems = slots.filter((s) => s === 'dropdown_fill_in_blank').length;
  const ctx: BuildContext = {
    a: analysis,
    t,
    closeness: CLOSENESS[settings.difficulty],
    blankOptions: settings.difficulty === 'beginner' ? 3 : 4,
    maxBlanks: settings.difficulty === 'expert' ? 2 : 1,
    mcqLongest: { used: 0, max: Math.floor(choiceItems * 0.35) },
    usedKeys: new Set(),
    allowReuse: false,
    blankLongest: {
      used: 0,
      max: Math.floor(blankItems * (settings.difficulty === 'expert' ? 2 : 1) * 0.35),
    },
  };
  progress('writing', 0);
  const selected = selectDrafts(ctx, cloze, definitions, settings, rng, (done) =>
    progress('writing', done / Math.max(1, slots.length)),
  );
  const requested: QuestionType[] = settings.questionTypes.length
    ? settings.questionTypes
    : ['multiple_choice'];
  await step();

  progress('checking', 0);
  // A question failing a check is dropped before the key positions are dealt, so the
  // dealing stays even over the questions that remain.
  const drafts = capKeyLongest(selected.drafts);
  const failing = new Set(
    finalizeQuestions(drafts, t, createRng(0))
      .map((q, i) => (questionFailures(q, doc, written).length ? i : -1))
      .filter((i) => i >= 0),
  );
  const questions = withinTrueFalseSplit(
    withoutOneSidedStatements(
      finalizeQuestions(
        drafts.filter((_, i) => !failing.has(i)),
        t,
        rng,
      ),
    ),
  );
  // Notices agree with the quiz as produced: a type is "unavailable" only when none of its
  // questions survived selection and the checks.
  const produced = new Set(questions.map((q) => q.type));
  for (const notice of selected.notices) {
    const type = notice.params?.type;
    if (
      notice.code === 'TYPE_UNAVAILABLE' &&
      (produced.has(type as QuestionType) || !requested.includes(type as QuestionType))
    )
      continue;
    notices.push(notice);
  }
  for (const type of requested)
    if (
      !produced.has(type) &&
      !notices.some((n) => n.code === 'TYPE_UNAVAILABLE' && n.params?.type === type)
    )
      notices.push({ code: 'TYPE_UNAVAILABLE', params: { type } });
  if (questions.length < settings.questionCount)
    notices.push(
      shortQuizNotice(
        settings.questionCount,
        questions,
        selected.slots,
        new Set([...cloze, ...definitions].map((c) => c.sentence.id)).size,
        analysis.fullText.length,
      ),
    );
  progress('checking', 1);
  return { questions, notices, generator: 'builtin', language: written };
}

/**
 * True/false statements that all have one key teach a pattern (answer "true" to everything):
 * when a material gave no statement of the other kind, at most two are kept and the quiz says
 * it is short rather than padded with a guessable run.
 */
function withoutOneSidedStatements(questions: GeneratedQuestion[]): GeneratedQuestion[] {
  const statements = questions.filter((q) => q.type === 'true_false');
  if (statements.length < 3 || new Set(statements.map((q) => q.correctOptionId)).size > 1)
    return questions;
  const dropped = new Set(statements.slice(2));
  return questions.filter((q) => !dropped.has(q));
}

/**
 * A statement dropped by the checks after balancing may leave a lopsided split (5 of 6 true):
 * the last statements of the surplus truth go until the split is within 20–80% (the
 * true-false-balance check) — a shorter quiz that says so, never a guessable run.
 */
export function withinTrueFalseSplit(questions: GeneratedQuestion[]): GeneratedQuestion[] {
  let out = questions;
  for (;;) {
    const statements = out.filter((q) => q.type === 'true_false');
    const trues = statements.filter((q) => q.correctOptionId === 'true').length;
    const share = trues / statements.length;
    if (statements.length < 5 || (share >= 0.2 && share <= 0.8)) return out;
    const surplus = share > 0.8 ? 'true' : 'false';
    const last = statements.findLast((q) => q.correctOptionId === surplus)!;
    out = out.filter((q) => q !== last);
  }
}

/** A material this short (characters) may really be too small for the quiz asked. */
const SHORT_MATERIAL_CHARS = 4000;

/**
 * The notice of a quiz shorter than asked, naming the real cause: a material with too few
 * sentences to ask about (reason "material"), or one whose candidates mostly failed the
 * soundness checks (reason "checks": too few sound items of the types listed, e.g. no set of
 * distractors of the key's kind in an interview). A long transcript is never "not enough
 * material".
 */
export function shortQuizNotice(
  requested: number,
  questions: readonly GeneratedQuestion[],
  slots: readonly QuestionType[],
  candidateSentences: number,
  chars: number,
): QuizNotice {
  const produced = questions.length;
  const material = candidateSentences < requested && chars < SHORT_MATERIAL_CHARS;
  const planned = new Map<QuestionType, number>();
  for (const type of slots) planned.set(type, (planned.get(type) ?? 0) + 1);
  const made = (type: QuestionType) => questions.filter((q) => q.type === type).length;
  const short = [...planned].filter(([type, n]) => made(type) < n).map(([type]) => type);
  return {
    code: 'NOT_ENOUGH_MATERIAL',
    params: {
      requested,
      produced,
      reason: material ? 'material' : 'checks',
      types: (short.length ? short : [...planned.keys()]).join(','),
    },
  };
}
