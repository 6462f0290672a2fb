import { EN_STOPWORDS, ZH_STOPWORDS } from '../text/stopwords.js';
import { isNounish, type Token } from './tokens.js';
import { isTitleWord, nameKind } from './en-names.js';
import { isSpokenFiller } from '../text/en-lexicon.js';

/** What kind of thing a term names; distractors are drawn from the same kind. */
export type TermKind = 'person' | 'place' | 'org' | 'law' | 'event' | 'proper' | 'time' | 'term';

/** One occurrence of a candidate keyphrase in a sentence (offsets in the sentence). */
export interface TermMention {
  key: string;
  text: string;
  start: number;
  end: number;
  kind: TermKind;
  /** The word that names the category: 山脈 in 中央山脈, "model" in "reasoning model". */
  head: string;
  /** jieba's tag of the head word (zh only): a distractor keeps the key's part of speech. */
  pos?: string;
}

const HAN = /\p{Script=Han}/u;
const TIME_WORDS =
  /^(?:january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|spring|summer|autumn|winter)$/i;
export const NOUN_ING = new Set(
  'reasoning training understanding building meeting learning funding hearing ruling warning setting processing computing planning spending thing string bed need speed seed'.split(
    ' ',
  ),
);
const MODIFIER_POS = new Set(['n', 'nz', 'ns', 'nt', 'vn', 'an', 'a', 'b', 'j', 'ng', 'l', 'eng']);

/** The comparison key of a term: lower case, English plural folded (models → model). */
export function termKey(text: string): string {
  const lower = text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
  return lower.replace(/([a-z]{2,})ies$/, '$1y').replace(/([a-z]{3,}[^siu])s$/, '$1');
}

/** jieba's dictionary tags some common nouns as names (葉綠體/nr): a term ending is a term. */
const TERM_ENDING = /[體光素質劑器物法權會院力性學化論率量用系統期層]$/u;

function zhKind(pos: string, text: string): TermKind {
  if (pos.startsWith('nr')) return TERM_ENDING.test(text) ? 'term' : 'person';
  if (pos === 'ns') return 'place';
  if (pos === 'nt') return 'org';
  if (pos === 'nz' || pos === 'eng') return 'proper';
  if (pos === 't') return 'time';
  return 'term';
}

/** Counts the noun words of a Chinese document (recurring ones become head words) and pairs. */
export function countZhNouns(sentences: Token[][]): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const tokens of sentences)
    tokens.forEach((t, i) => {
      if (isNounish(t.pos) && HAN.test(t.text) && t.text.length >= 2) add(t.text);
      const next = tokens[i + 1];
      if (next && next.start === t.end) add(`${t.text}|${next.text}`);
    });
  return counts;
}

/**
 * Chinese keyphrase mentions of one sentence. Nouns of two or more characters, English names,
 * and compounds built around a recurring head word: 中央|山脈 → 中央山脈 when 山脈 recurs in
 * the document, 細胞|膜 → 細胞膜 when 細胞 does.
 */
export function zhMentions(tokens: Token[], nounCounts: Map<string, number>): TermMention[] {
  const out: TermMention[] = [];
  const count = (key: string) => nounCounts.get(key) ?? 0;
  const recurring = (t: Token) => count(t.text) >= 2 && isNounish(t.pos);
  let i = 0;
  while (i < tokens.length) {
    const first = tokens[i]!;
    let end = i;
    // Merge forward while the next word touches and the pair forms a modifier + head compound.
    while (end + 1 < tokens.length && end - i < 2) {
      const cur = tokens[end]!;
      const next = tokens[end + 1]!;
      const length = next.end - first.start;
      const touching = cur.end === next.start && HAN.test(cur.text) && HAN.test(next.text);
      // A modifier joins a recurring head when the pair recurs too, or when both are nouns
      // the document keeps using (國會|參議院); one-off pairs are usually mis-tagged verbs.
      const modifierThenHead =
        MODIFIER_POS.has(cur.pos) &&
        !ZH_STOPWORDS.has(cur.text) &&
        cur.text.length <= 3 &&
        recurring(next) &&
        (count(`${cur.text}|${next.text}`) >= 2 ||
          (cur.text.length >= 2 && count(cur.text) >= 2 && count(next.text) >= 3) ||
          (cur.text.length >= 2 && /^(?:ns|nt|nr)$/.test(cur.pos) && count(next.text) >= 2));
      const headThenSuffix =
        recurring(cur) && next.text.length === 1 && (next.pos === 'n' || next.pos === 'ng');
      if (!touching || length > 6 || !(modifierThenHead || headThenSuffix)) break;
      end++;
    }
    const last = tokens[end]!;
    const text =
      end > i
        ? tokens
            .slice(i, end + 1)
            .map((t) => t.text)
            .join('')
        : first.text;
    if (acceptZh(text, end > i ? 'n' : first.pos)) {
      out.push({
        key: termKey(text),
        text,
        start: first.start,
        end: last.end,
        kind: zhKind(end > i ? last.pos : first.pos, text),
        head: end > i ? last.text : text.length > 2 ? text.slice(-2) : text,
        pos: end > i ? last.pos : first.pos,
      });
    }
    i = end + 1;
  }
  return out;
}

