import { cleanText, labelsFor, type ExportLocale } from './labels.js';
import {
  citationLine,
  optionLetter,
  type ExportQuestion,
  type QuizExport,
} from './quiz-questions.js';

/**
 * A field of Anki's text import: quoted (with doubled quotes) when it holds a tab, a line
 * break or a quote, as the importer's CSV reader expects, or starts with # (which would read
 * as a header line); anything else as it is.
 */
export function ankiField(text: string): string {
  return /[\t\n\r"]|^#/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A header value on one line, without the separator. */
const headerValue = (text: string) => cleanText(text).replace(/\s+/g, ' ');

/** A tag: Anki splits tags on spaces, so inner spaces become underscores. */
const ankiTag = (concept: string) => cleanText(concept).replace(/\s+/g, '_');

function front(q: ExportQuestion): string {
  const lines = [cleanText(q.question)];
  if (q.type === 'multiple_choice' && q.options) {
    q.options.forEach((o, i) => lines.push(`${optionLetter(i)}. ${cleanText(o.text)}`));
  } else if (q.type === 'true_false' && q.options) {
    lines.push(q.options.map((o) => cleanText(o.text)).join(' / '));
  } else if (q.type === 'dropdown_fill_in_blank' && q.blanks) {
    q.blanks.forEach((b, i) =>
      lines.push(`(${i + 1}) ${b.options.map((o) => cleanText(o.text)).join(' / ')}`),
    );
  }
  return lines.join('\n');
}

function keyText(q: ExportQuestion, locale: ExportLocale): string {
  // A multiple-select item: the letters of each accepted set, then the options' text.
  if (q.multiSelect && q.options && !q.anyAnswer && q.acceptedOptionSets) {
    const letters = q.acceptedOptionSets.map((set) =>
      q.options!.flatMap((o, i) => (set.includes(o.id) ? [optionLetter(i)] : [])).join(''),
    );
    return `${letters.join(labelsFor(locale).or)}${labelsFor(locale).labelSeparator}${cleanText(q.correctAnswer)}`;
  }
  if (q.type === 'multiple_choice' && q.options && !q.anyAnswer && !q.acceptedOptionIds) {
    const i = q.options.findIndex((o) => o.id === q.correctOptionId);
    if (i >= 0) return `${optionLetter(i)}. ${cleanText(q.options[i]!.text)}`;
  }
  if (q.type === 'short_answer' && q.acceptedAnswers?.length) {
    const all = [...new Set(q.acceptedAnswers.map(cleanText).filter(Boolean))];
    return all.join(labelsFor(locale).listSeparator);
  }
  return cleanText(q.correctAnswer);
}

function back(q: ExportQuestion, locale: ExportLocale): string {
  const l = labelsFor(locale);
  const label = (name: string, value: string) => `${name}${l.labelSeparator}${value}`;
  const lines = [label(l.correctAnswer, keyText(q, locale))];
  if (q.explanation) lines.push(label(l.explanation, cleanText(q.explanation)));
  const cite = citationLine(q, locale);
  if (cite) lines.push(label(l.source, cleanText(cite)));
  return lines.join('\n');
}

/**
 * The quiz as an Anki "Import File" text file: header lines Anki reads (tab separator, plain
 * text, Basic note type, the quiz as deck, a tag), then one Front/Back/Tags note per question.
 * The back holds the key, and for premium the explanation and the cited passage; the tags are
 * the related concepts (premium). A stem keeps its _____ blank markers.
 */
export function renderQuizAnki(quiz: QuizExport): string {
  const header = [
    '#separator:tab',
    '#html:false',
    '#notetype:Basic',
    `#deck:${headerValue(quiz.title) || 'Mnemo'}`,
    '#tags:mnemo',
    '#columns:Front\tBack\tTags',
    '#tags column:3',
  ];
  const notes = quiz.questions.map((q) =>
    [
      front(q),
      back(q, quiz.locale),
      (q.relatedConcepts ?? []).map(ankiTag).filter(Boolean).join(' '),
    ]
      .map(ankiField)
      .join('\t'),
  );
  return `${[...header, ...notes].join('\n')}\n`;
}
