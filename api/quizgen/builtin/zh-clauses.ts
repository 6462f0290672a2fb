import type { AnalysedSentence } from './analysis.js';
import { ASKABLE_BLOCKS } from './material/blocks.js';

/**
 * Spoken Chinese runs on: a transcript's turn is often one "sentence" of 200–500 characters
 * joined by commas, which is too long for a stem (analysis.ts keeps sentences of at most 150
 * characters), so a long talk left most of its substance unasked and a 35 KB transcript gave
 * "not enough material". A long sentence still holds statements a teacher would quote: its
 * opening clauses up to a comma, and each part after a semicolon. Those windows are verbatim
 * text of the material (the citation quotes them as they stand), start where a statement
 * starts (never after a bare comma, no stray 「，所以…」) and end where a clause ends, never
 * on a clause that needs its main clause (如果…, 雖然…, 因為…).
 */

/** The longest window kept, in characters, and the fewest Han characters. */
const MAX_WINDOW = 120;
const MIN_WINDOW = 24;
const MIN_HAN = 16;

/** A clause that needs what follows it: a condition, a concession, a cause, a time. */
const DEPENDENT_START =
  /^(?:如果|假如|假設|若是|若|要是|雖然|雖說|儘管|即使|即便|因為|由於|當|等到|只要|只有|除了|不管|不論|無論|為了|不但|不僅|一方面|像是|好比|比如|例如|譬如)/u;
/** A clause that ends by pointing on (就是…, 包括…, 像是…): the content is after it. */
const DANGLING_END =
  /(?:就是|也就是|包括|包含|像是|例如|比如|好比|譬如|叫做|是|的|說|(?<![存實現正自所])在|把|被|對於|從|向|：|:)\s*$/u;
/**
 * A window whose last clause is a time or a condition still waiting for its main clause
 * (「到德國住了十一歲之後」, 「如果沙盒開的話」, 「讓大家暢所欲言的同時」), or holds a
 * concession or condition word in its middle (「找到一個雖不滿意」): a fragment, not a statement.
 */
const DEPENDENT_END =
  /(?:之後|以後|之前|以前|的時候|時候|的同時|之際|的話|(?<![小及隨準按當同暫臨])時)\s*$/u;
/**
 * A last clause that only sets the scene for a main clause still to come (「因此在這一個過程
 * 中」, 「所以在這個方面」): round 6, a window cut there ends on nothing.
 */
const SETTING_ONLY =
  /^\s*(?:因此|所以|而且|而|那|也|就)?\s*在[^，,。]{0,14}(?:中|裡|裡面|之中|上面|方面|之下|底下)\s*$/u;
const DEPENDENT_INSIDE = /雖然|雖|儘管|即使|如果|假如|要是|只要|不管|無論|不論/u;
/** A long sentence whose other conditions for a stem hold (a statement of study text). */
const MARKUP = /https?:|www\.|<\/?[a-z]|\[|\]|\|/i;

/** Whether a long sentence may lend windows: study text of a prose or list block. */
export function lendsWindows(sentence: AnalysedSentence, language: 'zh' | 'en'): boolean {
  return (
    language === 'zh' &&
    !sentence.usable &&
    !sentence.record &&
    sentence.kind === 'study' &&
    sentence.blockKind !== undefined &&
    ASKABLE_BLOCKS.has(sentence.blockKind) &&
    sentence.text.length > 150 &&
    !MARKUP.test(sentence.text) &&
    /[。！？!?；」]$/u.test(sentence.text)
  );
}

/**
 * The windows of a long Chinese sentence, as sentences of their own (same id, so a quiz asks
 * one of them at most): the opening clauses, and the opening clauses after each semicolon.
 */
export function clauseWindows(sentence: AnalysedSentence): AnalysedSentence[] {
  const text = sentence.text;
  const out: AnalysedSentence[] = [];
  const termStarts = new Set(sentence.mentions.map((m) => m.start));
  let from = 0;
  while (from < text.length) {
    const window = windowFrom(text, from);
    if (window) {
      // The first window keeps the sentence's id (an expert quiz weighs down what a basic quiz
      // asks by id); later ones get ids of their own between it and the next sentence, so one
      // long turn may lend two facts, and a neighbour lookup by id finds nothing for them.
      out.push({
        ...sliceSentence(sentence, window.start, window.end),
        id: sentence.id + out.length / 100,
      });
      from = window.end;
    }
    from = nextStart(text, window ? from : from + 1, termStarts);
  }
  return out;
}

/**
 * Where the next window may start at or after `at`: after a semicolon, or after a comma when
 * the clause opens with a subject, an additive word or a term of the material (我們…, 另外…,
 * 數位產業署…), so the window reads as a statement of its own.
 */
