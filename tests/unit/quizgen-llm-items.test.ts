import { describe, expect, it } from 'vitest';
import type { ExtractedDocument } from '../../api/extract/types.js';
import { planQuiz } from '../../api/quizgen/llm/chunks.js';
import { parseItem, parseReply, replyJsonSchema } from '../../api/quizgen/llm/schema.js';
import { selectCandidates } from '../../api/quizgen/llm/select.js';
import { sentencesOf } from '../../api/quizgen/llm/sentences.js';
import { ItemChecker, type Candidate } from '../../api/quizgen/llm/validate.js';
import { QUESTION_TYPES, type QuizSettings } from '../../api/quizgen/types.js';
import {
  chineseConstitution,
  englishColumn,
  wholeConstitution,
} from '../fixtures/llm/documents.js';

const settings = (over: Partial<QuizSettings> = {}): QuizSettings => ({
  questionCount: 5,
  questionTypes: [...QUESTION_TYPES],
  difficulty: 'basic',
  language: 'en-US',
  ...over,
});

/** A well-formed multiple-choice item on the column's ROOST sentence, to vary per test. */
const roost = (over: Record<string, unknown> = {}) => ({
  type: 'multiple_choice',
  question: 'At which event did the author co-launch the ROOST Foundation?',
  false_statement: '',
  correct_answer: 'The Paris AI Summit in February',
  distractors: [
    'A U.S. Senate hearing on chatbots',
    'A Silicon Valley safety conference',
    'The release of gpt-oss-safeguard',
  ],
  accepted_answers: [],
  blanks: [],
  explanation: 'The ROOST Foundation was co-launched at the Paris AI Summit in February.',
  related_concepts: ['ROOST Foundation'],
  evidence_sentence_ids: ['b4.s1'],
  evidence_quote:
    'At the Paris AI Summit in February, I co-launched the ROOST Foundation with Meta’s Chief AI Scientist Yann LeCun',
  ...over,
});

function checker(doc: ExtractedDocument = englishColumn(), s: QuizSettings = settings()) {
  return new ItemChecker(doc, sentencesOf(doc), s);
}

function errorsOf(item: unknown, c = checker()): string[] {
  const verdict = c.check(item);
  return verdict.ok ? [] : verdict.errors;
}

describe('the reply schema', () => {
  it('is strict-mode shaped: every object closed, every property required, no oneOf', () => {
    const visit = (node: unknown): void => {
      if (!node || typeof node !== 'object') return;
      const n = node as Record<string, unknown>;
      expect(n).not.toHaveProperty('oneOf');
      expect(n).not.toHaveProperty('anyOf');
      if (n.type === 'object') {
        expect(n.additionalProperties).toBe(false);
        expect([...(n.required as string[])].sort()).toEqual(
          Object.keys(n.properties as object).sort(),
        );
      }
      Object.values(n).forEach(visit);
    };
    visit(replyJsonSchema);
  });

  it('reads a reply in a code fence and refuses prose or a wrong shape', () => {
    const fenced = parseReply('```json\n{"questions": [{"type": "true_false"}]}\n```');
    expect(fenced).toEqual({ ok: true, items: [{ type: 'true_false' }] });
    expect(parseReply('Sorry, I cannot help.')).toEqual({
      ok: false,
      errors: ['The reply contained no JSON object.'],
    });
    expect(parseReply('{"quiz": []}').ok).toBe(false);
    // Reasoning models' thinking, and a bare list of questions, as local servers return them.
    expect(
      parseReply('<think>Use {"questions"} as asked.</think>\n[{"type": "short_answer"}]'),
    ).toEqual({
      ok: true,
      items: [{ type: 'short_answer' }],
    });
    expect(parseReply('').ok).toBe(false);
  });

  it('names the fields an item gets wrong', () => {
    const result = parseItem({ ...roost(), type: 'essay', distractors: 'none' });
    expect(result.ok).toBe(false);
    const errors = result.ok ? [] : result.errors.join('\n');
    expect(errors).toMatch(/^type: /m);
    expect(errors).toMatch(/^distractors: /m);
  });
});

