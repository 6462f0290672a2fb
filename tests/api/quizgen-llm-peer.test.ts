import { afterEach, describe, expect, it } from 'vitest';
import type { LlmConfig } from '../../api/env.js';
import type { ExtractedDocument } from '../../api/extract/types.js';
import { checkQuiz } from '../../api/quizgen/checks.js';
import { createQuizGenerator } from '../../api/quizgen/index.js';
import { simplifiedOnlyChars } from '../../api/quizgen/text/chinese-script.js';
import {
  QUESTION_TYPES,
  type GeneratedQuestion,
  type GenerationStage,
  type QuizSettings,
} from '../../api/quizgen/types.js';
import { chineseConstitution, englishColumn } from '../fixtures/llm/documents.js';
import {
  lastUserMessage,
  loadReplies,
  startOpenAiPeer,
  type OpenAiPeer,
  type PeerOptions,
  type PeerReply,
} from '../support/openai-peer.js';

/*
 * The LLM generator against a local OpenAI-compatible server answering from recorded replies:
 * what the learner gets, and what Mnemo sent the model.
 */

let peer: OpenAiPeer | undefined;
afterEach(async () => {
  await peer?.close();
  peer = undefined;
});

async function serve(replies: PeerReply[], options?: PeerOptions) {
  peer = await startOpenAiPeer(replies, options);
  return peer;
}

function generatorFor(p: OpenAiPeer, llm: Partial<LlmConfig> = {}) {
  return createQuizGenerator({
    llm: {
      baseUrl: p.baseUrl,
      apiKey: 'test-key',
      model: 'quiz-model',
      timeoutMs: 10_000,
      fallbackToBuiltin: false,
      ...llm,
    },
  });
}

const settings = (over: Partial<QuizSettings> = {}): QuizSettings => ({
  questionCount: 5,
  questionTypes: [...QUESTION_TYPES],
  difficulty: 'basic',
  language: 'en-US',
  seed: 7,
  ...over,
});
const zhSettings = (over: Partial<QuizSettings> = {}) => settings({ language: 'zh-TW', ...over });

/** Every text a learner reads in a question. */
function shownText(q: GeneratedQuestion): string {
  return [
    q.question,
    q.explanation,
    ...q.relatedConcepts,
    ...(q.options ?? []).map((o) => o.text),
    ...(q.blanks ?? []).flatMap((b) => b.options.map((o) => o.text)),
    ...(q.acceptedAnswers ?? []),
  ].join('\n');
}

/** The citation's quote stands, character for character, in the block it points at. */
function expectVerbatimCitations(doc: ExtractedDocument, questions: GeneratedQuestion[]) {
  for (const q of questions) {
    const block = doc.blocks.find(
      (b) =>
        b.fileId === q.citation.fileId &&
        JSON.stringify(b.location) === JSON.stringify(q.citation.location) &&
        b.text.includes(q.citation.quote),
    );
    expect(block, `citation of "${q.question}"`).toBeDefined();
  }
}

