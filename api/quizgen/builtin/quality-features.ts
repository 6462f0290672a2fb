import type { QuestionType } from '../types.js';

/**
 * What an acceptability ranker may see of a question: the same fields whether it comes from a
 * graded quiz report (docs/quality) or from a draft in the generator. Nothing here needs the
 * whole document, so a report line and a live candidate give the same features (decision 0051).
 */
export interface QualityItem {
  lang: 'en' | 'zh';
  type: QuestionType;
  expert: boolean;
  /** The question as shown (template words and the quoted stem). */
  question: string;
  /** The tested answer (for true/false: the statement's truth is in `truth`). */
  key: string;
  /** Wrong options (choice items; a dropdown's first blank). */
  distractors: string[];
  truth?: boolean;
}

export const QUALITY_FEATURES = [
  'zh',
  'true_false',
  'short_answer',
  'dropdown',
  'expert',
  'tf_true',
  'key_number',
  'key_capitalised',
  'key_words',
  'key_len_log',
  'stem_len_log',
  'stem_leads_referent',
  'stem_leads_discourse',
  'stem_first_person',
  'stem_unfinished',
  'blank_pos',
  'blank_at_start',
  'distractor_kind_agree',
  'distractor_len_ratio',
  'distractor_script_agree',
  'distractor_shares_key',
] as const;

/** The quoted stem inside a question's template words (the last “…” or 「…」 span). */
export function stemBody(question: string): string {
  const open = Math.max(question.indexOf('“'), question.indexOf('「'));
  if (open < 0) return question;
  const closer = question[open] === '“' ? '”' : '」';
  const close = question.lastIndexOf(closer);
  return close > open ? question.slice(open + 1, close) : question.slice(open + 1);
}

/** A stem led by a pronoun or demonstrative points back to something it does not show. */
const EN_REFERENT =
  /^(?:it(?!\s+(?:is|was)\s+(?:important|necessary|possible|likely|clear|true|easy|hard)\b)|its|they|them|their|this|that|these|those|he|she|his|her|such|both)\b/i;
const ZH_REFERENT = /^(?:這|那|它|他|她|其|此|該)/;
/** A stem led by a discourse word continues a turn of talk or an argument (en and zh). */
const EN_DISCOURSE =
  /^(?:so|and|but|or|also|then|thus|hence|however|therefore|yes|no|well|right|exactly|indeed|again|now|oh|okay|ok|because|which|as)\b/i;
const ZH_DISCOURSE =
  /^(?:所以|因此|但|不過|而且|然後|對|是的|沒錯|好|嗯|就是|也|還有|因為|於是|同時|另外|所謂|那麼|其實)/;
const EN_FIRST_PERSON = /\b(?:I|I'm|I’m|we|we're|we’re|our|us|you|your|my|me)\b/;
const ZH_FIRST_PERSON = /我|你|妳|咱/;
const BLANK = /_{3,}/;
const HAN = /\p{Script=Han}/u;
const LATIN = /\p{Script=Latin}/u;

const isNumberish = (s: string) =>
  /\d/.test(s) || /^[一二三四五六七八九十百千萬億兩零]+[^\p{Script=Han}]?/u.test(s.trim());
const isCapitalised = (s: string) => /^\p{Lu}/u.test(s.trim());
const scriptOf = (s: string) => (HAN.test(s) ? 'han' : LATIN.test(s) ? 'latin' : 'other');
const chars = (s: string) => [...s].length;
/** Whether two options share a word (en) or a two-character run (zh). */
function sharesPart(x: string, y: string, zh: boolean): boolean {
  if (zh) {
    for (let i = 0; i + 2 <= y.length; i++) if (x.includes(y.slice(i, i + 2))) return true;
    return false;
  }
  const words = new Set(
    y
      .toLowerCase()
      .split(/[^\p{L}\d]+/u)
      .filter((w) => w.length > 2),
  );
  return x
    .toLowerCase()
    .split(/[^\p{L}\d]+/u)
    .some((w) => words.has(w));
}

/** The features of one question, in QUALITY_FEATURES order: plain numbers, no document needed. */
export function qualityFeatures(item: QualityItem): number[] {
  const zh = item.lang === 'zh';
  const body = stemBody(item.question).trim();
  const key = item.key.trim();
  const blankAt = body.search(BLANK);
  const lead = body.replace(/^[\s"'“‘「『(（…-]+/u, '');
  const words = zh
    ? Math.max(1, Math.round(chars(key) / 2))
    : key.split(/\s+/).filter(Boolean).length;
  const ds = item.distractors.map((d) => d.trim()).filter(Boolean);
  const agree = (f: (s: string) => unknown) =>
    ds.length ? ds.filter((d) => f(d) === f(key)).length / ds.length : 1;
  const lenRatio = ds.length
    ? ds.reduce((sum, d) => sum + Math.abs(Math.log((chars(d) + 1) / (chars(key) + 1))), 0) /
      ds.length
    : 0;
  const bodyLen = chars(body.replace(BLANK, key || '_'));
  const features: Record<(typeof QUALITY_FEATURES)[number], number> = {
    zh: zh ? 1 : 0,
    true_false: item.type === 'true_false' ? 1 : 0,
    short_answer: item.type === 'short_answer' ? 1 : 0,
    dropdown: item.type === 'dropdown_fill_in_blank' ? 1 : 0,
    expert: item.expert ? 1 : 0,
    tf_true: item.type === 'true_false' && item.truth === true ? 1 : 0,
    key_number: item.type !== 'true_false' && isNumberish(key) ? 1 : 0,
    key_capitalised: item.type !== 'true_false' && !zh && isCapitalised(key) ? 1 : 0,
    key_words: item.type === 'true_false' ? 0 : Math.min(words, 6),
    key_len_log: item.type === 'true_false' ? 0 : Math.log1p(chars(key)),
    stem_len_log: Math.log1p(bodyLen),
    stem_leads_referent: (zh ? ZH_REFERENT : EN_REFERENT).test(lead) ? 1 : 0,
    stem_leads_discourse: (zh ? ZH_DISCOURSE : EN_DISCOURSE).test(lead) ? 1 : 0,
    stem_first_person: (zh ? ZH_FIRST_PERSON : EN_FIRST_PERSON).test(body) ? 1 : 0,
    stem_unfinished: /[.!?。！？；;:：…”」』)）]\s*$/u.test(body) ? 0 : 1,
    blank_pos: blankAt >= 0 ? blankAt / Math.max(1, chars(body)) : 0,
    blank_at_start: blankAt >= 0 && blankAt <= 2 ? 1 : 0,
    distractor_kind_agree: agree(isNumberish),
    distractor_len_ratio: lenRatio,
    distractor_script_agree: zh ? agree(scriptOf) : agree(isCapitalised),
    distractor_shares_key: ds.length
      ? ds.filter((d) => sharesPart(d, key, zh)).length / ds.length
      : 0,
  };
  return QUALITY_FEATURES.map((name) => features[name]);
}

/** A trained logistic model over qualityFeatures (standardised by the training mean and sd). */
export interface QualityModel {
  features: readonly string[];
  mean: number[];
  sd: number[];
  weights: number[];
  bias: number;
}

/** The model's probability that a grader finds the question acceptable. */
export function acceptability(model: QualityModel, item: QualityItem): number {
  const x = qualityFeatures(item);
  let z = model.bias;
  for (let i = 0; i < x.length; i++)
    z += model.weights[i]! * ((x[i]! - model.mean[i]!) / (model.sd[i]! || 1));
  return 1 / (1 + Math.exp(-z));
}
