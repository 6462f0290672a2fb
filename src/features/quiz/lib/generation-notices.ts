/**
 * The generator's notices (api/quizgen: LANGUAGE_MISMATCH, NOT_ENOUGH_MATERIAL, LLM_FALLBACK,
 * TYPE_UNAVAILABLE, INSTRUCTIONS_UNMATCHED; api/quiz: FREE_QUIZ_NOT_COUNTED) as translation keys of the quiz-setup namespace with their values. Pure.
 */
import type { QuizNotice } from '../api/types';
import { QUESTION_TYPE_VALUES } from './settings-form';

export interface NoticeText {
  key: string;
  /**
   * Values to interpolate. A value named …Key is a translation key, translated first; one named
   * …Keys is a list of them, translated and joined with `notices.separator`.
   */
  values: Record<string, string | number | string[]>;
}

const languageKey = (lang: unknown) => {
  const code = String(lang ?? '').toLowerCase();
  if (code.startsWith('zh')) return 'languageNames.zh';
  if (code.startsWith('en')) return 'languageNames.en';
  return 'languageNames.other';
};

/**
 * One message per kind of notice, in a fixed order. The types the material ran short of make one
 * message; it is left out when the quiz came out short anyway (NOT_ENOUGH_MATERIAL says more).
 * Unknown codes are dropped: a newer server's notice is not worth an untranslated message.
 */
export function noticeTexts(notices: readonly QuizNotice[]): NoticeText[] {
  const out: NoticeText[] = [];
  const find = (code: string) => notices.find((n) => n.code === code);

  const fallback = find('LLM_FALLBACK');
  if (fallback) out.push({ key: 'notices.llmFallback', values: {} });

  const language = find('LANGUAGE_MISMATCH');
  // The built-in generator does not translate (params.translated 0): say what happened instead.
  if (language)
    out.push({
      key: language.params?.translated === 0 ? 'notices.languageKept' : 'notices.languageMismatch',
      values: {
        quizKey: languageKey(language.params?.quiz),
        materialKey: languageKey(language.params?.material),
      },
    });

  if (find('EXAM_UNSCORED')) out.push({ key: 'notices.examUnscored', values: {} });
  if (find('EXAM_KEY_MISSING')) out.push({ key: 'notices.examKeyMissing', values: {} });
  const leftOut = find('EXAM_ITEMS_LEFT_OUT');
  if (leftOut)
    out.push({
      key: 'notices.examItemsLeftOut',
      values: { count: Number(leftOut.params?.count ?? 0) },
    });

  const short = find('NOT_ENOUGH_MATERIAL');
  // A long material whose candidates failed the soundness checks is not "too little material":
  // the notice names the types that ran short (params.reason 'checks', params.types).
  const shortTypes = QUESTION_TYPE_VALUES.filter((type) =>
    String(short?.params?.types ?? '')
      .split(',')
      .includes(type),
  );
  if (short)
    out.push({
      key:
        short.params?.reason === 'checks'
          ? 'notices.fewSoundQuestions'
          : 'notices.notEnoughMaterial',
      values: {
        produced: Number(short.params?.produced ?? 0),
        requested: Number(short.params?.requested ?? 0),
        ...(short.params?.reason === 'checks' && {
          typesKeys: shortTypes.map((type) => `types.${type}.label`),
        }),
      },
    });

  if (find('FREE_QUIZ_NOT_COUNTED')) out.push({ key: 'notices.freeQuizNotCounted', values: {} });
  if (find('INSTRUCTIONS_UNMATCHED'))
    out.push({ key: 'notices.instructionsUnmatched', values: {} });

  const types = QUESTION_TYPE_VALUES.filter((type) =>
    notices.some((n) => n.code === 'TYPE_UNAVAILABLE' && n.params?.type === type),
  );
  if (types.length && !short)
    out.push({
      key: 'notices.typeUnavailable',
      values: { typesKeys: types.map((type) => `types.${type}.label`) },
    });
  return out;
}

/** Resolves a NoticeText with a translate function. */
export function renderNotice(
  text: NoticeText,
  t: (key: string, values?: Record<string, string | number>) => string,
): string {
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(text.values)) {
    if (Array.isArray(value))
      values[name.slice(0, -4)] = value.map((key) => t(key)).join(t('notices.separator'));
    else if (name.endsWith('Key')) values[name.slice(0, -3)] = t(String(value));
    else values[name] = value;
  }
  return t(text.key, values);
}
