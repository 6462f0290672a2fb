import type { AnalysedSentence } from './analysis.js';
import { speakerOf } from './material/speakers.js';

/**
 * Whether a Chinese stem or statement carries its own context (issue 16, round 6). Hold-out v6
 * graders failed items whose sentence points outside itself — 「這已經促使澳洲…」, 「經過幾輪
 * 審議，他們確定了這些…共識」, 「在我們國家…」, 「剛剛提到…」 — because read alone a second
 * answer fits or the statement is neither true nor false; and true/false statements copied
 * from a conversational turn (「大概是這樣的想法」, 「先初步回答到這邊」, a clause cut at a
 * comma). The rules are about the language, not about any document.
 */

/** A word pointing back at what was said before: 剛剛/剛才 (just now), 上述, 前述, 前面提到. */
const POINTS_BACK = /剛剛|剛才|上述|前述|前面(?:提到|講|說)|以上(?:所述|提到|這些)|如前所述/u;
/** "Our country", "over here": the place is the speaker's, unknown to a learner reading alone. */
const OUR_PLACE = /我們(?:的)?國家|我們這邊|我們這裡|我們這裏|在我們這/u;

/**
 * A stem that cannot be read alone: it points back at earlier talk (剛剛…, 上述…) or at the
 * speaker's own place (在我們國家…). Used for every question type.
 */
export function zhLacksContext(text: string): boolean {
  return (
    POINTS_BACK.test(text) ||
    OUR_PLACE.test(text) ||
    POINTS_AHEAD.test(text) ||
    OPENS_MID_TURN.test(text.trim())
  );
}

/**
 * Session 13: a sentence pointing at what follows it in the talk (「可以用以下的例子比較」,
 * 「如下」): the learner never sees what it points at.
 */
const POINTS_AHEAD = /以下(?:的)?(?:例子|幾|這|說明|內容|方式|做法|問題|部分)|如下[：:，,。]?/u;
/**
 * A sentence that opens inside a turn — after an ellipsis or a comma the transcript kept
 * (「……就是兩個禮拜後」, 「，這一個東西…」): it has no subject of its own (hold-out graders:
 * "verbatim fragment starting with 「……」, no subject or context").
 */
const OPENS_MID_TURN = /^(?:[…⋯]|\.{2,}|[，,、；;：:])/u;

/**
 * A blank standing right after a pointer (「這樣的_____」, 「這個_____」, 「該_____」): the
 * key is what the pointer points at, said before the sentence, and any noun of the kind fits.
 */
export function blankAfterPointer(text: string, start: number): boolean {
  const before = text.slice(Math.max(0, start - 5), start);
  return /(?:[這那](?:一)?(?:個|些|種|樣的|樣子的|類|項|位|份|次|款)?|(?<![因如彼])此|(?<!應)該)\s*$/u.test(
    before,
  );
}

/**
 * A demonstrative (這, 那 but not 這麼/那麼), 此 (not 因此, 如此, 彼此, 此外), 該 (not 應該),
 * 其 (not 其實, 其他, 尤其; 其中 only when it opens the statement — inside, it points at the
 * clause before it: 「…數位轉型，其中很重要的一部分…」).
 */
const DEICTIC =
  /這(?!麼)|那(?!麼)|(?<![因如彼])此(?!外)|(?<![應])該|^其中|(?<![尤極與])其(?![實他它餘次中])/u;
/** A third-person pronoun (not 其他, 他人, 他國, 吉他, 利他). */
const PRONOUN = /(?<![其吉利排])[他她它祂](?![人國方鄉])/u;
/** Addressing the interviewer or the audience. */
const ADDRESSED = /[你您]/u;
/** The marks of speech, not of a claim: particles, laughter, hedged or closing remarks. */
const SPOKEN =
  /[（(]笑[)）]|[啦吧耶喔嘛呀欸哦]|對啊|(?<![一])啊|大概是這樣|就是這樣|回答到這|講到這|我(?:覺得|想|相信|認為|猜|記得|印象)|好比|比方說|比如說|老實說|坦白說|怎麼說/u;
/**
 * A statement opening without its subject, leaning on the turn before (「不是開源，而是…」,
 * 「也就是…」, 「像…之類的」).
 */
const NO_SUBJECT =
  /^(?:不是|而是|也就是|就是|像是?|對[，,]|是[，,]|還是|或是|或者|沒有|只是|不得|不會|不能|也|都|就|才|還|又|變成)/u;
const LOOSE = /之類的|等等的|什麼的|這樣子|那樣子/u;

/** Whether the sentence sits under a heading path with a speaker label anywhere (a transcript). */
function hasSpeakerLabels(sentence: Pick<AnalysedSentence, 'location'>): boolean {
  const where = sentence.location;
  return where.kind === 'paragraph' && (where.headingPath ?? []).some((h) => /[:：]\s*$/u.test(h));
}

/** A statement ends as a sentence does: not on a comma of a run-on turn. */
const ENDS_SENTENCE = /[。！!」』）)]\s*$/u;

/**
 * The statement of a Chinese true/false item, ready to show, or undefined when it cannot be
 * judged alone: a clause cut from a run-on turn, a conversational remark, a pointer or a
 * pronoun whose referent is outside it, a question to the listener. In a transcript the main
 * speaker's 「我」 (not 我們) is named (「我大概三年前退休」 → 「唐鳳大概三年前退休」), so the
 * learner knows whose statement it is; a 「我」 inside a quotation stays and drops the item.
 */
export function zhStatementText(
  statement: string,
  sentence: Pick<AnalysedSentence, 'location'>,
): string | undefined {
  const text = statement.trim();
  if (!ENDS_SENTENCE.test(text)) return undefined;
  if (zhLacksContext(text) || DEICTIC.test(text) || PRONOUN.test(text)) return undefined;
  if (ADDRESSED.test(text) || SPOKEN.test(text) || LOOSE.test(text)) return undefined;
  if (NO_SUBJECT.test(text)) return undefined;
  // Trailing off or two remarks run together by an ellipsis (「…非常容易……請繼續。」).
  if (/[…⋯]|\.{3}/u.test(text)) return undefined;
  if (!/(?<!自)我(?!們)/u.test(text)) return text;
  // In a transcript the speaker of the turn; in a column or essay without speaker labels,
  // the author (「我與…協力啟動」 → 「作者與…協力啟動」).
  const label = speakerOf(sentence);
  const speaker = label ?? (hasSpeakerLabels(sentence) ? undefined : '作者');
  if (!speaker || !/^\p{Script=Han}{2,4}$/u.test(speaker)) return undefined;
  // 「我」 inside a quotation is someone else's: no rewrite.
  if (/「[^」]*(?<!自)我(?!們)[^」]*」/u.test(text)) return undefined;
  return text.replace(/(?<!自)我(?!們)/gu, speaker);
}

/**
 * A key ending in 會 that is a word plus the modal 會 ("will"), cut as one term by the
 * segmenter: 「學生會覺得…」 is "students would feel", not the student council (a wrong key on a
 * dev talk). When a verb or adverb follows, the 會 is the modal and the blank is refused.
 */
export function modalHuiKey(text: string, key: { text: string; end: number }): boolean {
  if (!key.text.endsWith('會') || [...key.text].length < 3) return false;
  return /^\s*(?:覺得|認為|想|是|有|去|在|把|被|讓|用|做|說|看|變|需要|希望|知道|發現|可以|開始|更|比較|很|就|也|都|不|沒|自己|願意|選擇|注意|感到|因為|跟|和|對|從|一起|直接)/u.test(
    text.slice(key.end),
  );
}
