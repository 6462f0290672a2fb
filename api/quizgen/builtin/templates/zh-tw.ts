import type { Location } from '../../../extract/types.js';
import type { QuizTemplates } from './types.js';

const q = (text: string) => `「${text}」`;
const at = (where?: string) => (where ? `（${where}）` : '');

function location(loc: Location): string {
  switch (loc.kind) {
    case 'page':
      return `第 ${loc.page} 頁`;
    case 'slide':
      return `第 ${loc.slide} 張投影片`;
    case 'notes':
      return `第 ${loc.slide} 張投影片的備忘稿`;
    case 'sheet':
      return loc.rowStart === loc.rowEnd
        ? `工作表「${loc.sheet}」第 ${loc.rowStart} 列`
        : `工作表「${loc.sheet}」第 ${loc.rowStart}–${loc.rowEnd} 列`;
    case 'paragraph':
      return `第 ${loc.index} 段`;
  }
}

/** Traditional Chinese (Taiwan) wording; the unit tests check it has no Simplified-only character. */
export const zhTwTemplates: QuizTemplates = {
  join: '',
  trueLabel: '正確',
  falseLabel: '錯誤',
  quote: q,
  location,
  mcqCloze: (stem, where) => `依據教材${at(where)}，下列何者最適合填入空格？${q(stem)}`,
  mcqDefinition: (body) => `依據教材，${q(body)}指的是下列何者？`,
  mcqNotInList: (category) => `依據教材，下列何者「不是」教材所列的${category}之一？`,
  explainNotInList: (key, category) =>
    `教材所列的${category}不包括${q(key)}，因此正確答案是${q(key)}。`,
  trueFalse: (statement, where) => `依據教材${at(where)}，判斷下列敘述是否正確：${q(statement)}`,
  dropdown: (stem, where) => `請依據教材${at(where)}，從選單中選出空格的正確內容：${q(stem)}`,
  shortAnswerCloze: (stem, where) => `請依據教材${at(where)}，寫出空格中的詞語：${q(stem)}`,
  shortAnswerDefinition: (body) => `依據教材，哪一個詞語指的是${q(body)}？`,
  explainSupport: (where, quote) => `教材${where}寫道：${q(quote)}`,
  explainKey: (keys) => `因此正確答案是${keys.map(q).join('、')}。`,
  explainDistractor: (d, where, quote) => `${q(d)}不是答案：教材${where}寫道${q(quote)}。`,
  explainTrue: () => '題目的敘述與教材原文一致，因此是「正確」。',
  explainFalse: (original, changed) =>
    `教材原文是${q(original)}，題目卻寫成${q(changed)}，因此是「錯誤」。`,
};
