import { describe, expect, it } from 'vitest';
import type { ExtractedDocument } from '../../api/extract/types.js';
import { analyseDocument } from '../../api/quizgen/builtin/analysis.js';
import {
  relationCandidates,
  relationDistractors,
  statedRelations,
} from '../../api/quizgen/builtin/candidates/expert-relations.js';
import { createBuiltinGenerator } from '../../api/quizgen/builtin/index.js';
import { enTemplates } from '../../api/quizgen/builtin/templates/en.js';
import { zhTwTemplates } from '../../api/quizgen/builtin/templates/zh-tw.js';
import type { BuildContext } from '../../api/quizgen/builtin/draft.js';
import type { QuizSettings } from '../../api/quizgen/types.js';

/*
 * Decision 0054: an expert quiz asks relations the material states with a connective — the
 * reason for a claim, a purpose, a condition's consequence — with the reasons (consequences)
 * it states for other claims as the wrong options. Every grader of sessions 9–11 said expert
 * was "basic with a second blank": nothing asked a relation.
 */
const docOf = (language: 'zh-TW' | 'en', paragraphs: string[]): ExtractedDocument => ({
  language,
  warnings: [],
  blocks: paragraphs.map((text, i) => ({
    fileId: 'notes',
    text,
    location: { kind: 'paragraph', index: i + 1 },
  })),
});

// A made-up chapter on river ecology: four stated reasons far apart, filler between them.
const enParagraphs = [
  'Wetland plants grow slowly along the lower river because the soil is poor in nitrogen.',
  'Field teams record the height of wetland plants every spring along fixed transects.',
  'The transects start at the river mouth and run inland for about two kilometres.',
  'Each field team also records the water depth beside every marked plant.',
  'Mayfly larvae disappear from the upper river because the water warms above their limit in summer.',
  'Mayfly larvae are counted with kick nets at twelve stations on the upper river.',
  'The stations were chosen to cover riffles, pools and runs in equal numbers.',
  'Counts from the kick nets are entered into a shared spreadsheet every evening.',
  'Sediment cores are stored in cold rooms so that the pollen grains inside them stay intact.',
  'Sediment cores are taken with a piston corer from a small boat.',
  'The piston corer reaches about four metres below the lake floor.',
  'Cores longer than three metres are cut into sections before transport.',
  'Otters avoid the canal section because the banks are lined with concrete.',
  'Otter tracks are photographed on sand plots beside the canal section.',
  'Volunteers check the sand plots twice a week during the winter months.',
  'Every photograph of otter tracks is stored with its date and plot number.',
];

const zhParagraphs = [
  '因為下游土壤缺乏氮，濕地植物在下游生長得很慢。',
  '調查團隊每年春天沿著固定樣線記錄濕地植物的高度。',
  '樣線從河口開始，向內陸延伸大約兩公里。',
  '調查團隊也會記錄每株標記植物旁邊的水深。',
  '因為夏天水溫超過牠們能承受的上限，所以蜉蝣幼蟲從上游消失。',
  '研究人員在上游的十二個測站用踢網計算蜉蝣幼蟲的數量。',
  '測站平均分布在淺瀨、深潭與緩流三種棲地。',
  '每天晚上，踢網的計數結果會輸入共用的試算表。',
  '如果沉積岩芯存放在冷藏室，就能保持花粉粒完整。',
  '沉積岩芯是用活塞採樣器從小船上採取的。',
  '活塞採樣器可以深入湖底大約四公尺。',
  '超過三公尺的岩芯在運送前會先切成數段。',
  '水獺避開運河河段，因為河岸鋪滿了水泥。',
  '志工在冬季每週兩次檢查運河旁的沙地樣區。',
  '水獺足跡的每張照片都附上日期與樣區編號。',
  '如果河岸恢復成泥土與草地，水獺就會回到運河河段覓食。',
  '研究團隊在河岸恢復的地段放置了自動相機。',
  '自動相機的影像每個月由研究助理整理一次。',
  '如果上游水溫在夏天下降，蜉蝣幼蟲就有機會重新出現。',
  '水溫由測站的自動記錄器每小時量測一次。',
  '記錄器的資料每季下載一次並備份到研究室。',
  '如果樣線上的植物被洪水沖走，調查團隊就會在秋天補種。',
  '補種使用的苗木來自河口附近的苗圃。',
  '苗圃每年培育大約三千株原生植物。',
  '苗圃的工作人員也協助整理樣區的標示牌。',
  '如果苗圃的原生苗木不足，研究計畫就會延後一年。',
];

