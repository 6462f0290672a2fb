import type { ClientQuestion } from '../api/types';
import type { QuestionKit, ReviewDraft } from './question-kit';

/**
 * How the learner's answer reads before the server has it (an answer given offline): the
 * chosen option's text, each blank's choice joined with `joiner`, or the typed text. Pure.
 */
export function answerText(
  kit: Pick<QuestionKit, 'choiceOptions' | 'normalizeFill'>,
  question: ClientQuestion,
  draft: ReviewDraft | undefined,
  labels: { true: string; false: string; joiner: string },
): string {
  if (!draft) return '';
  if (question.type === 'multiple_choice' && question.multiSelect) {
    const options = kit.choiceOptions(question.options);
    const picked = new Set(draft.choices ?? []);
    return options
      .filter((o) => picked.has(o.value))
      .map((o) => o.text)
      .join(labels.joiner);
  }
  if (question.type === 'multiple_choice' || question.type === 'true_false') {
    const choice = draft.choice ?? '';
    const option = kit.choiceOptions(question.options).find((o) => o.value === choice);
    if (option) return option.text;
    if (choice === 'true') return labels.true;
    if (choice === 'false') return labels.false;
    return choice;
  }
  if (question.type === 'dropdown_fill_in_blank') {
    const picked = draft.blanks ?? {};
    return kit
      .normalizeFill(question)
      .blanks.map((b) => {
        const value = picked[b.id] ?? '';
        return b.options.find((o) => o.value === value)?.text ?? value;
      })
      .join(labels.joiner);
  }
  return (draft.text ?? draft.choice ?? '').trim();
}

/**
 * False once the learner changed a choice they had made (the API rates a right answer that
 * was not the first choice as Hard). Typing a short answer is not changing one's mind.
 */
export function stillFirstTry(before: ReviewDraft | undefined, after: ReviewDraft): boolean {
  if (!before) return true;
  if (before.choice && after.choice !== undefined && after.choice !== before.choice) return false;
  // A multiple-select box ticked and then cleared is a change of mind; ticking more is not.
  if (before.choices && after.choices && before.choices.some((c) => !after.choices!.includes(c)))
    return false;
  const was = before.blanks ?? {};
  const now = after.blanks ?? {};
  return Object.keys(was).every((id) => !was[id] || now[id] === undefined || now[id] === was[id]);
}
