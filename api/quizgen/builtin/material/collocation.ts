import type { Answer } from '../answers.js';

/**
 * Giveaways by the blank's neighbours (a blank is useless when its surroundings already fix
 * the filler): the material says 「二級」 only before 機關, so 「二級_____」 is answered by
 * reading, not by knowing; 「_____或者是十個」 and 「延到_____或者7月」 enumerate a sequence whose
 * missing member is obvious; an English gloss beside the blank (「性別（gender）」) spells it.
 */

/** How many characters of neighbour (Chinese) make a collocation. */
const ZH_CONTEXT = 2;

/** True when every occurrence of `context` in the material is followed (or preceded) by `key`. */
function onlyFiller(fullText: string, context: string, key: string, side: 'left' | 'right') {
  let count = 0;
  for (let at = fullText.indexOf(context); at >= 0; at = fullText.indexOf(context, at + 1)) {
    count++;
    const filler =
      side === 'left'
        ? fullText.slice(at + context.length, at + context.length + key.length)
        : fullText.slice(at - key.length, at);
    if (filler !== key) return false;
  }
  // Once is only the tested sentence itself: no evidence that the context fixes the key.
  return count >= 2;
}

/**
 * True when the material fixes the blank by its neighbours: a two-character Chinese neighbour
 * (or an English word) that the material only ever uses beside this key.
 */
export function fixedByCollocation(
  fullText: string,
  sentence: string,
  answer: Pick<Answer, 'start' | 'end' | 'text'>,
  language: 'zh' | 'en',
): boolean {
  const key = sentence.slice(answer.start, answer.end);
  if (!key.trim()) return false;
  if (language === 'zh') {
    const left = sentence.slice(Math.max(0, answer.start - ZH_CONTEXT), answer.start);
    const right = sentence.slice(answer.end, answer.end + ZH_CONTEXT);
    const han = (x: string) => new RegExp(`^\\p{Script=Han}{${ZH_CONTEXT}}$`, 'u').test(x);
    return (
      (han(left) && onlyFiller(fullText, left, key, 'left')) ||
      (han(right) && onlyFiller(fullText, right, key, 'right'))
    );
  }
  // English: the word right before ("Type 1 _____" → error) used only with this key.
  const left = /(?:^|\s)([A-Za-z][\w-]*\s+\w+\s+)$/.exec(sentence.slice(0, answer.start))?.[1];
  return !!left && onlyFiller(fullText, left, key, 'left');
}

/** Words that join two values of a sequence: 或, 或者是, 到, 至, or, to. */
const JOIN = String.raw`(?:底|初|中旬|上旬|下旬|左右|多)?\s*(?:或者是|或者|或是|或|還是|到|至|、|～|~|–|-|or|to)\s*`;

/**
 * True when the blank's number sits beside another value of the same unit one step away, joined
 * by 或/到/or ("九個或者是十個", "6月或者7月"): the sequence gives the missing value away.
 */
export function enumeratedNeighbour(
  sentence: string,
  answer: Answer,
  others: ReadonlyArray<{ start: number; end: number; value: number; unit: string }>,
): boolean {
  if (answer.kind !== 'number') return false;
  const n = answer.number;
  const join = new RegExp(`^${JOIN}$`, 'u');
  return others.some((o) => {
    if (o.start === n.start) return false;
    if (o.unit !== n.unit && o.unit && n.unit) return false;
    if (Math.abs(o.value - n.value) > 1 || o.value === n.value) return false;
    const between =
      o.start >= n.end ? sentence.slice(n.end, o.start) : sentence.slice(o.end, n.start);
    return join.test(between);
  });
}

/**
 * True when a Latin-script gloss stands beside the key in parentheses (「性別（gender）」), or the
 * key is that gloss: either spells the other, so neither is a blank.
 */
export function glossedBeside(sentence: string, answer: Pick<Answer, 'start' | 'end'>): boolean {
  const after = sentence.slice(answer.end);
  const before = sentence.slice(0, answer.start);
  const key = sentence.slice(answer.start, answer.end);
  if (/\p{Script=Han}/u.test(key) && /^\s*[（(]\s*[A-Za-z][A-Za-z .'’-]{1,40}[）)]/u.test(after))
    return true;
  // 「性別開放填空」（gender is an input field）: the gloss translates the whole phrase the key
  // opens or ends, so it spells the key too.
  if (
    /\p{Script=Han}/u.test(key) &&
    /^\p{Script=Han}{1,8}[」』]?\s*[（(]\s*[A-Za-z][A-Za-z .'’-]{1,40}[）)]/u.test(after) &&
    /(?:^|[「『，。；、\s])$/u.test(before)
  )
    return true;
  // The key is the gloss: a Latin word in parentheses right after a Chinese word.
  return (
    /^[A-Za-z]/.test(key) &&
    /\p{Script=Han}[」』]?\s*[（(]\s*$/u.test(before) &&
    /^\s*[）)]/u.test(after)
  );
}