const context = (language: 'en' | 'zh', paragraphs: string[]): BuildContext => ({
  a: analyseDocument(docOf(language === 'zh' ? 'zh-TW' : 'en', paragraphs), () => {}),
  t: language === 'zh' ? zhTwTemplates : enTemplates,
  closeness: 1,
  blankOptions: 4,
  maxBlanks: 2,
  mcqLongest: { used: 0, max: 10 },
  blankLongest: { used: 0, max: 10 },
  usedKeys: new Set(),
  allowReuse: false,
});

describe('stated relations (expert)', () => {
  it('reads a claim and its reason or purpose from an English connective', () => {
    const a = context('en', enParagraphs).a;
    const found = statedRelations(a).map((r) => [r.kind, r.claim, r.clause]);
    expect(found).toContainEqual([
      'reason',
      'Wetland plants grow slowly along the lower river',
      'the soil is poor in nitrogen',
    ]);
    expect(found).toContainEqual([
      'purpose',
      'Sediment cores are stored in cold rooms',
      'the pollen grains inside them stay intact',
    ]);
  });

  it('reads 因為…所以, …因為… and 如果…就… in Chinese', () => {
    const a = context('zh', zhParagraphs).a;
    const found = statedRelations(a).map((r) => [r.kind, r.claim, r.clause]);
    expect(found).toContainEqual(['reason', '濕地植物在下游生長得很慢', '下游土壤缺乏氮']);
    expect(found).toContainEqual(['reason', '蜉蝣幼蟲從上游消失', '夏天水溫超過牠們能承受的上限']);
    expect(found).toContainEqual(['reason', '水獺避開運河河段', '河岸鋪滿了水泥']);
    expect(found).toContainEqual(['condition', '沉積岩芯存放在冷藏室', '能保持花粉粒完整']);
  });

  it('takes no reason that points outside itself and no claim told in the first person', () => {
    const a = context('en', [
      'The survey was repeated in autumn because of this problem with the nets.',
      'I stopped counting the larvae because the water was far too cold for us.',
      'The stations were moved because those stations flooded in the spring.',
    ]).a;
    expect(statedRelations(a)).toEqual([]);
  });

  it('reads a cause and its result, but no guess offered as a result', () => {
    const a = context('en', [
      'The spring flood washed away the marked plants, so the field team replanted the transect.',
      'One heron was seen eating a trout, so herons must be eating most of the trout here.',
    ]).a;
    expect(statedRelations(a).map((r) => [r.kind, r.claim, r.clause])).toEqual([
      [
        'result',
        'The spring flood washed away the marked plants',
        'the field team replanted the transect',
      ],
    ]);
    const zh = context('zh', ['春天的洪水沖走了標記的植物，所以調查團隊重新種植了樣線。']).a;
    expect(statedRelations(zh).map((r) => [r.kind, r.claim, r.clause])).toEqual([
      ['result', '春天的洪水沖走了標記的植物', '調查團隊重新種植了樣線'],
    ]);
  });
});

