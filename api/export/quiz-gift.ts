import { BLANK_MARKER } from '../quizgen/types.js';
import { parseTrueFalse } from '../scoring/index.js';
import { cleanText, labelsFor, type ExportLocale } from './labels.js';
import { citationLine, type ExportQuestion, type QuizExport } from './quiz-questions.js';

/**
 * Text made literal for GIFT: a backslash first (so the escapes added next stay escapes), then
 * the six control characters ~ = # { } :, and line breaks as GIFT's \n.
 */
export function escapeGift(text: string): string {
  return escapeChars(cleanText(text));
}

/** The escaping alone, for pieces of a text already cleaned (their spaces kept). */
function escapeChars(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/[~=#{}:]/g, (ch) => `\\${ch}`)
    .replace(/\n/g, '\\n');
}

const NAME_CHARS = 40;

function questionName(q: ExportQuestion, part?: string): string {
  const stem = [...cleanText(q.question).replace(/\s+/g, ' ')].slice(0, NAME_CHARS).join('');
  const n = String(q.number).padStart(2, '0');
  return escapeGift(`Q${n}${part ? ` (${part})` : ''} ${stem}`.trim());
}

/** The general feedback (premium): the explanation and where the answer stands. */
function feedback(q: ExportQuestion, locale: ExportLocale): string {
  const l = labelsFor(locale);
  const parts: string[] = [];
  if (q.explanation) parts.push(cleanText(q.explanation));
  const cite = citationLine(q, locale);
  if (cite) parts.push(`${l.source}${l.labelSeparator}${cite}`);
  return parts.length ? ` ####${escapeGift(parts.join('\n'))}` : '';
}

function choices(options: Array<{ text: string; right: boolean }>): string {
  const rights = options.filter((o) => o.right).length;
  // GIFT takes one `=` answer; several accepted answers (an exam correction) are each 100%.
  if (rights > 1)
    return options.map((o) => `~${o.right ? '%100%' : ''}${escapeGift(o.text)}`).join(' ');
  return options.map((o) => `${o.right ? '=' : '~'}${escapeGift(o.text)}`).join(' ');
}

/**
 * A multiple-select item as Moodle's multiple-answer question: the key's options share 100%,
 * every other option takes it all back (-100%), so only the exact set scores in full. GIFT
 * holds one set: a correction accepting several sets exports its first.
 */
function multiChoices(q: ExportQuestion, set: string[]): string {
  const share = Number((100 / set.length).toFixed(5));
  return (q.options ?? [])
    .map((o) => `~%${set.includes(o.id) ? share : -100}%${escapeGift(o.text)}`)
    .join(' ');
}

/** `::name:: text {answers}` blocks for one question (several for a fill-in with many blanks). */
function blocks(q: ExportQuestion, locale: ExportLocale): string[] {
  const fb = feedback(q, locale);
  const stem = escapeGift(q.question);
  switch (q.type) {
    case 'multiple_choice':
      if (q.options?.length) {
        const accepted = q.anyAnswer
          ? q.options.map((o) => o.id)
          : (q.acceptedOptionIds ?? [q.correctOptionId]);
        if (q.multiSelect && !q.anyAnswer && q.acceptedOptionSets?.[0])
          return [
            `::${questionName(q)}:: ${stem} {${multiChoices(q, q.acceptedOptionSets[0])}${fb}}`,
          ];
        const opts = q.options.map((o) => ({ text: o.text, right: accepted.includes(o.id) }));
        return [`::${questionName(q)}:: ${stem} {${choices(opts)}${fb}}`];
      }
      break;
    case 'true_false': {
      const value = parseTrueFalse(q.correctOptionId) ? 'TRUE' : 'FALSE';
      return [`::${questionName(q)}:: ${stem} {${value}${fb}}`];
    }
    case 'dropdown_fill_in_blank':
      if (q.blanks?.length) return missingWord(q, fb);
      break;
    case 'short_answer':
      break;
  }
  const answers = q.acceptedAnswers?.length ? q.acceptedAnswers : [q.correctAnswer];
  const accepted = [...new Set(answers.map((a) => cleanText(a)).filter(Boolean))];
  return [
    `::${questionName(q)}:: ${stem} {${accepted.map((a) => `=${escapeGift(a)}`).join(' ')}${fb}}`,
  ];
}

/**
 * GIFT's missing-word question holds one blank. A stem with several blanks becomes one question
 * per blank, the other blanks shown filled in with their keys.
 */
function missingWord(q: ExportQuestion, fb: string): string[] {
  const blanks = q.blanks!;
  const pieces = cleanText(q.question).split(BLANK_MARKER);
  const keyOf = (b: (typeof blanks)[number]) =>
    b.options.find((o) => o.id === b.correctOptionId)?.text ?? '';
  return blanks.map((blank, i) => {
    const asked = () => {
      const opts = blank.options.map((o) => ({
        text: o.text,
        right: o.id === blank.correctOptionId,
      }));
      return `{${choices(opts)}${fb}}`;
    };
    let text = escapeChars(pieces[0] ?? '');
    for (let k = 0; k < pieces.length - 1; k++) {
      const b = blanks[k];
      text += k === i ? asked() : escapeGift(b ? keyOf(b) : BLANK_MARKER);
      text += escapeChars(pieces[k + 1] ?? '');
    }
    // A blank the stem has no marker for is asked at the end.
    if (i >= pieces.length - 1) text += ` ${asked()}`;
    const part = blanks.length > 1 ? `${i + 1}/${blanks.length}` : undefined;
    return `::${questionName(q, part)}:: ${text.trim()}`;
  });
}

/**
 * The quiz in Moodle's GIFT import format: multiple choice `{=right ~wrong}`, true/false
 * `{TRUE}`/`{FALSE}`, short answer `{=a =b}`, fill-in-the-blank as missing-word questions;
 * premium explanations and citations as general feedback. Questions are separated by a blank line.
 */
export function renderQuizGift(quiz: QuizExport): string {
  const comment = `// Mnemo — ${cleanText(quiz.title).replace(/\s+/g, ' ')}`;
  const questions = quiz.questions.flatMap((q) => blocks(q, quiz.locale));
  return `${[comment, ...questions].join('\n\n')}\n`;
}
