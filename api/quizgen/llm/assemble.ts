import type { ExtractedDocument } from '../../extract/types.js';
import type { GeneratedQuestion, Option, QuizLanguage } from '../types.js';
import { comparisonKey } from '../text/normalize.js';
import { dealPositions, dealTruths, shuffle, type Random } from './random.js';
import type { RawQuestion } from './schema.js';

const LETTERS = ['a', 'b', 'c', 'd'];
const TRUE_FALSE: Record<QuizLanguage, [string, string]> = {
  'zh-TW': ['正確', '錯誤'],
  'en-US': ['True', 'False'],
};

/** A checked question and where its evidence stands. */
export interface Placed {
  raw: RawQuestion;
  blockIndex: number;
  span: { start: number; end: number };
}

/** What code decides, not the model: key positions (MCQ and blanks) and true/false truth. */
export interface Deal {
  mc: number[];
  blanks: number[];
  truths: boolean[];
  random: Random;
}

/** Four options with the key at the dealt position and the distractors shuffled around it. */
function withKeyAt(key: string, distractors: string[], position: number, random: Random) {
  const texts = shuffle(distractors, random);
  texts.splice(position, 0, key);
  const options: Option[] = texts.map((text, i) => ({ id: LETTERS[i] as string, text }));
  return { options, correctOptionId: LETTERS[position] as string };
}

function unique(items: string[]): string[] {
  const seen = new Set<string>();
  return items.filter((s) => {
    const k = comparisonKey(s);
    if (!s || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** One question as the quiz holds it, taking its positions from the deal. */
export function buildQuestion(
  c: Placed,
  id: string,
  doc: ExtractedDocument,
  language: QuizLanguage,
  deal: Deal,
): GeneratedQuestion {
  const { raw } = c;
  const block = doc.blocks[c.blockIndex];
  if (!block) throw new Error(`block ${c.blockIndex} is not in the document`);
  const base = {
    id,
    type: raw.type,
    explanation: raw.explanation,
    relatedConcepts: unique(raw.related_concepts).slice(0, 5),
    citation: {
      fileId: block.fileId,
      quote: block.text.slice(c.span.start, c.span.end),
      location: block.location,
    },
  };
  switch (raw.type) {
    case 'multiple_choice':
      return {
        ...base,
        question: raw.question,
        ...withKeyAt(raw.correct_answer, raw.distractors, deal.mc.shift() ?? 0, deal.random),
      };
    case 'true_false': {
      const truth = deal.truths.shift() ?? true;
      const [trueText, falseText] = TRUE_FALSE[language];
      return {
        ...base,
        question: truth ? raw.question : raw.false_statement,
        options: [
          { id: 'true', text: trueText },
          { id: 'false', text: falseText },
        ],
        correctOptionId: truth ? 'true' : 'false',
      };
    }
    case 'dropdown_fill_in_blank':
      return {
        ...base,
        question: raw.question,
        blanks: raw.blanks.map((b, j) => ({
          id: `blank${j + 1}`,
          ...withKeyAt(b.answer, b.distractors, deal.blanks.shift() ?? 0, deal.random),
        })),
      };
    case 'short_answer':
      return {
        ...base,
        question: raw.question,
        acceptedAnswers: unique([raw.correct_answer, ...raw.accepted_answers]),
      };
  }
}

/**
 * The quiz's questions in document order, with positions dealt in code: the key's place among
 * the options (each place used evenly over the quiz, blanks dealt separately) and which
 * true/false items show the true statement (half of them). The citation quotes the material's
 * own characters at the evidence's place.
 */
export function assembleQuiz(
  chosen: Placed[],
  doc: ExtractedDocument,
  language: QuizLanguage,
  random: Random,
): GeneratedQuestion[] {
  const ordered = [...chosen].sort(
    (a, b) => a.blockIndex - b.blockIndex || a.span.start - b.span.start,
  );
  const count = (type: RawQuestion['type']) => ordered.filter((c) => c.raw.type === type).length;
  const blankCount = ordered.reduce(
    (n, c) => n + (c.raw.type === 'dropdown_fill_in_blank' ? c.raw.blanks.length : 0),
    0,
  );
  const deal: Deal = {
    mc: dealPositions(count('multiple_choice'), 4, random),
    blanks: dealPositions(blankCount, 4, random),
    truths: dealTruths(count('true_false'), random),
    random,
  };
  return ordered.map((c, i) => buildQuestion(c, `q${i + 1}`, doc, language, deal));
}