describe('relation items (expert)', () => {
  it('asks the reason, with reasons of other claims as the wrong options', () => {
    const ctx = context('en', enParagraphs);
    const items = relationCandidates(ctx.a);
    const otters = items.find((c) => c.sentence.text.startsWith('Otters avoid'))!;
    const draft = otters.build(ctx, 'multiple_choice', true)!;
    expect(draft.question).toBe(
      'According to the material, what is the reason for the following? “Otters avoid the canal section”',
    );
    expect(draft.choices![0]).toBe('the banks are lined with concrete');
    const others = statedRelations(ctx.a)
      .filter((r) => !r.sentence.text.startsWith('Otters'))
      .map((r) => r.clause);
    expect(draft.choices!.slice(1).every((d) => others.includes(d))).toBe(true);
    // Each wrong option is explained by the sentence that gives it as another claim's reason.
    expect(draft.explanation).toContain('the material (paragraph 1) says');
    expect(otters.build(ctx, 'dropdown_fill_in_blank', true)).toBeUndefined();
  });

  it('offers no reason stated near the claim, nor one of a claim like it', () => {
    const ctx = context('en', [
      ...enParagraphs,
      // The same claim again, far away, with another reason: that reason may be true of it.
      'Field notes from the second year repeat the same point about the lower river.',
      'Wetland plants grow slowly along the lower river because the river floods them each spring.',
    ]);
    const relations = statedRelations(ctx.a);
    const asked = relations.find((r) => r.clause === 'the soil is poor in nitrogen')!;
    const wrong = relationDistractors(
      ctx.a,
      asked,
      relations.filter((r) => r !== asked),
    ).map((r) => r.clause);
    expect(wrong).not.toContain('the river floods them each spring');
    expect(wrong.length).toBeGreaterThanOrEqual(3);
  });

  it('asks a condition’s consequence in Chinese among other consequences', () => {
    const ctx = context('zh', zhParagraphs);
    const item = relationCandidates(ctx.a).find((c) => c.sentence.text.startsWith('如果河岸'))!;
    const draft = item.build(ctx, 'multiple_choice', true)!;
    expect(draft.question).toBe('依據教材，如果「河岸恢復成泥土與草地」，會怎麼樣？');
    expect(draft.choices![0]).toBe('水獺會回到運河河段覓食');
    expect(draft.choices).not.toContain('河岸鋪滿了水泥');
  });
});

describe('relation items in one quiz', () => {
  it('never repeats one set of clauses: no shown wrong option becomes a key, none shown thrice', () => {
    const ctx = context('zh', zhParagraphs);
    ctx.shownDistractors = new Map();
    const drafts = relationCandidates(ctx.a)
      .map((c) => {
        const draft = c.build(ctx, 'multiple_choice', true);
        if (!draft) return undefined;
        ctx.usedKeys.add(draft.keys[0]!);
        for (const d of draft.choices!.slice(1))
          ctx.shownDistractors!.set(d, (ctx.shownDistractors!.get(d) ?? 0) + 1);
        return draft;
      })
      .filter((d) => d !== undefined);
    expect(drafts.length).toBeGreaterThanOrEqual(2);
    const wrong = drafts.flatMap((d) => d.choices!.slice(1));
    for (const d of drafts) expect(wrong.indexOf(d.keys[0]!)).toBeLessThan(0);
    for (const x of wrong) expect(wrong.filter((y) => y === x).length).toBeLessThanOrEqual(2);
  });
});

describe('difficulty changes what is asked', () => {
  const settings: QuizSettings = {
    questionCount: 10,
    questionTypes: ['multiple_choice'],
    difficulty: 'expert',
    language: 'en-US',
    seed: 3,
  };
  it('an expert quiz asks a stated reason; a basic one does not', async () => {
    const generator = createBuiltinGenerator();
    const doc = docOf('en', enParagraphs);
    const expert = await generator.generate(doc, settings);
    const basic = await generator.generate(doc, { ...settings, difficulty: 'basic' });
    const asksWhy = (q: { question: string }) => /what is the (?:reason|purpose)/.test(q.question);
    expect(expert.questions.some(asksWhy)).toBe(true);
    expect(basic.questions.some(asksWhy)).toBe(false);
  });
});
