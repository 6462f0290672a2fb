// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ClientQuestion } from '../../src/features/quiz/api/types';
import { QuestionView } from '../../src/features/quiz/components/question-view';
import {
  draftFromSaved,
  formatAnswer,
  type Draft,
} from '../../src/features/quiz/lib/answer-format';
import enCommon from '../../src/i18n/locales/en/common.json';
import enQuiz from '../../src/i18n/locales/en/quiz.json';
import zhCommon from '../../src/i18n/locales/zh-TW/common.json';
import zhQuiz from '../../src/i18n/locales/zh-TW/quiz.json';
import { testI18n } from '../support/test-i18n';

/**
 * The question views as a learner meets them, one type at a time, in both languages: what a
 * screen reader hears, what the keyboard does, and the draft each control writes. (The e2e
 * suite walks whole quizzes; these pin each view's controls.)
 */

let i18n: I18n;
beforeAll(async () => {
  // jsdom has no CSS.escape; user-event's arrow keys in a radio group select by name with it.
  const css = (globalThis as { CSS?: { escape?: (v: string) => string } }).CSS;
  if (!css?.escape) {
    (globalThis as { CSS?: unknown }).CSS = {
      escape: (v: string) => v.replace(/[^\w-]/gu, (c) => `\\${c}`),
    };
  }
  i18n = await testI18n({
    en: { common: enCommon, quiz: enQuiz },
    'zh-TW': { common: zhCommon, quiz: zhQuiz },
  });
});
afterEach(cleanup);

/** A question view that keeps its draft, as the session does, and reports every change. */
function Harness({ question, changes }: { question: ClientQuestion; changes: Draft[] }) {
  const [draft, setDraft] = useState<Draft | undefined>(undefined);
  return (
    <QuestionView
      question={question}
      position={2}
      total={10}
      draft={draft}
      onChange={(next) => {
        changes.push(next);
        setDraft(next);
      }}
      headingRef={() => undefined}
    />
  );
}

async function show(question: ClientQuestion, language: 'en' | 'zh-TW' = 'en') {
  await i18n.changeLanguage(language);
  const changes: Draft[] = [];
  render(
    <I18nextProvider i18n={i18n}>
      <Harness question={question} changes={changes} />
    </I18nextProvider>,
  );
  return changes;
}

const choice: ClientQuestion = {
  id: 'q1',
  questionId: 'q1',
  type: 'multiple_choice',
  question: 'Which study design assigns the treatment at random?',
  options: [
    { id: 'a', text: 'An experiment' },
    { id: 'b', text: 'An observational study' },
    { id: 'c', text: 'A census' },
    { id: 'd', text: 'A survey' },
  ] as ClientQuestion['options'],
};

describe('multiple choice', () => {
  it('is a radio group named by its question, lettered A–D for screen readers, picked by keyboard', async () => {
    const changes = await show(choice);
    const group = screen.getByRole('group', { name: /Question 2 of 10.*assigns the treatment/u });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(4);
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual([
      'AA. An experiment',
      'BB. An observational study',
      'CC. A census',
      'DD. A survey',
    ]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: /An observational study/u }));
    // Arrow keys move within the native group, and moving picks.
    await user.keyboard('{ArrowDown}');
    expect(changes.map((d) => d.choice)).toEqual(['b', 'c']);
    expect((screen.getByRole('radio', { name: /A census/u }) as HTMLInputElement).checked).toBe(
      true,
    );
  });
});

/** The text a control's aria-describedby names. */
const description = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(/\s+/u)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();

