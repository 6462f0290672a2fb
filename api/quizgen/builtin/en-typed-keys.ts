import { EN_STOPWORDS } from '../text/stopwords.js';
import type { AnalysedSentence, DocAnalysis } from './analysis.js';
import type { Answer } from './answers.js';
import { definitionCandidates } from './candidates/definition.js';
import { namedTerms } from './en-named-terms.js';

/**
 * English typed answers (short answer, cloze typed in): when the blank has one right answer,
 * and which other wordings of the key the material itself uses.
 *
 * A typed blank on a common term is fair only when the sentence pins the term: it names it
 * ("is called _____", "what we call the _____", "referred to as a(n) _____") or it defines it
 * (the key is the subject of "is a …", "refers to …"). Any other slot ("maximize the _____ of
 * the process", "The _____ for the table is found by comparing …") admits other terms of the
 * same kind; there the item is a choice item with options of the key's kind, or nothing.
 */

/** Words right before a blank that make the blank the name the sentence gives. */
const NAMING_BEFORE =
  /\b(?:(?:is|are|was|were|be|been|being)\s+(?:also\s+|commonly\s+|often\s+|usually\s+|sometimes\s+|then\s+)?(?:called|named|termed|known\s+as|referred\s+to\s+as|defined\s+as|denoted(?:\s+by)?)|(?:what|which|that|something|a\s+thing)\s+(?:I|we|they|you|people|researchers|statisticians)\s+(?:call|called|term|termed|refer\s+to\s+as|describe\s+as)|(?:we|I|they|you)\s+(?:call|called|term|termed|name|named)(?:\s+(?:it|this|these|them|that))?|(?:the\s+)?(?:term|terms|word|phrase|name|label)|(?:so-called|also\s+called|also\s+known\s+as|known\s+as|referred\s+to\s+as|called|termed|dubbed))\s+(?:the\s+|an?\s+|a\(n\)\s+)?["“‘']?$/iu;

/** Right after the key: the sentence defines it ("_____ is a …", "_____ refers to …"). */
const DEFINING_AFTER =
  /^["”’']?,?\s+(?:\([^)]{1,60}\)\s+)?(?:is|are)\s+(?:(?:also|often|usually|simply|commonly)\s+)?(?:an?|the|one|any|defined|called|known|referred|used\s+to)\b|^["”’']?,?\s+(?:\([^)]{1,60}\)\s+)?(?:refers?\s+to|means|denotes|describes|measures|quantifies|is\s+defined\s+as)\b/iu;

/**
 * Whether a typed (short-answer) blank on this English answer has one right answer.
 * Numbers, names and acronyms are facts the material states (the scorer folds their forms);
 * a common term must be pinned by the sentence itself.
 */
export function englishTypedKeyPinned(
  a: DocAnalysis,
  sentence: Pick<AnalysedSentence, 'text'>,
  answer: Pick<Answer, 'kind' | 'text' | 'start' | 'end'> & {
    term?: { kind: string; key: string };
  },
): boolean {
  if (answer.kind !== 'term') return true;
  const before = sentence.text.slice(0, answer.start);
  const after = sentence.text.slice(answer.end);
  if (answer.term && answer.term.kind !== 'term' && !/^\p{Ll}/u.test(answer.text)) {
    // A name in a slot any other name fills ("a column about _____", "If I look only at
    // _____"): a preposition or a comparison right before the name, and nothing after the name
    // that says what it is.
    const open =
      /\b(?:about|at|than|like|with|from|for|on|of|and|or|in|into|before|after|during|to|by|via|through|under|over|put|use|using|learn|try|see)\s+(?:the\s+)?$/i.test(
        before,
      );
    return !open || /^\s*(?:\(|,\s+(?:the|an?|which|who|whose)\b)/i.test(after);
  }
  if (NAMING_BEFORE.test(before)) return true;
  // The key opens the sentence (after an article) and the sentence says what it is.
  if (/^\s*(?:(?:the|an?)\s+)?["“‘']?$/iu.test(before) && DEFINING_AFTER.test(after)) return true;
  // "the explanatory variable and the second the _____", "the treatment group and 227 to the
  // _____": the sentence shows the key's sibling (same head, another modifier), so the blank is
  // the other member of the pair the material contrasts.
  const words = answer.text.toLowerCase().split(/\s+/);
  if (words.length >= 2 && 'mentions' in sentence) {
    const head = words[words.length - 1]!;
    const mentions = (sentence as AnalysedSentence).mentions;
    if (
      mentions.some((m) => {
        if (m.start === answer.start || m.key === answer.term?.key) return false;
        const other = m.text.toLowerCase().split(/\s+/);
        return (
          other.length === words.length &&
          other[other.length - 1] === head &&
          m.text.toLowerCase() !== answer.text.toLowerCase()
        );
      })
    )
      return true;
  }
  // A term the material introduces (defines or names), in a slot where no other term it
  // introduces is ever written: the material's own usage pins the key.
  const introduced = introducedKeys(a);
  if (!answer.term || !introduced.has(answer.term.key)) return false;
  // "Researchers perform an _____ when they collect data …": a condition that defines it.
  if (/^\s+(?:when|whenever|if)\s/i.test(after) && /\b(?:an?|the)\s+$/i.test(before)) return true;
  const lower = lowerText(a);
  const left = frame(before, true);
  const right = frame(after, false);
  if (!left && !right) return false;
  const others = [...introduced]
    .filter(([key]) => key !== answer.term!.key)
    .map(([, text]) => text.toLowerCase());
  // One scan per side: the places the frame is written, and whether another introduced term
  // stands right after (before) it there.
  return !(
    (left && framedBy(lower, `${left} `, others, true)) ||
    (right && framedBy(lower, ` ${right}`, others, false))
  );
}

/** Whether one of the terms is written right after (`after`) or right before the frame. */
function framedBy(lower: string, frame: string, terms: string[], after: boolean): boolean {
  for (let at = lower.indexOf(frame); at >= 0; at = lower.indexOf(frame, at + 1)) {
    const edge = after ? at + frame.length : at;
    for (const t of terms) {
      const hit = after
        ? lower.startsWith(t, edge) && !/[\p{L}\d]/u.test(lower[edge + t.length] ?? '')
        : lower.endsWith(t, edge) && !/[\p{L}\d]/u.test(lower[edge - t.length - 1] ?? '');
      if (hit) return true;
    }
  }
  return false;
}

const introducedCache = new WeakMap<DocAnalysis, Map<string, string>>();

/** The terms an English material defines ("X is a …", "… is called X") or names ("what we call X"). */
export function introducedKeys(a: DocAnalysis): Map<string, string> {
  let known = introducedCache.get(a);
  if (known) return known;
  known = new Map();
  for (const d of definitionCandidates(a, true)) known.set(d.answer.term.key, d.answer.text);
  for (const n of namedTerms(a)) known.set(n.term.key, n.term.text);
  introducedCache.set(a, known);
  return known;
}

const lowered = new WeakMap<DocAnalysis, string>();

function lowerText(a: DocAnalysis): string {
  let t = lowered.get(a);
  if (t === undefined) lowered.set(a, (t = a.fullText.toLowerCase().replace(/\s+/g, ' ')));
  return t;
}

/**
 * The words beside a blank that another term would have to follow or precede: the nearest
 * word, and the next one too when the nearest is a function word ("the _____" is no frame).
 */
function frame(text: string, fromEnd: boolean): string {
  const words = text.toLowerCase().match(/[\p{L}\d'’-]+/gu) ?? [];
  const out: string[] = [];
  for (let i = 0; i < Math.min(3, words.length); i++) {
    const w = fromEnd ? words[words.length - 1 - i]! : words[i]!;
    if (fromEnd) out.unshift(w);
    else out.push(w);
    if (!EN_STOPWORDS.has(w)) return out.join(' ');
  }
  // Only function words beside the blank (or none): any term fits there, no frame.
  return '';
}

/** Heads the material may use for one thing under two names ("freezing problem/issue"). */
const HEAD_GROUPS: string[][] = [
  ['problem', 'issue'],
  ['problems', 'issues'],
  ['approach', 'method'],
  ['approaches', 'methods'],
];

/** Escape a string for a regular expression. */
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The other wordings of an English key that the material itself writes: the same modifier
 * with an interchangeable head ("freezing problem" ↔ "freezing issue"), and a modifier with or
 * without its participle ending ("chi-square statistic" ↔ "chi-squared statistic"). Each is
 * listed only when the material writes that phrase; at most three.
 */
export function materialWordings(fullText: string, key: string): string[] {
  const k = key.trim();
  if (!/^[\p{Script=Latin}\d][\p{Script=Latin}\d '’-]*$/u.test(k)) return [];
  const words = k.split(/\s+/);
  if (words.length < 2 || words.length > 4) return [];
  if (words.some((w) => EN_STOPWORDS.has(w.toLowerCase()) && w.length < 4)) return [];
  const out = new Set<string>();
  const written = (phrase: string) => {
    const re = new RegExp(
      `(?<![\\p{L}\\d-])${phrase.split(/\s+/).map(esc).join('[\\s-]+')}(?![\\p{L}\\d])`,
      'iu',
    );
    return re.exec(fullText)?.[0].replace(/\s+/g, ' ');
  };
  const head = words[words.length - 1]!;
  const modifier = words.slice(0, -1).join(' ');
  for (const group of HEAD_GROUPS) {
    if (!group.includes(head.toLowerCase())) continue;
    for (const other of group) {
      if (other === head.toLowerCase()) continue;
      const found = written(`${modifier} ${other}`);
      if (found) out.add(found);
    }
  }
  // The last modifier word with or without "-d"/"-ed" (chi-square ↔ chi-squared).
  const last = words[words.length - 2]!;
  const forms = /ed$/i.test(last)
    ? [last.slice(0, -1), last.slice(0, -2)]
    : /e$/i.test(last)
      ? [`${last}d`]
      : [`${last}ed`];
  for (const form of forms) {
    if (form.length < 4) continue;
    const found = written([...words.slice(0, -2), form, head].join(' '));
    if (found) out.add(found);
  }
  out.delete(k);
  return [...out].filter((x) => x.toLowerCase() !== k.toLowerCase()).slice(0, 3);
}

/**
 * A sentence for the explanation naming the other accepted wordings of a typed key (the
 * material's own ones, not its plural or a folded spelling), or '' when there are none.
 */
export function acceptedWordingsNote(
  language: 'zh' | 'en',
  key: string,
  accepted: readonly string[],
  fold: (text: string) => string,
): string {
  const seen = new Set([fold(key)]);
  const others: string[] = [];
  for (const answer of accepted) {
    const f = fold(answer);
    if (!f || seen.has(f)) continue;
    seen.add(f);
    others.push(answer);
  }
  if (!others.length) return '';
  return language === 'zh'
    ? `也接受：${others.map((x) => `「${x}」`).join('、')}。`
    : `Also accepted: ${others.map((x) => `“${x}”`).join(', ')}.`;
}

/**
 * Whether a cloze candidate of an English material has a blank a typed answer can be asked
 * on: one answer the sentence pins (see englishTypedKeyPinned). Selection shortlists short
 * answers by it, so its tries go to candidates that can give one.
 */
export function offersPinnedEnglishKey(
  a: DocAnalysis,
  candidate: { sentence: AnalysedSentence; answers: Answer[] },
): boolean {
  if (a.language !== 'en') return true;
  let known = offered.get(candidate);
  if (known === undefined) {
    known = candidate.answers.some((x) => englishTypedKeyPinned(a, candidate.sentence, x));
    offered.set(candidate, known);
  }
  return known;
}

/** Selection asks again for every slot: the verdict of each candidate, remembered. */
const offered = new WeakMap<object, boolean>();