function nextStart(text: string, at: number, termStarts: Set<number>): number {
  for (let i = Math.max(at, 1); i < text.length; i++) {
    const c = text[i - 1]!;
    if (c === '；' || c === ';') return i;
    if (c !== '，' && c !== ',') continue;
    const rest = text.slice(i);
    const lead = rest.length - rest.trimStart().length;
    // A clause that opens with a subject: 我們…, 另外…, or a term of the material (數位產業署…).
    if (OPENER.test(rest.trimStart()) || termStarts.has(i + lead)) return i;
  }
  return text.length;
}

/** Clause openers after a comma that start a statement of their own. */
const OPENER =
  /^(?:我們|我|政府|另外|此外|同時|目前|現在|今年|去年|這個(?:部分|計畫|平臺|平台|制度))/u;

function windowFrom(text: string, from: number): { start: number; end: number } | undefined {
  let start = from;
  while (start < text.length && /\s/u.test(text[start]!)) start++;
  const rest = text.slice(start);
  if (DEPENDENT_START.test(rest)) return undefined;
  let best: number | undefined;
  for (let i = 0; i < rest.length && i <= MAX_WINDOW; i++) {
    const c = rest[i]!;
    if (c === '；' || c === ';' || c === '。') break;
    if (c !== '，' && c !== ',') continue;
    const window = rest.slice(0, i);
    if (window.length < MIN_WINDOW) continue;
    const lastClause = window.slice(
      Math.max(window.lastIndexOf('，'), window.lastIndexOf(',')) + 1,
    );
    if (
      DEPENDENT_START.test(lastClause.trim()) ||
      DANGLING_END.test(window) ||
      isDependentClause(lastClause)
    )
      continue;
    // Quotes and parentheses stay whole.
    if (unbalanced(window)) continue;
    best = i;
  }
  if (best === undefined) return undefined;
  const han = rest.slice(0, best).match(/\p{Script=Han}/gu)?.length ?? 0;
  if (han < MIN_HAN) return undefined;
  return { start, end: start + best };
}

/** Openers that only join the sentence to what came before (但是, 所以, 其實…). */
const LEAD_IN =
  /^(?:但是|可是|不過|所以|因此|因而|而且|然後|那麼|那|其實|當然|對|嗯|就是說|就是|也就是說|而|最後|首先|接著|接下來|另外|此外|同時|後來|結果|於是)[，,\s]*/u;

/**
 * Whether a Chinese sentence's subject is a bare pronoun or a pointer to what came before
 * (「他是第一次…」, 「這一件事我們…」, 「她們就在…」): read alone as a question, it has no
 * referent. 他人, 他國 (others, other countries) and a pointer with its noun (這個制度) are
 * not bare.
 */
export function barePronounSubject(text: string): boolean {
  let t = text.trim();
  for (let i = 0; i < 3; i++) {
    const lead = LEAD_IN.exec(t);
    if (!lead || !lead[0]) break;
    t = t.slice(lead[0].length);
  }
  // Round 6: 這/那 straight before a verb or adverb (「這已經促使…」, 「這是…」, 「那就…」)
  // points outside too; a pointer with its noun (這個制度) names its kind and stays.
  if (/^[這那](?:也|就|已經|是|會|讓|使|在|代表|表示|意味|才|正|便|可以|能|將|又|樣子)/u.test(t))
    return true;
  return /^(?:[他她它祂](?:們)?(?![人國方鄉日者])|這(?:一)?件事|那(?:一)?件事|這(?:一)?點|此事|這樣(?!的)|那樣(?!的)|這些(?=[，,是都也就會在])|那些(?=[，,是都也就會在]))/u.test(
    t,
  );
}

/** Whether a clause needs a main clause after it (see DEPENDENT_END). */
export function isDependentClause(clause: string): boolean {
  return DEPENDENT_END.test(clause) || DEPENDENT_INSIDE.test(clause) || SETTING_ONLY.test(clause);
}

function unbalanced(text: string): boolean {
  const count = (re: RegExp) => text.match(re)?.length ?? 0;
  return (
    count(/「/gu) !== count(/」/gu) ||
    count(/『/gu) !== count(/』/gu) ||
    count(/[（(]/gu) !== count(/[）)]/gu) ||
    count(/[“]/gu) !== count(/[”]/gu)
  );
}

/** A part of a sentence as a sentence: its text, and its tokens, terms and numbers re-placed. */
function sliceSentence(sentence: AnalysedSentence, start: number, end: number): AnalysedSentence {
  const inside = <T extends { start: number; end: number }>(xs: T[]) =>
    xs
      .filter((x) => x.start >= start && x.end <= end)
      .map((x) => ({ ...x, start: x.start - start, end: x.end - start }));
  return {
    ...sentence,
    start: sentence.start + start,
    text: sentence.text.slice(start, end),
    tokens: inside(sentence.tokens),
    mentions: inside(sentence.mentions),
    numbers: inside(sentence.numbers),
    usable: true,
  };
}