describe('multiple select (複選題)', () => {
  const multi: ClientQuestion = {
    id: 'q3',
    questionId: 'q3',
    type: 'multiple_choice',
    multiSelect: true,
    question: '下列何者屬於避難器具？',
    options: [
      { id: 'a', text: '緩降機' },
      { id: 'b', text: '救助袋' },
      { id: 'c', text: '撒水頭' },
      { id: 'd', text: '避難梯' },
    ],
    exam: { paper: '115年 消防安全設備概要', number: 3 },
  };

  it('is a group of labelled checkboxes with the select-all hint, ticked and cleared by keyboard', async () => {
    const changes = await show(multi, 'zh-TW');
    const group = screen.getByRole('group', { name: /第 2 題.*避難器具/u });
    expect(within(group).queryAllByRole('radio')).toHaveLength(0);
    const boxes = within(group).getAllByRole('checkbox');
    expect(boxes.map((b) => b.closest('label')?.textContent)).toEqual([
      'AA. 緩降機',
      'BB. 救助袋',
      'CC. 撒水頭',
      'DD. 避難梯',
    ]);
    // Each box is described by the hint: every correct option, all or nothing.
    expect(description(boxes[0]!)).toBe('複選題：選出所有正確的選項，全部選對才給分。');
    expect(screen.getByText('複選題', { selector: '.question__type' })).toBeTruthy();

    const user = userEvent.setup();
    boxes[0]!.focus();
    await user.keyboard(' ');
    await user.tab();
    await user.keyboard(' ');
    await user.tab();
    await user.tab();
    await user.keyboard(' ');
    // Space on A again clears it.
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    await user.keyboard(' ');
    expect(changes.map((d) => d.choices)).toEqual([['a'], ['a', 'b'], ['a', 'b', 'd'], ['b', 'd']]);
    expect(boxes.map((b) => (b as HTMLInputElement).checked)).toEqual([false, true, false, true]);
  });

  it('speaks English too, and sends every ticked option as optionIds', async () => {
    await show(multi, 'en');
    expect(description(screen.getAllByRole('checkbox')[0]!)).toBe(
      'Multiple select: choose every correct option. It scores only when all of them are right.',
    );
    expect(screen.getByText('Multiple select', { selector: '.question__type' })).toBeTruthy();
    expect(formatAnswer(multi, { choices: ['d', 'a'] })).toEqual({
      questionId: 'q3',
      optionIds: ['a', 'd'],
    });
    expect(formatAnswer(multi, { choices: [] })).toBeNull();
    expect(draftFromSaved(multi, { questionId: 'q3', optionIds: ['a', 'd'] })).toEqual({
      choices: ['a', 'd'],
    });
  });
});

describe('true / false', () => {
  it('offers the two answers in the learner’s language when the question brings none', async () => {
    const changes = await show(
      { id: 't', questionId: 't', type: 'true_false', question: '台灣的國會稱為立法院。' },
      'zh-TW',
    );
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual(['正確', '錯誤']);
    await userEvent.setup().click(radios[1]!);
    expect(changes).toEqual([{ choice: 'false' }]);
  });
});

describe('fill in the blank', () => {
  const fill: ClientQuestion = {
    id: 'f',
    questionId: 'f',
    type: 'dropdown_fill_in_blank',
    question: 'A _____ is a subset of the _____.',
    blanks: [
      {
        id: 'b1',
        options: [
          { id: 'sample', text: 'sample' },
          { id: 'case', text: 'case' },
        ],
      },
      {
        id: 'b2',
        options: [
          { id: 'population', text: 'population' },
          { id: 'variable', text: 'variable' },
        ],
      },
    ] as ClientQuestion['blanks'],
  };

  it('puts a labelled select where each blank stands and keeps the other blank when one changes', async () => {
    const changes = await show(fill);
    const first = screen.getByRole('combobox', { name: 'Blank 1' });
    const second = screen.getByRole('combobox', { name: 'Blank 2' });
    // Each starts empty, with a prompt, then the options as written.
    expect(
      within(first)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose…', 'sample', 'case']);
    const user = userEvent.setup();
    await user.selectOptions(first, 'sample');
    await user.selectOptions(second, 'population');
    expect(changes.at(-1)).toEqual({ blanks: { b1: 'sample', b2: 'population' } });
    // Two blanks: the hint says the answer counts once both are filled.
    expect(screen.getByText('The answer counts once every blank is filled in.')).toBeTruthy();
  });
});

describe('short answer', () => {
  it('is a labelled text box whose every keystroke is the draft', async () => {
    const changes = await show(
      { id: 's', questionId: 's', type: 'short_answer', question: '以自願者組成的樣本稱為什麼？' },
      'zh-TW',
    );
    const box = screen.getByRole('textbox', { name: '你的答案' });
    await userEvent.setup().type(box, '便利樣本');
    expect(changes.at(-1)).toEqual({ text: '便利樣本' });
    expect((box as HTMLInputElement).maxLength).toBe(2000);
  });
});
