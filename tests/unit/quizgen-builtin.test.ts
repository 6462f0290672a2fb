import { describe, expect, it } from 'vitest';
import type { ExtractedDocument } from '../../api/extract/types.js';
import { AppError } from '../../api/lib/errors.js';
import { createBuiltinGenerator } from '../../api/quizgen/builtin/index.js';
import { checkQuiz } from '../../api/quizgen/checks.js';
import {
  QUESTION_TYPES,
  type GenerationStage,
  type QuizSettings,
} from '../../api/quizgen/types.js';

// Real paragraphs: the zh-TW and English versions of Audrey Tang's column (shared/corpus/md).
const zhParagraphs = [
  '上週，OpenAI 釋出全球首次開放的安全推理模型：「gpt-oss-safeguard」。雖然不像每次 ChatGPT 推出新一代模型那般轟動，但它其實事關重大，能真正影響 AI 內容服務是否能持續受社會信任。',
  '這是因為近期屢傳 AI 模型不當運作的悲劇事件：例如，美國青少年與 AI 聊天互動後輕生、也有許多人以此產出大量兒少不宜的內容。這已經促使澳洲在今年底，禁止未滿十六歲兒少使用社群平台，就連 AI 聊天機器人也受限制；同時間，美國參議院也正在研議類似法案。',
  '這讓 AI 巨頭們意識到，如果缺乏應對安全政策的能力，整個產業恐怕會面臨被 全面監管的命運。',
  '今年二月在巴黎 AI 峰會上，我與 Meta 首席 AI 科學家 Yann LeCun、谷歌前執行長 Eric Schmidt 協力啟動的 ROOST 基金會，致力與 OpenAI 等巨頭合作，研發開放授權的安全推理模型。',
  '我們採用的是在 ChatGPT 與 Sora 等每天實際運作的系統，不但具備先進的語意理解能力，而且善於面對各式鑽漏洞行為。歷經八個月研發，這個開放模型的釋出，意味著未來 AI 內容的審核，能從「黑箱」走向透明。',
  '運用這個模型時，首先要輸入安全政策（policy），包括在地法律、組織規範、社會文化。接著，輸入待分類的內容。最後，這個模型產生完整「思路」：它會判斷這是否符合安全政策，並解釋它推理的過程，OpenAI 不會有任何預設立場。',
  '其中值得關注的，是它能因地制宜。例如在泰國，冒犯君王屬於違法內容，但在其他國家的外國公民，就可以自由談論。',
  '當推理過程能被公開稽核，不但不至於屢傳誤判，安全邊界也不再由矽谷單方面決定，而能由各地社群根據自身脈絡，隨時調整安全政策。',
  '而由於任何組織都能直接採用、修改與部署自有安全系統，這也解決了以往中小型平台的困境：常因為單靠人工審核成本高昂，導致兒少暴露在風險之中，或是讓違法內容任意流通。',
  '這也顯示，內容安全正從過去的「軍備競賽」和「封閉系統」，轉向透明、協作。更加多元開放的 AI 未來，正在加速到來。',
];
const enParagraphs = [
  'Last week, OpenAI released the world’s first openly available safety reasoning model: “gpt-oss-safeguard.” While it didn’t generate the kind of buzz that accompanies each new generation of ChatGPT, it is a consequential step—one that could determine whether AI content services can continue to earn society’s trust.',
  'This has already prompted Australia to ban children under sixteen from using social platforms by the end of this year, with restrictions extending to AI chatbots; simultaneously, the U.S. Senate is weighing similar legislation.',
  'At the Paris AI Summit in February, I co‑launched the ROOST Foundation with Meta’s Chief AI Scientist Yann LeCun and former Google CEO Eric Schmidt. The foundation is committed to working with OpenAI and other major players to develop openly licensed safety reasoning models.',
  'We leverage production systems that run daily—such as ChatGPT and Sora—which not only possess advanced semantic understanding but are also adept at handling various attempts to exploit loopholes and jailbreaks. After eight months of development, the release of this open model signals that AI content moderation can move from a “black box” approach toward transparency.',
  'Using the model starts with inputting a safety policy (covering local laws, organizational rules, and socio-cultural norms), followed by the content to be classified. The model then produces a complete reasoning trace: it determines whether the content complies with the policy and explains its reasoning process—without OpenAI imposing any preset stance.',
  'Notably, it can adapt to local contexts. In Thailand, for instance, insulting the monarch is illegal, whereas foreign nationals in other countries are free to discuss the topic.',
  'When the reasoning process can be publicly audited, not only is the frequency of misclassification reduced, but the boundaries of safety are no longer set unilaterally by Silicon Valley. Instead, communities around the world can adjust safety policies to fit their own contexts at any time.',
  'All of this suggests that content safety is shifting away from the past “arms races” and closed systems toward transparency and collaboration. A more diverse and open AI future is accelerating its arrival.',
];
const docOf = (language: 'zh-TW' | 'en', paragraphs: string[]): ExtractedDocument => ({
  language,
  warnings: [],
  blocks: paragraphs.map((text, i) => ({
    fileId: 'col',
    text,
    location: { kind: 'paragraph', index: i + 1 },
  })),
});
const zhDoc = docOf('zh-TW', zhParagraphs);
const enDoc = docOf('en', enParagraphs);
const base: QuizSettings = {
  questionCount: 5,
  questionTypes: [...QUESTION_TYPES],
  difficulty: 'basic',
  language: 'zh-TW',
  seed: 7,
};
const generator = createBuiltinGenerator();

