// Quizzes for the export tests: the scoring fixtures (zh-TW, one of each type) and questions
// full of the characters GIFT, Anki and CSV treat specially.
import type { GeneratedQuestion } from '../../api/quizgen/types.js';
import { citation, quiz as zhQuiz } from './scoring-fixtures.js';

export { zhQuiz };

export const tricky: GeneratedQuestion[] = [
  {
    id: 't1',
    type: 'multiple_choice',
    question: '下列何者等於 {x : x = 1}？ 比例 1:2，#1 ~ 約略',
    options: [
      { id: 'a', text: 'a = b' },
      { id: 'b', text: '~近似~' },
      { id: 'c', text: '{集合}' },
      { id: 'd', text: 'C:\\路徑\\檔案' },
    ],
    correctOptionId: 'c',
    explanation: '集合以 {} 表示；「=」是等號。',
    relatedConcepts: ['集合 記號', '等號'],
    citation: { ...citation, quote: '集合寫作 {x : x = 1}，含 # 與 ~ 符號。' },
  },
  {
    id: 't2',
    type: 'short_answer',
    question: '「他說：\u201c引號\u201d 與 "雙引號"」\n第二行\t有定位字元',
    acceptedAnswers: ['=SUM(A1:A2)', '+1'],
    explanation: '以 = 開頭的答案在試算表中不可當公式執行。',
    relatedConcepts: ['公式'],
    citation,
  },
  {
    id: 't3',
    type: 'true_false',
    question: '# 開頭的敘述：1 + 1 = 2',
    options: [
      { id: 'true', text: '正確' },
      { id: 'false', text: '錯誤' },
    ],
    correctOptionId: 'false',
    explanation: '其實是對的，這裡只測試 FALSE。',
    relatedConcepts: ['算術'],
    citation,
  },
];
