/**
 * English sentences that carry nothing to learn, whatever they contain: a transcript's stage
 * directions ("[Laughter]", "(applause)"), promotion ("subscribe to our newsletter", "check out
 * our website"), and a text talking about itself ("In this chapter we will …", "we will return
 * to this later", "is beyond the scope of this book", "… is a hard problem"). Their words
 * make blanks and statements a learner cannot be taught anything by.
 */
const STAGE_DIRECTION =
  /[[(](?:laughter|laughs|laughing|applause|music|inaudible|crosstalk|silence|pause|cheers|cheering|video|audio|break|end of (?:recording|transcript)|unintelligible)[^\])]{0,30}[\])]/i;

const PROMOTION =
  /\b(?:subscribe\s+to|follow\s+(?:us|me)\s+on|check\s+out\s+(?:our|my)|visit\s+(?:our|my)\s+(?:web\s?site|site|page|channel)|sign\s+up\s+(?:for|at|today|now)|link\s+in\s+the\s+description|sponsored\s+by|brought\s+to\s+you\s+by|our\s+sponsors?|(?:buy|order|get)\s+(?:your|a)\s+copy|available\s+(?:now\s+)?(?:on|at)\s+(?:amazon|our\s+website)|(?:like|share)\s+(?:and|&)\s+subscribe|happy\s+to\s+(?:write|do)\s+a\s+(?:column|piece|post|podcast|episode)\s+about)\b/i;

const SELF_REFERENCE =
  /\b(?:in\s+this\s+(?:chapter|section|book|course|unit|lesson|talk|video|episode|paper)\s*,?\s+(?:we|I)\s+(?:will|'ll|are\s+going\s+to|introduce|discuss|explore|cover|describe)|(?:we|I)\s+(?:will|'ll)\s+(?:return|come\s+back)\s+to|(?:we|I)\s+(?:will|'ll)\s+(?:see|discuss|explore|cover|learn|study)\s+(?:this|these|that|it|them|more)?\s*(?:later|in\s+(?:a\s+later|the\s+next|later|future)\s+(?:chapter|section|chapters|sections))|beyond\s+the\s+scope\s+of|(?:is|are)\s+(?:a\s+)?(?:very\s+|quite\s+|really\s+|particularly\s+)?(?:hard|difficult|tricky)\s+(?:problem|task|question)s?\s*[.!]?$)/i;

/** A figure or table the learner does not see: the sentence reads it out or points at it. */
const READS_A_FIGURE =
  /^(?:figure|fig\.|table)\s+\d|\b(?:shown|displayed|plotted|summari[sz]ed|given|visuali[sz]ed|depicted)\s+(?:in|by)\s+(?:figure|fig\.|table)\s+\d|\b(?:figure|fig\.|table)\s+[\d.]+\s+(?:shows|displays|plots|summari[sz]es|gives|depicts)\b/i;

/** A sentence about a cited work ("Still, Dynamo (7) by Bala et al, introduced …"). */
const CITES = /\bet\s+al\b/i;

/**
 * Whether an English sentence is a stage direction, promotion, self-reference, figure read-out
 * or a citation of other work.
 */
export function isEnglishAside(text: string): boolean {
  return (
    CITES.test(text) ||
    STAGE_DIRECTION.test(text) ||
    PROMOTION.test(text) ||
    SELF_REFERENCE.test(text) ||
    READS_A_FIGURE.test(text)
  );
}

/**
 * Whether the rest of a stem spells an acronym key out: the key's letters are, in order, the
 * starts of consecutive words of the stem (MaxOS ← "Maximization Operating System", LIR ←
 * "low-level intermediate representation"). One short function word may sit between them.
 */
export function spellsAcronym(key: string, rest: string): boolean {
  const k = key.trim();
  if (!/^[\p{L}\d]{2,10}$/u.test(k) || !/\p{Lu}.*\p{Lu}/u.test(k)) return false;
  const target = k.toLowerCase();
  const words = rest.toLowerCase().match(/[\p{L}\d]+/gu) ?? [];
  const from = (i: number, at: number, skipped: number): boolean => {
    if (at === target.length) return true;
    if (i >= words.length) return false;
    const w = words[i]!;
    const functionWord = /^(?:of|and|the|for|to|in|on|a|an|or|by|at|is|it)$/.test(w);
    if (functionWord) return skipped < 1 && at > 0 && from(i + 1, at, 1);
    // The longest start of this word that continues the key, then shorter ones.
    for (let n = Math.min(w.length, target.length - at); n >= 1; n--)
      if (w.slice(0, n) === target.slice(at, at + n) && from(i + 1, at + n, skipped)) return true;
    return false;
  };
  for (let i = 0; i < words.length; i++)
    if (words[i]![0] === target[0] && words[i] !== target && from(i, 0, 0)) {
      // At least two words are used: one word starting with the key is no spelling out.
      const first = words[i]!;
      if (!first.startsWith(target)) return true;
    }
  return false;
}
