import type { Location } from '../../../extract/types.js';
import type { QuizTemplates } from './types.js';

const q = (text: string) => `“${text}”`;
const at = (where?: string) => (where ? ` (${where})` : '');

function location(loc: Location): string {
  switch (loc.kind) {
    case 'page':
      return `page ${loc.page}`;
    case 'slide':
      return `slide ${loc.slide}`;
    case 'notes':
      return `the notes of slide ${loc.slide}`;
    case 'sheet':
      return loc.rowStart === loc.rowEnd
        ? `sheet “${loc.sheet}”, row ${loc.rowStart}`
        : `sheet “${loc.sheet}”, rows ${loc.rowStart}–${loc.rowEnd}`;
    case 'paragraph':
      return `paragraph ${loc.index}`;
  }
}

/** English wording. */
export const enTemplates: QuizTemplates = {
  join: ' ',
  trueLabel: 'True',
  falseLabel: 'False',
  quote: q,
  location,
  mcqCloze: (stem, where) =>
    `According to the material${at(where)}, which option best fills the blank? ${q(stem)}`,
  mcqDefinition: (body) => `According to the material, which term is described as ${q(body)}?`,
  mcqNotInList: (category) =>
    `According to the material, which of these is NOT one of the ${category} it names?`,
  explainNotInList: (key, category) =>
    `The ${category} named there do not include ${q(key)}, so the answer is ${q(key)}.`,
  trueFalse: (statement, where) =>
    `True or false, according to the material${at(where)}: ${q(statement)}`,
  dropdown: (stem, where) =>
    `Choose the correct option for each blank, according to the material${at(where)}: ${q(stem)}`,
  shortAnswerCloze: (stem, where) =>
    `Write the missing word or phrase, according to the material${at(where)}: ${q(stem)}`,
  shortAnswerDefinition: (body) =>
    `According to the material, what term is described as ${q(body)}?`,
  explainSupport: (where, quote) => `The material (${where}) says: ${q(quote)}`,
  explainKey: (keys) => `So the answer is ${keys.map(q).join(', ')}.`,
  explainDistractor: (d, where, quote) =>
    `${q(d)} is not the answer: the material (${where}) says ${q(quote)}.`,
  explainTrue: () => 'The statement matches the material word for word, so it is true.',
  explainFalse: (original, changed) =>
    `The material says ${q(original)}, but the statement says ${q(changed)}, so it is false.`,
};
