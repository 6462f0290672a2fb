import { z } from 'zod';
import { QUESTION_TYPES } from '../types.js';

/*
 * The reply the model must give: {"questions": [flat question, ...]}. One flat object covers the
 * four types — no oneOf, every field required, additionalProperties false — because that is what
 * OpenAI's strict structured outputs accept and what local servers turn into a grammar. Fields
 * that do not apply to a type hold "" or []. The model writes the correct answer and the
 * distractors separately; Mnemo orders the options itself.
 */

const str = (description: string) => ({ type: 'string', description }) as const;
const strList = (description: string) =>
  ({ type: 'array', items: { type: 'string' }, description }) as const;

const blankSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['answer', 'distractors'],
  properties: {
    answer: str('The word or phrase that fills this blank.'),
    distractors: strList('Exactly 3 wrong fillers of the same kind.'),
  },
} as const;

export const questionJsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'type',
    'question',
    'false_statement',
    'correct_answer',
    'distractors',
    'accepted_answers',
    'blanks',
    'explanation',
    'related_concepts',
    'evidence_sentence_ids',
    'evidence_quote',
  ],
  properties: {
    type: { type: 'string', enum: [...QUESTION_TYPES] },
    question: str(
      'multiple_choice/short_answer: the question. true_false: a TRUE statement. ' +
        'dropdown_fill_in_blank: a sentence with _____ for each blank.',
    ),
    false_statement: str('true_false only: the statement minimally changed to be false; else "".'),
    correct_answer: str('multiple_choice and short_answer: the correct answer; else "".'),
    distractors: strList('multiple_choice only: exactly 3 wrong answers; else [].'),
    accepted_answers: strList('short_answer only: other correct forms of the answer; else [].'),
    blanks: {
      type: 'array',
      items: blankSchema,
      description: 'dropdown_fill_in_blank only: one entry per _____ in order; else [].',
    },
    explanation: str('Why the answer is right, from the material.'),
    related_concepts: strList('1-3 key terms from the material.'),
    evidence_sentence_ids: strList('Ids of the sentences stating the answer, e.g. "b3.s2".'),
    evidence_quote: str('A passage copied verbatim from those sentences.'),
  },
} as const;

export const replyJsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['questions'],
  properties: { questions: { type: 'array', items: questionJsonSchema } },
} as const;

const text = z.string().transform((s) => s.trim());

/** The local check of one question object: the same shape as the JSON schema. */
export const rawQuestionSchema = z.object({
  type: z.enum(QUESTION_TYPES),
  question: text,
  false_statement: text,
  correct_answer: text,
  distractors: z.array(text),
  accepted_answers: z.array(text),
  blanks: z.array(z.object({ answer: text, distractors: z.array(text) })),
  explanation: text,
  related_concepts: z.array(text),
  evidence_sentence_ids: z.array(text),
  evidence_quote: text,
});
export type RawQuestion = z.infer<typeof rawQuestionSchema>;

export type ParsedReply = { ok: true; items: unknown[] } | { ok: false; errors: string[] };

/**
 * The reply's question list, or what is wrong with it as a whole. Code fences and prose around
 * the object are tolerated (json_object-mode servers add them); each item is checked later, so
 * one bad item does not throw away the good ones.
 */
export function parseReply(content: string | null | undefined): ParsedReply {
  // Reasoning models served through Ollama or vLLM may put their thinking before the answer.
  const text = (content ?? '').replace(/<think>[\s\S]*?<\/think>/g, '').trim();
  if (!text) return { ok: false, errors: ['The reply was empty.'] };
  const object = text.indexOf('{');
  const array = text.indexOf('[');
  // Some local models answer with the bare list of questions.
  const bare = array >= 0 && (object < 0 || array < object);
  const start = bare ? array : object;
  const end = text.lastIndexOf(bare ? ']' : '}');
  if (start < 0 || end < start) {
    return { ok: false, errors: ['The reply contained no JSON object.'] };
  }
  let value: unknown;
  try {
    value = JSON.parse(text.slice(start, end + 1));
  } catch (err) {
    return { ok: false, errors: [`The reply is not valid JSON: ${(err as Error).message}.`] };
  }
  const shape = z
    .object({ questions: z.array(z.unknown()) })
    .safeParse(bare ? { questions: value } : value);
  if (!shape.success) {
    return {
      ok: false,
      errors: ['The reply must be an object {"questions": [...]} with a "questions" array.'],
    };
  }
  return { ok: true, items: shape.data.questions };
}

/** One item against the schema: the question, or its problems in words the model can act on. */
export function parseItem(
  item: unknown,
): { ok: true; value: RawQuestion } | { ok: false; errors: string[] } {
  const parsed = rawQuestionSchema.safeParse(item);
  if (parsed.success) return { ok: true, value: parsed.data };
  return {
    ok: false,
    errors: parsed.error.issues.map((i) => `${i.path.join('.') || 'item'}: ${i.message}`),
  };
}
