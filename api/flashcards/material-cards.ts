import type { ExtractedDocument, Location } from '../extract/types.js';
import { analyseDocument } from '../quizgen/builtin/analysis.js';
import { definitionCandidates } from '../quizgen/builtin/candidates/definition.js';
import { termKey } from '../quizgen/builtin/terms.js';

/** One term ↔ definition card of a material (docs/decisions/0029-flashcards.md). */
export interface TermCard {
  /** Stable for the same text: the term's key, so a device's piles survive a refetch. */
  id: string;
  term: string;
  definition: string;
  /** The sentence the definition was read from, verbatim, and where it stands. */
  source: { fileId: string; sentence: string; location: Location };
}

/** At most this many cards per material: a deck, not an index of the book. */
export const MAX_TERM_CARDS = 200;

const MIN_DEFINITION = { zh: 4, en: 12 };
const MAX_DEFINITION = 300;

/**
 * Only words a learner would study: a term has a letter or a CJK character, is not a number,
 * a unit, markup or a lone letter; a definition is a real phrase, not a fragment.
 */
export function isStudyPair(term: string, definition: string, language: 'zh' | 'en'): boolean {
  if (!/[\p{L}]/u.test(term)) return false;
  if (/^[\p{Lu}\p{Ll}]$/u.test(term) || /^\d/.test(term)) return false;
  if (/[<>[\]{}|#*_`=/\\]|https?:|www\./i.test(term + definition)) return false;
  const letters = definition.replace(/[^\p{L}\p{N}]/gu, '');
  if (letters.length < MIN_DEFINITION[language]) return false;
  if (definition.length > MAX_DEFINITION) return false;
  if (language === 'en' && definition.trim().split(/\s+/).length < 3) return false;
  return true;
}

/** Words that make a subject point elsewhere ("the previous example"), not name a term. */
const EN_POINTING_TERM =
  /\b(?:where|when|which|who|whose|each|every|previous|following|next|above|below|same|other|such|example|however|therefore|thus|also|important)\b/i;
/** "The term replication crisis is …": the card's term is what follows "term". */
const EN_TERM_LEAD = /^(?:the\s+)?(?:term|word|phrase|concept(?:\s+of)?|notion(?:\s+of)?)\s+/i;
/** A body pointing back to something said before ("collected in this fashion"). */
const EN_POINTING_BODY = /\b(?:this|these|those|above|previous|aforementioned)\b/i;
/** A clause opener: "When individuals are …, the experiment" is a condition, not a definition. */
const EN_CLAUSE_START =
  /^(?:when|if|as|while|because|since|although|though|where|once|after|before|unless|in|for|by|to)\b/i;
/** Where a defining phrase turns into a second clause (", as subjects were …"). */
const EN_CLAUSE_CUT =
  /,\s+(?:as|while|where|which|because|so|but|and|whereas|although|though|since|when|if)\b.*$/i;
/** A body that holds another definition is two statements, not one card. */
const EN_NESTED_DEFINITION =
  /\b(?:called|known as|referred to as|termed|refers to|is defined as)\b/i;
/**
 * "Fat bytecodes are a problem for …", "X is a key part of …": a judgement about the term, not
 * what it is. Read at the body's head noun (after the article and at most two adjectives).
 */
const EN_JUDGEMENT_BODY =
  /^(?:an?|the)\s+(?:[\w-]+\s+){0,2}?(?:problem|issue|challenge|benefit|advantage|disadvantage|drawback|reminder|example|case|way|result|consequence|reason|factor|part|thing|concern|goal|step|need|priority|question|topic|idea|matter|lot|bit|must)\b/i;
/** "The best case is …", "the main point is …": a superlative or a pointer, not a term. */
const EN_JUDGEMENT_TERM = /^(?:best|worst|main|only|key|biggest|greatest|most|least)\b/i;
const ZH_CLAUSE_START = /^(?:如果|若|當|因為|由於|雖然|但|而|所以|例如|比如)/u;

/**
 * A definition as a card's back, or null when the sentence does not define the term on its own:
 * English bodies lose a trailing second clause; a subject read before "called X" must be a noun
 * phrase (no comma, no condition).
 */
function cardText(
  term: string,
  body: string,
  termFirst: boolean,
  language: 'zh' | 'en',
): string | null {
  let text = body.trim().replace(/\s+/g, language === 'zh' ? '' : ' ');
  if (language === 'zh') {
    if (ZH_CLAUSE_START.test(text) || /(?:稱為|稱作|叫做|是指)/u.test(text)) return null;
    // 「所謂X，是指…」 leaves 指 of 是指 on the body.
    return text.replace(/^(?:是指|指的是|意指|係指|即|指)/u, '').replace(/[，、；：]+$/u, '');
  }
  if (EN_POINTING_TERM.test(term) || EN_JUDGEMENT_TERM.test(term)) return null;
  if (EN_NESTED_DEFINITION.test(text) || EN_JUDGEMENT_BODY.test(text)) return null;
  if (EN_POINTING_BODY.test(text)) return null;
  // Before "called X" stands a noun phrase, never a clause of its own.
  if (!termFirst && (/[,]|\b(?:is|are|was|were)\b/i.test(text) || EN_CLAUSE_START.test(text)))
    return null;
  text = text.replace(EN_CLAUSE_CUT, '').replace(/[,;:]+$/, '');
  if (EN_CLAUSE_START.test(text)) return null;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The term ↔ definition pairs a material states ("X is a …", 「X是指…」, "… called X"), read with
 * the built-in quiz generator's definition finder: each term once (its best-scored
 * definition), in the order the material gives them. Pure: a function of the document.
 */
export function materialTermCards(doc: ExtractedDocument): TermCard[] {
  if (doc.blocks.length === 0) return [];
  const analysis = analyseDocument(doc, () => undefined);
  const language = analysis.language;
  const best = new Map<string, { card: TermCard; score: number; order: number }>();
  for (const candidate of definitionCandidates(analysis)) {
    const { sentence } = candidate;
    if (sentence.kind !== undefined && sentence.kind !== 'study') continue;
    const term =
      language === 'en'
        ? candidate.answer.text.trim().replace(EN_TERM_LEAD, '')
        : candidate.answer.text.trim();
    const termFirst = candidate.answer.start < sentence.text.indexOf(candidate.body);
    const definition = cardText(term, candidate.body, termFirst, language);
    if (definition === null || !isStudyPair(term, definition, language)) continue;
    const key = termKey(term);
    const seen = best.get(key);
    if (seen && seen.score >= candidate.score) continue;
    best.set(key, {
      score: candidate.score,
      order: sentence.id,
      card: {
        id: key,
        term,
        definition,
        source: { fileId: sentence.fileId, sentence: sentence.text, location: sentence.location },
      },
    });
  }
  return [...best.values()]
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, MAX_TERM_CARDS)
    .sort((a, b) => a.order - b.order)
    .map((entry) => entry.card);
}
