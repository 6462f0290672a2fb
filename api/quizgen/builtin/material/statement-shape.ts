/**
 * Whether a sentence of the material can stand as a question's stem or a true/false
 * statement: a complete claim of its own, not a heading ("Computing expected counts in a
 * two-way table."), a pointer to the document's apparatus ("Section the section also
 * provides…", "as shown below"), talk about the book or the reader ("In the next chapter you
 * will learn…"), a piece of a sentence cut at a line break, or a list fragment without a verb
 * (issue 16, round 4). Both languages; pure text tests, plus the tagger for verbs (English).
 */
import { tagEnglish } from '../en-pos.js';

/**
 * A cross-reference left by extraction or written out: "Section the section", "see Figure",
 * "the table shows", "in the previous chapter", "shown below", 「如上所述」「本章」「下一節」.
 */
const EN_CROSS_REFERENCE = new RegExp(
  [
    // A reference whose label was dropped: "Section the section", "Figure the figure".
    String.raw`\b(?:sections?|chapters?|figures?|tables?|appendix|appendices|exercises?|equations?)\s+(?:the|this)\s+(?:sections?|chapters?|figures?|tables?|appendix|exercises?|equations?)\b`,
    // The figure, table or section the quiz cannot show.
    String.raw`\b(?:the|this|that|these|those) (?:figure|table|plot|graph|chart|diagram|panel|image)s? (?:show|shows|showed|shown|display|displays|summari[sz]es|highlights|gives|lists|presents|illustrates|depicts|contains|below|above|provides)\b`,
    String.raw`\b(?:in|from|see|using|on|into|of) (?:the|this|that|these|those) (?:figure|plot|graph|chart|diagram|panel|image)s?\b`,
    String.raw`\b(?:in|from|see|using|on|into) (?:the|this|that|these|those) tables?\b(?! (?:total|of|for)\b)`,
    String.raw`\b(?:previous|next|following|preceding|last|earlier|later|coming|upcoming|prior|above|below) (?:sections?|chapters?|figures?|tables?|examples?|exercises?|pages?|paragraphs?)\b`,
    String.raw`\b(?:shown|given|listed|described|discussed|displayed|summari[sz]ed|illustrated|presented|visuali[sz]ed|plotted|defined|introduced|mentioned|explained|covered|seen) (?:below|above|earlier|previously|later|in (?:the|this) (?:book|text|chapter|section))\b`,
    String.raw`\bsee (?:also )?(?:the |this )?(?:figures?|tables?|sections?|chapters?|appendix|exercises?|pages?|below|above|footnotes?)\b`,
    String.raw`\b(?:Figure|Fig\.|Table|Section|Chapter|Appendix|Exhibit|Exercise|Equation)\s+[\dIVX]`,
  ].join('|'),
  'i',
);

/** Talk about the book, the course or the reader: no fact of the subject. */
const EN_META = new RegExp(
  [
    String.raw`\b(?:the|this|that|these|those) (?:section|chapter|appendix|margin)s?\b(?![-'’])`,
    String.raw`\b(?:in|throughout|of) (?:this|the) (?:book|text|textbook|course|chapter|section)\b`,
    String.raw`\byou(?:['’]ve| have| will|['’]ll| are going to| may have)? (?:learn|learned|learnt|see|saw|seen|worked|encounter|encountered|explore|explored|study|studied|practi[cs]e|practi[cs]ed|revisit)\b`,
    String.raw`\b(?:we(?:['’]ll| will| shall| are going to)|let['’]s|let us) (?:now )?(?:discuss|revisit|return|explore|look|consider|see|learn|introduce|cover|examine|turn|review|start|begin|work|think|take|dig|walk|go|talk)\b`,
  ].join('|'),
  'i',
);

/** A continuation that has lost its clause: "And so on until …", "Such as …", "Or …". */
const EN_FRAGMENT_START =
  /^(?:(?:and )?so on\b|such as\b|etc\b|or\b|nor\b|whereas\b|e\.g\.|i\.e\.)/i;

const ZH_CROSS_REFERENCE =
  /(?:本|這一?|上一?|下一?|前一?|後一?|前面的?|後面的?|以下的?)(?:章|節|篇|單元|小節)|如(?:上|下)(?:所述|所示|圖|表)|(?:見|參見|參考|詳見)(?:第|本|下|上|附)/u;
/** A question written with a full stop: 「…嗎。」「…呢。」 */
const ZH_QUESTION_END = /(?:嗎|呢|為什麼|怎麼樣|如何|是不是|有沒有|對不對|好不好)[。！!]?$/u;

