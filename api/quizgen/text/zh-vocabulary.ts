import { ConverterFactory } from 'opencc-js/core';
import TWPhrases from 'opencc-js/dict/TWPhrases';

/**
 * Mainland terms with their Taiwan equivalents (數據庫 → 資料庫, 信息 → 資訊, 軟件 → 軟體,
 * 網絡 → 網路), from OpenCC's maintained Taiwan phrase dictionary (TWPhrases, keyed in OpenCC's
 * Traditional forms). A Taiwanese speaker often says the mainland word; a learner writes either.
 *
 * Folding a short answer and its key through the same table makes both wordings one answer, so
 * an entry whose mainland side is also an ordinary Taiwan word with ANOTHER meaning would accept
 * a wrong answer (程序 "procedure" ≠ 程式 "program"; 社區 "neighbourhood" ≠ 社群 "online
 * community"). Such entries are left out:
 *  - automatically, a mainland side that is the Taiwan side of another entry (程序, 文件, 模擬);
 *  - and the ones below, each an everyday Taiwan word in another sense than the Taiwan side of
 *    its entry (支持 "back a view" vs 支援 "assist", 設置 "set up a body" vs 設定 "settings").
 */
const TAIWAN_WORDS_OF_THEIR_OWN = new Set([
  '支持',
  '對象',
  '導入',
  '導出',
  '參數',
  '循環',
  '局部',
  '實例',
  '審覈',
  '持久性',
  '擴展',
  '分區',
  '類型',
  '權限',
  '社區',
  '項目',
  '設備',
  '設置',
  '聲明',
  '窗口',
  '菜單',
  '萬象',
  '高級',
  '低級',
  '連接',
  '運行',
  '調度',
  '保存',
  '查看',
  '登錄',
  '刷新',
  '進程',
  '調用',
  '代碼',
  '溢出',
  '觸摸',
  '卸載',
  '指針',
  '函數',
  '鏡像',
  '註銷',
  '重載',
  '腳本',
  '呼出',
  '奔馳',
  '大衆公司',
  '大衆汽車',
  '大衆集團',
  '大衆汽車集團',
  '通道',
  '數字',
  '地址',
]);

let pairs: Array<[string, string]> | undefined;

/** The dictionary's entries kept for folding, mainland side first. */
export function taiwanVocabularyPairs(): Array<[string, string]> {
  if (!pairs) {
    const all = TWPhrases.split('|').map((entry) => {
      const [from = '', to = from] = entry.split(' ');
      return [from, to] as [string, string];
    });
    const taiwanSide = new Set(all.filter(([from, to]) => from !== to).map(([, to]) => to));
    pairs = all.filter(
      ([from, to]) => from !== to && !taiwanSide.has(from) && !TAIWAN_WORDS_OF_THEIR_OWN.has(from),
    );
  }
  return pairs;
}

let converter: ((text: string) => string) | undefined;

/**
 * An answer's other wording in Taiwan usage, when it contains a mainland term of the table
 * (數據庫 → 資料庫, 網絡安全 → 網路安全); undefined when it has none. Text in Traditional.
 */
export function taiwanWording(text: string): string | undefined {
  converter ??= ConverterFactory([taiwanVocabularyPairs()]);
  const out = converter(text);
  return out === text ? undefined : out;
}