describe('checking one question', () => {
  it('accepts a grounded question and locates its evidence', () => {
    const verdict = checker().check(roost());
    expect(verdict.ok).toBe(true);
    if (verdict.ok) expect(verdict.candidate.blockIndex).toBe(3);
  });

  it('accepts a verbatim quote under the wrong sentence id, and cites where it really is', () => {
    const verdict = checker().check(roost({ evidence_sentence_ids: ['b9.s1'] }));
    expect(verdict.ok && verdict.candidate.blockIndex).toBe(3);
  });

  it('rejects a multiple-choice item without 3 distinct distractors', () => {
    expect(errorsOf(roost({ distractors: ['Six months', 'Twelve months'] }))).toEqual([
      'The question needs exactly 3 non-empty distractors (it has 2).',
    ]);
    expect(
      errorsOf(roost({ distractors: ['Six months', 'The Paris AI Summit in February', 'x'] })),
    ).toEqual(['The question: the correct answer and the 3 distractors must all be different.']);
  });

  it('rejects a fill-in whose blanks do not match its _____ markers', () => {
    const item = roost({
      type: 'dropdown_fill_in_blank',
      question: 'The ROOST Foundation was co-launched at the _____ in _____.',
      correct_answer: '',
      distractors: [],
      blanks: [{ answer: 'Paris AI Summit', distractors: ['Senate', 'Sora launch', 'G7'] }],
    });
    expect(errorsOf(item)).toEqual(['"question" has 2 blanks but "blanks" has 1 entries.']);
  });

  it('takes any run of underscores as a blank', () => {
    const item = roost({
      type: 'dropdown_fill_in_blank',
      question: 'The ROOST Foundation was co-launched at the ________ in February.',
      correct_answer: '',
      distractors: [],
      blanks: [
        { answer: 'Paris AI Summit', distractors: ['Senate hearing', 'Sora launch', 'G7 meeting'] },
      ],
    });
    const verdict = checker().check(item);
    expect(verdict.ok && verdict.candidate.raw.question).toBe(
      'The ROOST Foundation was co-launched at the _____ in February.',
    );
  });

  it('rejects a true/false item whose false statement is the true one', () => {
    const item = roost({
      type: 'true_false',
      question: 'The ROOST Foundation was co-launched at the Paris AI Summit.',
      false_statement: 'The ROOST Foundation was co-launched at the Paris AI Summit!',
      correct_answer: '',
      distractors: [],
    });
    expect(errorsOf(item)).toEqual(['"false_statement" must differ from the true statement.']);
  });

  it('rejects a type the learner did not ask for, and the wrong language', () => {
    const c = checker(englishColumn(), settings({ questionTypes: ['true_false'] }));
    expect(errorsOf(roost(), c)).toContain('The type multiple_choice was not requested.');
    expect(
      errorsOf(
        roost({
          question: 'ROOST 基金會是在哪一個場合共同創立的？',
          explanation: '作者在二月的巴黎人工智慧峰會共同創立 ROOST 基金會。',
        }),
      ),
    ).toContain('It is not written in English.');
  });

  it('rejects a question that gives its answer away (the shared checks)', () => {
    const errors = errorsOf(
      roost({
        question: 'The Paris AI Summit in February: where was the ROOST Foundation launched?',
      }),
    );
    expect(errors.join(' ')).toMatch(/gives its answer away/);
  });
});

describe('planning the requests', () => {
  it('asks for about 1.5× the requested count, spread over the chunks it sends', () => {
    const plan = planQuiz(chineseConstitution(), settings({ language: 'zh-TW' }));
    expect(plan.target).toBe(5);
    expect(plan.batches.reduce((n, b) => n + b.ask, 0)).toBe(8);
    expect(plan.batches.reduce((n, b) => n + b.need, 0)).toBe(5);
    const chunks = plan.batches.flatMap((b) => b.chunks);
    expect(chunks.map((c) => c.chunk.label)).toEqual(['page 1', 'page 2', 'page 3']);
    for (const c of chunks) expect(c.ask).toBeGreaterThanOrEqual(1);
  });

  it('covers every quarter of a long document instead of its first pages', () => {
    const doc = wholeConstitution();
    const plan = planQuiz(doc, settings({ questionCount: 10, language: 'zh-TW' }));
    const chosen = plan.batches.flatMap((b) => b.chunks.map((c) => c.chunk));
    // Where each chosen chunk's middle falls in the document, by characters.
    const starts: number[] = [];
    doc.blocks.reduce((offset, b) => (starts.push(offset), offset + b.text.length), 0);
    const total = doc.blocks.reduce((n, b) => n + b.text.length, 0);
    const quarters = new Set(
      chosen.map((c) => {
        const first = c.sentences[0]!;
        const last = c.sentences.at(-1)!;
        const middle =
          (starts[first.blockIndex]! + first.start + starts[last.blockIndex]! + last.end) / 2;
        return Math.floor((middle / total) * 4);
      }),
    );
    expect(plan.chunks.length).toBeGreaterThan(chosen.length);
    expect(quarters).toEqual(new Set([0, 1, 2, 3]));
    for (const b of plan.batches) expect(b.ask).toBeLessThanOrEqual(10);
  });

  it('asks for no more questions than the material has sentences for, and says so', () => {
    const doc = englishColumn();
    doc.blocks = doc.blocks.slice(0, 2);
    const plan = planQuiz(doc, settings({ questionCount: 20 }));
    expect(plan.target).toBe(plan.capacity);
    expect(plan.target).toBeLessThan(20);
  });
});

describe('selecting the quiz', () => {
  const candidate = (over: Partial<Candidate> & { type?: Candidate['raw']['type'] }): Candidate => {
    const verdict = checker().check(roost());
    if (!verdict.ok) throw new Error('fixture item must pass');
    const { type, ...rest } = over;
    return {
      ...verdict.candidate,
      raw: { ...verdict.candidate.raw, type: type ?? 'multiple_choice' },
      ...rest,
    };
  };

  it('never puts two questions on the same passage in one quiz', () => {
    const a = candidate({
      fact: 'After eight months of development, the release of this open model',
    });
    const b = candidate({
      fact: 'After eight months of development the release of this open model.',
    });
    const c = candidate({ fact: 'In Thailand, for instance, insulting the monarch is illegal' });
    const goal = {
      target: 3,
      types: new Map([['multiple_choice' as const, 3]]),
      perChunk: new Map(),
      chunkOf: () => 1,
    };
    expect(selectCandidates([a, b, c], goal)).toEqual([a, c]);
  });

  it('lets the key be the longest option in at most ~35% of multiple-choice questions', () => {
    const facts = [
      'alpha beta gamma',
      'delta epsilon zeta',
      'eta theta iota',
      'kappa lambda mu',
      'nu xi omicron',
      'pi rho sigma',
    ];
    const pool = facts.map((fact, i) => candidate({ fact, keyIsLongest: i < 4 }));
    const goal = {
      target: 5,
      types: new Map([['multiple_choice' as const, 5]]),
      perChunk: new Map(),
      chunkOf: () => 1,
    };
    const chosen = selectCandidates(pool, goal);
    expect(chosen.filter((c) => c.keyIsLongest)).toHaveLength(1);
    expect(chosen).toHaveLength(3);
  });
});