function acceptZh(text: string, pos: string): boolean {
  if (ZH_STOPWORDS.has(text) || /\d/.test(text)) return false;
  // A two-letter acronym (AI) in Chinese text is everywhere and tests nothing.
  if (pos === 'eng')
    return /[A-Za-z]/.test(text) && text.length >= 3 && !EN_STOPWORDS.has(text.toLowerCase());
  return (
    isNounish(pos) &&
    HAN.test(text) &&
    [...text].length >= 2 &&
    !/^[一二三四五六七八九十兩第]/.test(text)
  );
}

/** Words that join the parts of a name: "Department of Justice", "Declaration for the Future". */
const NAME_LINKS = /^(?:of|for|on)$/i;
const CAPITAL = /^[\p{Lu}\d]/u;

/**
 * English keyphrase mentions: runs of up to four non-function words joined by spaces or hyphens
 * (RAKE's candidate phrases), e.g. "safety reasoning model", "Paris AI Summit"; a capitalised
 * name keeps its joining words whole ("Ministry of Transportation", never "Transportation"
 * alone) and is typed by its head word, a place list or a title before it.
 */
export function enMentions(sentence: string, tokens: Token[]): TermMention[] {
  const out: TermMention[] = [];
  let run: Token[] = [];
  let linked = false;
  const flush = () => {
    // Without a tagger, a trailing -ing/-ed word after a noun is most often a verb
    // ("restrictions extending", "minors exposed"): it ends the phrase before it.
    while (
      run.length > 1 &&
      /(?:ing|ed)$/.test(run[run.length - 1]!.text) &&
      !NOUN_ING.has(run[run.length - 1]!.text.toLowerCase())
    )
      run.pop();
    let words = linked ? (run.length > 8 ? [] : run) : run.length > 4 ? run.slice(-3) : run;
    run = [];
    linked = false;
    // "Chief AI Scientist Yann LeCun", "CEO Eric Schmidt": the title is not part of the name.
    let titled = false;
    if (words.every((w) => CAPITAL.test(w.text) || w.pos === 'stop')) {
      const lastTitle = words.findLastIndex((w) => isTitleWord(w.text));
      if (
        lastTitle >= 0 &&
        words.length - lastTitle - 1 >= 2 &&
        words.length - lastTitle - 1 <= 3
      ) {
        words = words.slice(lastTitle + 1);
        titled = true;
      }
    }
    if (!words.length) return;
    const start = words[0]!.start;
    const end = words[words.length - 1]!.end;
    const text = sentence.slice(start, end);
    const single = words.length === 1 ? words[0]! : undefined;
    if (single && single.pos === 'n' && single.text.length < 4) return;
    if (EN_STOPWORDS.has(text.toLowerCase()) || isSpokenFiller(text)) return;
    const content = words.filter((w) => w.pos !== 'stop');
    const proper =
      content.every((w) => w.pos === 'nz') ||
      (content.length > 1 && content.every((w) => CAPITAL.test(w.text)));
    const time = words.length === 1 && TIME_WORDS.test(text);
    const named = titled
      ? 'person'
      : proper
        ? nameKind(text, sentence.slice(Math.max(0, start - 40), start))
        : undefined;
    const headWord =
      named && NAME_LINKS.test(words[1]?.text ?? '') ? words[0]! : words[words.length - 1]!;
    out.push({
      key: termKey(text),
      text,
      start,
      end,
      kind: time ? 'time' : (named ?? 'term'),
      head: termKey(headWord.text),
    });
  };
  tokens.forEach((token, i) => {
    // After "to", a lower-case word starts a verb phrase ("to defend critical infrastructure").
    if (/^\p{Ll}/u.test(token.text) && tokens[i - 1]?.text.toLowerCase() === 'to' && !run.length)
      return;
    const prev = run[run.length - 1];
    // "Ministry | of | Transportation", "Declaration | for | the | Future": a name goes on
    // across its joining words when capitalised words stand on both sides.
    if (prev && CAPITAL.test(prev.text) && prev.pos !== 'stop' && NAME_LINKS.test(token.text)) {
      const next = tokens[i + 1];
      const after = next && /^the$/i.test(next.text) ? tokens[i + 2] : next;
      if (
        after &&
        after.pos === 'nz' &&
        /^\s$/.test(sentence.slice(token.end, (next ?? after).start))
      ) {
        run.push({ ...token, pos: 'stop' });
        if (next !== after) run.push({ ...next!, pos: 'stop' });
        linked = true;
        return;
      }
    }
    if (prev?.pos === 'stop' && /^the$/i.test(token.text)) return;
    const joinable = !prev || /^[\s-]?$/.test(sentence.slice(prev.end, token.start));
    if ((token.pos === 'n' || token.pos === 'nz') && joinable) run.push(token);
    else {
      flush();
      if (token.pos === 'n' || token.pos === 'nz') run.push(token);
    }
  });
  flush();
  return out;
}