/** The claim points at a figure, a table or a section the quiz cannot show. */
export function pointsAway(text: string, language: 'zh' | 'en'): boolean {
  return language === 'zh' ? ZH_CROSS_REFERENCE.test(text) : EN_CROSS_REFERENCE.test(text);
}

/**
 * The sentence talks about the book, the chapter or the reader ("In the next chapter you will
 * learn…", "we will discuss…"): quoted in a stem it asks about the book, not the subject. (An
 * item that only takes a list from it, "which is NOT one of the three …", may still use it.)
 */
export function talksAboutTheBook(text: string, language: 'zh' | 'en'): boolean {
  return language === 'en' && EN_META.test(text);
}

/** A question, whatever its final mark. */
export function isQuestionSentence(text: string, language: 'zh' | 'en'): boolean {
  const t = text.trim();
  if (/[?？][」』"”)）]?$/u.test(t)) return true;
  if (language === 'zh') return ZH_QUESTION_END.test(t);
  return /^(?:what|which|who|whom|whose|why|how|where|when|does|do|did|is|are|can|could|should|would|will)\b[^.,;:]*\?/i.test(
    t,
  );
}

/**
 * The sentence starts inside another one: the text before it in its block ends without a
 * sentence's final mark (a line break cut it off: "the proportion of\nPatients who …"), or
 * starts with a word that only continues a clause.
 */
export function startsMidClause(
  blockText: string,
  start: number,
  text: string,
  language: 'zh' | 'en',
): boolean {
  if (language === 'en' && EN_FRAGMENT_START.test(text.trim())) return true;
  const before = blockText.slice(0, start).trimEnd();
  if (!before) return false;
  // What stands right before: a letter, a digit or a comma continues a clause; a final mark,
  // a colon, a closing bracket or quote, or a list marker ends what came before.
  return language === 'zh'
    ? /[\p{Script=Han}\p{L}\d，、]$/u.test(before)
    : /[\p{L}\d,]$/u.test(before);
}

const EN_AUX =
  /^(?:is|are|was|were|be|been|being|am|has|have|had|can|could|will|would|shall|should|must|may|might|does|do|did|['’]s|['’]re|['’]ve|['’]ll|['’]d)$/i;

/**
 * An English sentence with no verb a clause could rest on: a heading or list fragment
 * ("Explanatory and response variables.", "Computing expected counts in a two-way table.",
 * "A sample of 100 patients drawn from the records."). A gerund or participle alone is no
 * finite verb; a past form after its subject is ("Researchers studied …"). Undefined without
 * the tagger.
 */
export function lacksFiniteVerb(text: string): boolean | undefined {
  const tags = tagEnglish(text);
  if (!tags.length) return undefined;
  const words = tags.filter((t) => t.pos !== 'PUNCT');
  if (words.some((t) => t.pos === 'AUX' || EN_AUX.test(t.text))) return false;
  return !words.some((t, i) => {
    if (t.pos !== 'VERB' || /ing$/i.test(t.text)) return false;
    // "Observed statistic", "the expected counts": a participle as a modifier.
    const prev = words[i - 1];
    return !(/(?:ed|en|wn)$/i.test(t.text) && (!prev || /^(?:DET|ADP|ADJ|CCONJ)$/.test(prev.pos)));
  });
}

/**
 * A heading set as a paragraph (a bold run-in title, a callout's title): a block of one short
 * sentence that opens with a gerund ("Computing …", "Checking …") and has no auxiliary or
 * subject pronoun, or whose words are mostly capitalised.
 */
export function looksLikeHeading(text: string, blockText: string): boolean {
  const t = text.trim();
  if (blockText.trim() !== t) return false;
  const words = t.replace(/[.:!]$/u, '').split(/\s+/u);
  if (words.length > 12) return false;
  const lower = words.map((w) => w.toLowerCase());
  const subject = lower.some((w) => /^(?:we|i|you|it|they|he|she|this|these|there)$/.test(w));
  const aux = lower.some((w) => EN_AUX.test(w));
  if (/^\p{Lu}\p{Ll}+ing$/u.test(words[0]!) && !subject && !aux) return true;
  const content = words.filter((w) => w.length > 3);
  const capitalised = content.filter((w) => /^\p{Lu}/u.test(w)).length;
  return content.length >= 3 && capitalised >= content.length * 0.75 && !aux;
}
