/**
 * Flashcards from what the device keeps (docs/decisions/0029-flashcards.md): a quiz's scored
 * questions (the report holds each question with its key) and a material's term ↔ definition
 * pairs (GET /materials/{id}/flashcards). Pure: no React, no i18n, no storage.
 */

export interface Flashcard {
  /** The question's id (quiz cards) or the term's key (material cards). */
  id: string;
  front: string;
  back: string;
  /** A line under the back: the sentence a true/false statement was made from. */
  note?: string;
  /** Quiz cards: "still learning" makes this question's review card due. */
  questionId?: string;
}

type Loose = Record<string, unknown>;
const rec = (v: unknown): Loose => (v && typeof v === 'object' ? (v as Loose) : {});
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** A fill-in stem's blank marker: five or more underscores. */
const MARKER_RUN = /_{5,}/g;

/**
 * A quiz prompt around a quoted sentence: a lead without quotes ending in a colon or question
 * mark, then the quote to the very end ("…？「…「黑箱」…」" keeps its inner quotes).
 */
const PROMPTED = /^[^「“"]*?[：:？?]\s*[「“"]([\s\S]*)[」”"]\s*[。.]?$/u;

/**
 * What a card's front shows: the quoted sentence alone when the stem is a quiz prompt around
 * it ("Which option best fills the blank? “…_____…”", "True or false: “…”") — a card has no
 * options to choose from; any other stem as it is.
 */
export function cardFront(type: string, question: string): string {
  const quoted = squash(PROMPTED.exec(question)?.[1] ?? '');
  if (!quoted) return question;
  if (type === 'true_false' || new RegExp(MARKER_RUN.source).test(quoted)) return quoted;
  return question;
}

/** The text of the option `id` among `options`, or ''. */
function optionText(options: unknown, id: string): string {
  const found = list(options).find((o) => str(rec(o).id) === id);
  return found ? squash(str(rec(found).text)) : '';
}

/**
 * A cloze's sentence with its key filled in, each blank by its correct option; null when a
 * blank's key cannot be read (the card then shows the key as the report words it).
 */
export function filledSentence(detail: Loose): string | null {
  const stem = str(detail.question);
  const blanks = list(detail.blanks);
  const keys = list(rec(detail.correctSelection).blanks);
  const texts = blanks.map((blank, i) => {
    const b = rec(blank);
    const key =
      keys.find((k) => str(rec(k).blankId) === str(b.id)) ??
      (keys.length === blanks.length ? keys[i] : undefined);
    return optionText(b.options, str(rec(key).optionId));
  });
  if (texts.length === 0 || texts.some((t) => !t)) return null;
  let i = 0;
  const filled = stem.replace(MARKER_RUN, (marker) => texts[i++] ?? marker);
  // Fewer markers than blanks: the rest of the keys follow the sentence.
  const rest = texts.slice(i).join(' ');
  return squash(rest ? `${filled} ${rest}` : filled);
}

/**
 * One card per question of a scored attempt (GET /quiz/{id}/report → answersDetail): a cloze's
 * sentence with the key filled in, a multiple choice's stem with the key, a true/false
 * statement with True/False (as the quiz words it) and its source sentence when the report
 * carries it, a short answer's question with the accepted answer. A question whose key the
 * report does not give is left out.
 */
export function quizCards(report: unknown): Flashcard[] {
  const cards: Flashcard[] = [];
  const seen = new Set<string>();
  for (const raw of list(rec(report).answersDetail)) {
    const d = rec(raw);
    const questionId = str(d.questionId).trim();
    const question = squash(str(d.question));
    const answer = squash(str(d.correctAnswer));
    if (!questionId || !question || seen.has(questionId)) continue;
    let back = answer;
    let front = cardFront(str(d.type), question);
    let note: string | undefined;
    switch (str(d.type)) {
      case 'dropdown_fill_in_blank':
        front = front.replace(MARKER_RUN, '_____');
        back = filledSentence(d) ?? answer;
        break;
      case 'true_false': {
        const value = rec(d.correctSelection).value;
        const worded = typeof value === 'boolean' ? optionText(d.options, String(value)) : '';
        back = worded || answer;
        const quote = squash(str(rec(d.citation).quote));
        if (quote && quote !== question) note = quote;
        break;
      }
      default:
        break;
    }
    if (!back) continue;
    seen.add(questionId);
    cards.push({ id: questionId, front, back, ...(note ? { note } : {}), questionId });
  }
  return cards;
}

/** GET /materials/{id}/flashcards → data.cards, read leniently: each a term and its definition. */
export function termCards(data: unknown): Flashcard[] {
  const cards: Flashcard[] = [];
  const seen = new Set<string>();
  for (const raw of list(rec(data).cards)) {
    const c = rec(raw);
    const term = squash(str(c.term));
    const definition = squash(str(c.definition));
    const id = str(c.id) || term;
    if (!term || !definition || seen.has(id)) continue;
    seen.add(id);
    cards.push({ id, front: term, back: definition });
  }
  return cards;
}

/** The BCP 47 tag of a material's or quiz's language, for the cards' `lang` ('' unknown). */
export function langTag(language: unknown): string {
  const l = str(language).toLowerCase();
  if (l.startsWith('zh')) return 'zh-Hant-TW';
  if (l.startsWith('en')) return 'en';
  return '';
}