describe('LLM quiz generator against an OpenAI-compatible server', () => {
  it('writes an English quiz that passes every quiz check, citing the material verbatim', async () => {
    const p = await serve(loadReplies('en-happy'));
    const doc = englishColumn();
    const stages: Array<[GenerationStage, number]> = [];
    const result = await generatorFor(p).generate(doc, settings(), {
      onProgress: (stage, fraction) => stages.push([stage, fraction]),
    });

    expect(result.generator).toBe('llm');
    expect(result.questions).toHaveLength(5);
    expect(result.notices).toEqual([]);
    expect(checkQuiz(doc, settings(), result)).toEqual([]);
    expectVerbatimCitations(doc, result.questions);
    // The model wrote "co-launched" and "Meta's"; the citation shows the material's own characters.
    const roost = result.questions.find((q) => q.question.includes('ROOST'));
    expect(roost?.citation.quote).toContain('I co‑launched the ROOST Foundation with Meta’s');
    expect(roost?.citation.location).toEqual({
      kind: 'paragraph',
      index: 4,
      headingPath: ['2025-11-06 BW Column: Opening Up AI Safety'],
    });
    expect(new Set(result.questions.map((q) => q.type))).toEqual(new Set(QUESTION_TYPES));

    expect(p.requests).toHaveLength(1);
    const sent = p.requests[0]!.body;
    expect(sent.model).toBe('quiz-model');
    expect(sent.response_format?.type).toBe('json_schema');
    expect(sent.response_format?.json_schema?.strict).toBe(true);
    expect(lastUserMessage(p.requests[0]!)).toContain('[b4.s1] At the Paris AI Summit');
    expect(lastUserMessage(p.requests[0]!)).toContain('Write exactly 8 questions.');

    const order = [...new Set(stages.map(([s]) => s))];
    expect(order).toEqual(['reading', 'concepts', 'writing', 'checking']);
    expect(stages).toContainEqual(['writing', 1]);
    expect(stages.at(-1)).toEqual(['checking', 1]);
  });

  it('writes a zh-TW quiz in Traditional Chinese that passes every quiz check', async () => {
    const p = await serve(loadReplies('zh-happy'));
    const doc = chineseConstitution();
    const result = await generatorFor(p).generate(doc, zhSettings());

    expect(result.questions).toHaveLength(5);
    expect(checkQuiz(doc, zhSettings(), result)).toEqual([]);
    expectVerbatimCitations(doc, result.questions);
    for (const q of result.questions) expect(simplifiedOnlyChars(shownText(q))).toEqual([]);
    const tf = result.questions.filter((q) => q.type === 'true_false');
    for (const q of tf) expect(q.options?.map((o) => o.text)).toEqual(['正確', '錯誤']);
    // The model quoted 「[十二月的第一個星期一]*」 without the brackets; the citation keeps them.
    const monday = result.questions.find((q) => q.question.startsWith('國會每年應至少開會一次'));
    expect(monday?.citation.quote).toContain('此會議應在[十二月的第一個星期一]*舉行');
    expect(lastUserMessage(p.requests[0]!)).toContain('[b7.s1] 第 三 款 合眾國參議院');
  });

  it('sends an unreadable reply back with the parse error and uses the corrected one', async () => {
    const replies = loadReplies('en-invalid-json');
    const p = await serve(replies);
    const doc = englishColumn();
    const result = await generatorFor(p).generate(doc, settings());

    expect(p.requests).toHaveLength(2);
    const retry = p.requests[1]!.body.messages;
    expect(retry[2]).toEqual({ role: 'assistant', content: replies[0]!.text });
    expect(lastUserMessage(p.requests[1]!)).toMatch(
      /Your reply could not be used:\n- The reply is not valid JSON: .+ at position \d+/,
    );
    expect(result.questions).toHaveLength(5);
    expect(checkQuiz(doc, settings(), result)).toEqual([]);
  });

  it('drops a question whose quote is not in the material', async () => {
    const p = await serve(loadReplies('en-ungrounded'));
    const doc = englishColumn();
    const result = await generatorFor(p).generate(doc, settings());

    // Seven grounded questions are plenty for five: nothing is asked again.
    expect(p.requests).toHaveLength(1);
    expect(result.questions).toHaveLength(5);
    expect(result.questions.map((q) => q.question)).not.toContain(
      'How long was the open safety model in development before its release?',
    );
    expectVerbatimCitations(doc, result.questions);
  });

  it('asks again only for the questions that failed when the quiz would be short', async () => {
    const p = await serve(loadReplies('en-ungrounded-short'));
    const doc = englishColumn();
    const result = await generatorFor(p).generate(doc, settings());

    expect(p.requests).toHaveLength(2);
    const ask = lastUserMessage(p.requests[1]!);
    expect(ask).toContain('- Question 2 ("How long was the open safety model');
    expect(ask).toContain('- Question 6 ("What is the name of the openly available');
    expect(ask.match(/is not in the material word for word/g)).toHaveLength(2);
    expect(ask).toContain('2 of the requested questions were not written.');
    expect(ask).toContain(
      'Write 2 new questions to replace them (types: 1 multiple_choice, 1 short_answer',
    );
    expect(ask).not.toContain('Question 1 (');

    expect(result.questions).toHaveLength(5);
    expect(checkQuiz(doc, settings(), result)).toEqual([]);
    const months = result.questions.find((q) => q.question.startsWith('How long was'));
    expect(months?.citation.quote).toBe(
      'After eight months of development, the release of this open model signals that AI content moderation can move from a “black box” approach toward transparency.',
    );
  });

  it('converts a few Simplified characters to Traditional with Taiwan usage, without asking again', async () => {
    const p = await serve(loadReplies('zh-simplified-few'));
    const [clean] = loadReplies('zh-happy');
    const cleanItems = (
      clean!.json as {
        questions: Array<{
          question: string;
          false_statement: string;
          explanation: string;
          related_concepts: string[];
        }>;
      }
    ).questions;
    const doc = chineseConstitution();
    const result = await generatorFor(p).generate(doc, zhSettings());

    expect(p.requests).toHaveLength(1);
    expect(result.questions).toHaveLength(5);
    for (const q of result.questions) {
      expect(simplifiedOnlyChars(shownText(q))).toEqual([]);
      // Each converted text reads as the Traditional original would.
      const original = cleanItems.find(
        (i) => JSON.stringify(i.related_concepts) === JSON.stringify(q.relatedConcepts),
      );
      expect(original, q.question).toBeDefined();
      expect(q.explanation).toBe(original!.explanation);
      expect([original!.question, original!.false_statement]).toContain(q.question);
    }
    expect(checkQuiz(doc, zhSettings(), result)).toEqual([]);
  });

  it('asks again for questions written in Simplified Chinese instead of converting them', async () => {
    const p = await serve(loadReplies('zh-simplified-many'));
    const doc = chineseConstitution();
    const result = await generatorFor(p).generate(doc, zhSettings());

    expect(p.requests).toHaveLength(2);
    const ask = lastUserMessage(p.requests[1]!);
    expect(ask.match(/It is written in Simplified Chinese/g)).toHaveLength(4);
    expect(ask).toContain(
      'Write 2 new questions to replace them (types: 1 multiple_choice, 1 true_false',
    );

    expect(result.questions).toHaveLength(5);
    for (const q of result.questions) expect(simplifiedOnlyChars(shownText(q))).toEqual([]);
    const stems = result.questions.map((q) => q.question);
    expect(stems).not.toContain('依憲法第一條第三款，合眾國參議員的任期是幾年？');
    expect(stems).toContain(
      '關於選舉參議員和眾議員的時間、地點與方式，國會以法律變更時不得變更哪一項？',
    );
    expect(checkQuiz(doc, zhSettings(), result)).toEqual([]);
  });

  it('falls back to JSON mode with the schema in the prompt when the server refuses json_schema, and remembers', async () => {
    const p = await serve(loadReplies('en-json-object'), { rejectJsonSchema: true });
    const doc = englishColumn();
    const generator = generatorFor(p);
    const first = await generator.generate(doc, settings());

    expect(p.requests.map((r) => r.body.response_format?.type)).toEqual([
      'json_schema',
      'json_object',
    ]);
    const system = p.requests[1]!.body.messages[0]!;
    expect(system.role).toBe('system');
    expect(system.content).toContain('The JSON must match this JSON Schema:');
    expect(system.content).toContain('"evidence_quote"');
    expect(first.questions).toHaveLength(5);
    expect(checkQuiz(doc, settings(), first)).toEqual([]);

    const second = await generator.generate(doc, settings({ seed: 8 }));
    expect(p.requests[2]!.body.response_format?.type).toBe('json_object');
    expect(p.requests).toHaveLength(3);
    expect(second.questions).toHaveLength(5);
  });

  it.each([1, 2, 3, 4])(
    'deals the key to each position once in four multiple-choice questions (seed %i)',
    async (seed) => {
      const p = await serve(loadReplies('en-mcq'));
      const doc = englishColumn();
      const s = settings({ questionCount: 4, questionTypes: ['multiple_choice'], seed });
      const result = await generatorFor(p).generate(doc, s);

      expect(result.questions).toHaveLength(4);
      const positions = result.questions.map((q) =>
        q.options!.findIndex((o) => o.id === q.correctOptionId),
      );
      // The model gives the answer first in every item; the quiz does not.
      expect([...positions].sort()).toEqual([0, 1, 2, 3]);
      expect(checkQuiz(doc, s, result)).toEqual([]);
    },
  );
});
