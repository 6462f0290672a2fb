import type { Difficulty } from '../../types.js';
import type { AnalysedSentence } from '../analysis.js';

/**
 * Speakers of a transcript, from its speaker labels (「### 唐鳳：」, "### Audrey Tang:", a
 * heading that is a short name ending in a colon). The one with the most text is the main
 * speaker: questions come from their substance, not from the host's or interviewer's lines.
 */

/** A heading that is a speaker label: a short name and a colon, nothing else. */
const LABEL = /^\s*[*_]*([^\n:：。．.!?！？，,；;「」]{1,30}?)[*_]*\s*[:：][*_]*\s*$/u;

/** The name in a speaker label heading, or undefined for any other heading. */
export function speakerLabel(heading: string | undefined): string | undefined {
  if (!heading) return undefined;
  const m = LABEL.exec(heading);
  return m ? m[1]!.trim() : undefined;
}

/** The speaker whose turn a sentence is in (its nearest heading is a speaker label). */
export function speakerOf(sentence: Pick<AnalysedSentence, 'location'>): string | undefined {
  const where = sentence.location;
  if (where.kind !== 'paragraph') return undefined;
  return speakerLabel(where.headingPath?.at(-1));
}

export interface Speakers {
  /** The speaker with the most text; undefined when the material has fewer than two. */
  main?: string;
  /** Every speaker's name, for "no blank on a speaker's name". */
  names: Set<string>;
  /**
   * Speakers who say less than MINOR_SHARE of what the main speaker says and only frame: the
   * host or moderator, reporters and students asking, the room's helpers. A panel guest who
   * makes statements is not among them.
   */
  minor?: Set<string>;
}

/** A speaker saying less than this share of the main speaker's text may only frame the talk. */
export const MINOR_SHARE = 0.4;
/** Sentences this short on average (characters) are a host's turns, not statements. */
const SHORT_TURN = 25;
/** Labels of a host's role: 主持人, 司儀, 記者, Moderator. */
const HOST_ROLE =
  /主持|司儀|記者|主播|旁白|提問|觀眾|聽眾|host|moderator|interviewer|question|audience/iu;

/** Speakers of the material and its main one (by characters spoken). */
export function findSpeakers(
  sentences: ReadonlyArray<Pick<AnalysedSentence, 'location' | 'text'>>,
): Speakers {
  const chars = new Map<string, number>();
  const lines = new Map<string, number>();
  const questions = new Map<string, number>();
  for (const s of sentences) {
    const who = speakerOf(s);
    if (!who) continue;
    chars.set(who, (chars.get(who) ?? 0) + s.text.length);
    // The label heading itself (「李禾于：」) is no line of theirs.
    if (speakerLabel(s.text)) continue;
    lines.set(who, (lines.get(who) ?? 0) + 1);
    if (/[?？][」』"”]?\s*(?:[（(][^）)]{0,6}[）)])?\s*$/u.test(s.text))
      questions.set(who, (questions.get(who) ?? 0) + 1);
  }
  const names = new Set(chars.keys());
  if (chars.size < 2) return { names };
  const [main, most] = [...chars].sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))[0]!;
  // A minor speaker says much less than the main one and frames: a host or moderator by role,
  // or someone whose lines are questions or short turns (students, reporters). A panel guest
  // who makes statements of their own stays material (weighed down in selection).
  const minor = new Set(
    [...chars]
      .filter(([who, c]) => {
        if (c >= MINOR_SHARE * most) return false;
        const n = lines.get(who) ?? 1;
        return HOST_ROLE.test(who) || (questions.get(who) ?? 0) / n >= 0.25 || c / n < SHORT_TURN;
      })
      .map(([who]) => who),
  );
  return { main, names, minor };
}

/**
 * Whether a sentence is a minor speaker's (host, interviewer, questioner): its words set up
 * the main speaker's answers and are not themselves what the material teaches.
 */
export function isMinorSpeakerLine(
  speakers: Speakers,
  sentence: Pick<AnalysedSentence, 'location'>,
): boolean {
  const who = speakerOf(sentence);
  return who !== undefined && (speakers.minor?.has(who) ?? false);
}

/** How much a sentence spoken by someone other than the main speaker still weighs. */
export const OTHER_SPEAKER_WEIGHT = 0.12;

/**
 * At expert, the other speakers' lines weigh a little more: an expert quiz gives way on the
 * sentences a basic quiz asks first (select.ts), and a transcript whose main speaker offers few
 * askable sentences would otherwise ask those again.
 */
export const OTHER_SPEAKER_WEIGHT_EXPERT = 0.3;

/** A line that opens with an inline label and a quotation: someone else's words read out. */
const QUOTED_LINE = /^[\p{L}\d.\s]{1,16}[：:]\s*[「“"]/u;

/** The selection weight factor of a sentence: strongly down for the host's and guests' lines. */
export function speakerWeight(
  speakers: Speakers,
  sentence: Pick<AnalysedSentence, 'location'> & { text?: string },
  difficulty: Difficulty = 'basic',
) {
  // A line quoted from someone else under an inline label (「sli.do：「…」」, "Audience: “…”"):
  // the question read out, not the speaker's substance.
  if (sentence.text !== undefined && QUOTED_LINE.test(sentence.text))
    return difficulty === 'expert' ? OTHER_SPEAKER_WEIGHT_EXPERT : OTHER_SPEAKER_WEIGHT;
  if (!speakers.main) return 1;
  const who = speakerOf(sentence);
  if (!who || who === speakers.main) return 1;
  return difficulty === 'expert' ? OTHER_SPEAKER_WEIGHT_EXPERT : OTHER_SPEAKER_WEIGHT;
}

/** A surname and a title: 唐政委, 林局長, 高理事長. */
const TITLED =
  /^(\p{Script=Han})(?:政委|部長|次長|局長|署長|處長|委員|理事長|秘書長|理事|主委|院長|市長|教授|老師|大使|博士|先生|女士|小姐|主任|執行長|總統|議員)$/u;

/**
 * True when a key names a speaker (a nickname or part of a label: 唐鳳, Audrey): who spoke is
 * not what the material teaches.
 */
export function isSpeakerName(speakers: Speakers, key: string): boolean {
  const k = key.trim().toLowerCase();
  if (!k) return false;
  const title = TITLED.exec(key.trim());
  const words = k.split(/\s+/);
  for (const name of speakers.names) {
    const n = name.toLowerCase();
    if (n === k || (k.length >= 2 && n.includes(k)) || (n.length >= 2 && k.includes(n)))
      return true;
    // 唐政委, 林局長: a speaker's surname with a title.
    if (title && /^\p{Script=Han}{2,4}/u.test(name) && name.startsWith(title[1]!)) return true;
    // "Minister Tang", "Ms. Green": a word of a speaker's Latin name in a short key.
    if (
      words.length <= 3 &&
      n.split(/\s+/).some((w) => w.length >= 3 && /^[a-z]/.test(w) && words.includes(w))
    )
      return true;
  }
  return false;
}
