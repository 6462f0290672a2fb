// Hand-written questions for the scoring tests: one of each type, with their keys, in zh-TW.
import type { Citation, GeneratedQuestion, QuizLanguage } from '../../api/quizgen/types.js';
import { scoreAttempt } from '../../api/scoring/score.js';
import type { AnswerDetail, SubmittedAnswer } from '../../api/scoring/types.js';

export const citation: Citation = {
  fileId: 'f1',
  quote: '細胞膜包圍細胞，控制物質進出。',
  location: { kind: 'page', page: 3 },
};
const premium = (concept: string) => ({
  explanation: `教材第 3 頁提到${concept}。`,
  relatedConcepts: [concept],
  citation,
});

export const mc: GeneratedQuestion = {
  id: 'q1',
  type: 'multiple_choice',
  question: '植物進行光合作用的胞器是？',
  options: [
    { id: 'a', text: '粒線體' },
    { id: 'b', text: '葉綠體' },
    { id: 'c', text: '細胞核' },
    { id: 'd', text: '核糖體' },
  ],
  correctOptionId: 'b',
  ...premium('光合作用'),
};
export const tf: GeneratedQuestion = {
  id: 'q2',
  type: 'true_false',
  question: '細胞膜具有選擇性通透的特性。',
  options: [
    { id: 'true', text: '正確' },
    { id: 'false', text: '錯誤' },
  ],
  correctOptionId: 'true',
  ...premium('選擇性通透'),
};
export const fill: GeneratedQuestion = {
  id: 'q3',
  type: 'dropdown_fill_in_blank',
  question: '植物細胞有 _____ 與 _____，動物細胞則沒有。',
  blanks: [
    {
      id: 'b1',
      options: [
        { id: 'a', text: '細胞壁' },
        { id: 'b', text: '中心粒' },
      ],
      correctOptionId: 'a',
    },
    {
      id: 'b2',
      options: [
        { id: 'a', text: '鞭毛' },
        { id: 'b', text: '葉綠體' },
      ],
      correctOptionId: 'b',
    },
  ],
  ...premium('植物細胞'),
};
export const short: GeneratedQuestion = {
  id: 'q4',
  type: 'short_answer',
  question: '包圍細胞、控制物質進出的構造是什麼？',
  acceptedAnswers: ['細胞膜', '質膜'],
  ...premium('細胞膜'),
};
export const quiz = [mc, tf, fill, short];

export const allRight: SubmittedAnswer[] = [
  { questionId: 'q1', optionId: 'b' },
  { questionId: 'q2', answer: 'true' },
  {
    questionId: 'q3',
    blankAnswers: [
      { blankId: 'b1', selectedOptionId: 'a' },
      { blankId: 'b2', selectedOptionId: 'b' },
    ],
  },
  { questionId: 'q4', textAnswer: '細胞膜' },
];

/** The detail of one question answered alone (null: not answered). */
export const detailOf = (
  question: GeneratedQuestion,
  answer: Omit<SubmittedAnswer, 'questionId'> | null,
  language: QuizLanguage = 'zh-TW',
): AnswerDetail => {
  const answers = answer ? [{ questionId: question.id, ...answer }] : [];
  return scoreAttempt([question], answers, language).answersDetail[0]!;
};
