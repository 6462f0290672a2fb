import type { GeneratedQuestion, Option } from '../types.js';
import type { Draft } from './draft.js';
import { dealPositions, type Rng } from './rng.js';
import type { QuizTemplates } from './templates/index.js';

const IDS = ['a', 'b', 'c', 'd'];

/**
 * Turns drafts into questions: the key of every choice item goes to a position dealt evenly
 * across the quiz (in code, never left to chance or to a model), distractors fill the rest in a
 * seeded order, and ids are given.
 */
export function finalizeQuestions(
  drafts: Draft[],
  t: QuizTemplates,
  rng: Rng,
): GeneratedQuestion[] {
  const mcqPositions = dealPositions(drafts.filter((d) => d.choices).length, 4, rng);
  const blankSizes = drafts.flatMap((d) => d.blanks?.map((b) => b.length) ?? []);
  const blankPositions = new Map<number, number[]>();
  for (const size of new Set(blankSizes))
    blankPositions.set(size, dealPositions(blankSizes.filter((s) => s === size).length, size, rng));

  return drafts.map((draft, i) => {
    const common = {
      id: `q${i + 1}`,
      type: draft.type,
      question: draft.question,
      explanation: draft.explanation,
      relatedConcepts: draft.relatedConcepts,
      citation: draft.citation,
    };
    if (draft.choices) {
      const { options, correctOptionId } = place(draft.choices, mcqPositions.shift()!, rng);
      return { ...common, options, correctOptionId };
    }
    if (draft.blanks) {
      const blanks = draft.blanks.map((choices, b) => {
        const { options, correctOptionId } = place(
          choices,
          blankPositions.get(choices.length)!.shift()!,
          rng,
        );
        return { id: `b${b + 1}`, options, correctOptionId };
      });
      return { ...common, blanks };
    }
    if (draft.truth !== undefined) {
      return {
        ...common,
        options: [
          { id: 'true', text: t.trueLabel },
          { id: 'false', text: t.falseLabel },
        ],
        correctOptionId: draft.truth ? 'true' : 'false',
      };
    }
    return { ...common, acceptedAnswers: draft.acceptedAnswers ?? [] };
  });
}

function place(
  choices: string[],
  position: number,
  rng: Rng,
): { options: Option[]; correctOptionId: string } {
  const [key, ...distractors] = choices;
  const ordered = rng.shuffle(distractors);
  ordered.splice(position, 0, key!);
  const options = ordered.map((text, i) => ({ id: IDS[i]!, text }));
  return { options, correctOptionId: IDS[position]! };
}