describe('built-in generator', () => {
  it.each([
    ['zh-TW', zhDoc, 'zh-TW'],
    ['en', enDoc, 'en-US'],
  ] as const)('writes a checked %s quiz of every type', async (_, doc, language) => {
    for (const type of QUESTION_TYPES) {
      const settings = { ...base, language, questionTypes: [type] };
      const result = await generator.generate(doc, settings);
      expect(checkQuiz(doc, settings, result)).toEqual([]);
      // The columns name a few things of many kinds (countries, a valley, products, people, a
      // foundation): few keys have three distractors of their own type, so they give fewer
      // choice items rather than options of another kind (issue 16), and say so. (The zh column
      // gives two of each: a person offered among products and a list member blanked are refused.)
      const typedChoice = type === 'multiple_choice' || type === 'dropdown_fill_in_blank';
      if (typedChoice)
        expect(result.notices.some((n) => n.code === 'NOT_ENOUGH_MATERIAL')).toBe(
          result.questions.length < settings.questionCount,
        );
      else if (type === 'short_answer') {
        // Each typed key once, and only where the sentence pins it (round 4): the English
        // column's other blanks are open slots ("each new generation of _____", "working with
        // _____ and other major players") any product or company fills, so the quiz is shorter
        // and says so.
        const keys = result.questions.map((q) => q.acceptedAnswers?.[0]);
        expect(new Set(keys).size).toBe(keys.length);
        expect(result.questions.length).toBeGreaterThanOrEqual(1);
        expect(result.notices.some((n) => n.code === 'NOT_ENOUGH_MATERIAL')).toBe(
          result.questions.length < settings.questionCount,
        );
      } else expect(result.questions.length).toBeGreaterThanOrEqual(3);
      expect(result.questions.every((q) => q.type === type)).toBe(true);
      expect(result.generator).toBe('builtin');
    }
  });

  it('gives the same quiz for the same seed and another for another seed', async () => {
    const a = await generator.generate(zhDoc, base);
    const b = await generator.generate(zhDoc, base);
    const c = await generator.generate(zhDoc, { ...base, seed: 8 });
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    expect(JSON.stringify(c)).not.toBe(JSON.stringify(a));
  });

  it("says so when the quiz language differs from the material, and writes in the material's language (it cannot translate)", async () => {
    const settings = {
      ...base,
      language: 'en-US' as const,
      questionTypes: ['true_false' as const],
    };
    const result = await generator.generate(zhDoc, settings);
    expect(result.notices).toContainEqual({
      code: 'LANGUAGE_MISMATCH',
      params: { material: 'zh-TW', quiz: 'en-US', written: 'zh-TW', translated: 0 },
    });
    expect(result.language).toBe('zh-TW');
    expect(result.questions[0]!.options!.map((o) => o.text)).toEqual(['正確', '錯誤']);
    expect(result.questions[0]!.question).not.toMatch(/according to the material/);
    expect(checkQuiz(zhDoc, settings, result)).toEqual([]);
  });

  it('quotes the supporting sentence in the explanation and names co-occurring concepts', async () => {
    const result = await generator.generate(enDoc, {
      ...base,
      language: 'en-US',
      questionTypes: ['multiple_choice'],
    });
    for (const q of result.questions) {
      expect(q.explanation).toContain(q.citation.quote);
      expect(q.explanation).toMatch(/paragraph \d/);
      expect(q.relatedConcepts[0]).toBe(q.options!.find((o) => o.id === q.correctOptionId)!.text);
    }
  });

  it('asks for fewer questions than requested only with a notice that says why', async () => {
    const tiny = docOf('en', [enParagraphs[5]!]);
    const settings = { ...base, language: 'en-US' as const, questionCount: 10 };
    const result = await generator.generate(tiny, settings);
    expect(result.questions.length).toBeLessThan(10);
    expect(result.notices).toContainEqual({
      code: 'NOT_ENOUGH_MATERIAL',
      // One paragraph: the material itself is too small (not the checks).
      params: expect.objectContaining({
        requested: 10,
        produced: result.questions.length,
        reason: 'material',
      }),
    });
    expect(checkQuiz(tiny, settings, result)).toEqual([]);
  });

  it('reports progress through every stage in order', async () => {
    const stages: GenerationStage[] = [];
    await generator.generate(zhDoc, base, { onProgress: (stage) => stages.push(stage) });
    const order = [...new Set(stages)];
    expect(order).toEqual(['reading', 'concepts', 'writing', 'checking']);
  });

  it('stops with GENERATION_CANCELLED when aborted between steps', async () => {
    const controller = new AbortController();
    const run = generator.generate(zhDoc, base, {
      signal: controller.signal,
      onProgress: (stage) => stage === 'concepts' && controller.abort(),
    });
    await expect(run).rejects.toMatchObject({ code: 'GENERATION_CANCELLED' });
    await expect(run).rejects.toBeInstanceOf(AppError);
  });

  it('steers the questions to topic words in the instructions', async () => {
    const settings = {
      ...base,
      language: 'en-US' as const,
      questionCount: 3,
      questionTypes: [...QUESTION_TYPES],
    };
    // With a paragraph that names other countries, the Thailand sentence has a typed item.
    const withCountries = docOf('en', [
      ...enParagraphs,
      'Platforms serving Vietnam, Indonesia and Malaysia must each follow national rules about what may be said online, and Thailand has rules of its own.',
    ]);
    const steered = await generator.generate(withCountries, {
      ...settings,
      // The communities sentence has no key with three distractors of its type any more (its
      // only term, "safety policies", has no co-member in this text): steer to another topic.
      additionalInstructions: 'More about Thailand and the monarch',
    });
    expect(steered.questions.some((q) => q.citation.quote.includes('Thailand'))).toBe(true);
  });

  it('writes two blanks for experts where a sentence holds two good answers', async () => {
    const settings = {
      ...base,
      difficulty: 'expert' as const,
      questionTypes: ['dropdown_fill_in_blank' as const],
    };
    // Two blanks need two answers in one sentence, each with three distractors of its type.
    const civics = docOf('zh-TW', [
      '立法權屬於國會，國會由參議院和眾議院組成。',
      '眾議員任期兩年，參議員任期六年，總統任期四年。',
      '凡年齡未滿二十五歲者，不得擔任眾議員；未滿三十歲者，不得擔任參議員。',
      '總統提名大使、公使、領事與最高法院法官，經參議院同意後任命。',
      '副總統任參議院議長，但除非贊成票與反對票相等，否則無表決權。',
    ]);
    const result = await generator.generate(civics, settings);
    expect(result.questions.some((q) => q.blanks!.length === 2)).toBe(true);
    expect(checkQuiz(civics, settings, result)).toEqual([]);
  });
});
