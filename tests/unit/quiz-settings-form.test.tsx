// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { QuizMaterial } from '../../src/features/quiz/api/get-quiz-material';
import { SettingsQuizForm } from '../../src/features/quiz/components/settings-quiz-form';
import { defaultSettings } from '../../src/features/quiz/lib/settings-form';
import { useGenerationStore } from '../../src/features/quiz/stores/generation-store';
import enCommon from '../../src/i18n/locales/en/common.json';
import enSetup from '../../src/i18n/locales/en/quiz-setup.json';
import zhCommon from '../../src/i18n/locales/zh-TW/common.json';
import zhSetup from '../../src/i18n/locales/zh-TW/quiz-setup.json';
import { readExamSummary } from '../../src/lib/exam-summary';
import { useAuthStore, type User } from '../../src/stores/auth-store';
import { testI18n } from '../support/test-i18n';

/**
 * The quiz settings form as a learner meets it (spec §2, §5; exam papers of issue 17): the
 * defaults, the exam-paper choices only for a material holding one, and the messages that say
 * why the form cannot be sent, in both languages. Sending is the e2e suite's (quiz, exam).
 */

let i18n: I18n;
beforeAll(async () => {
  i18n = await testI18n({
    en: { common: enCommon, 'quiz-setup': enSetup },
    'zh-TW': { common: zhCommon, 'quiz-setup': zhSetup },
  });
});

const learner: User = {
  id: 'u1',
  email: 'learner@example.com',
  name: 'Learner',
  account_type: 'free',
  subscription_status: 'inactive',
  email_verified: true,
  free_usage_count: 0,
  free_quiz_limitation: 3,
};

beforeEach(() => {
  useAuthStore.setState({ status: 'signedIn', user: learner });
  useGenerationStore.setState({ pending: null, lastForm: null });
});
afterEach(cleanup);

const paper = (over: Record<string, unknown>) =>
  readExamSummary({
    items: 12,
    usable: 12,
    practice: 0,
    keyFound: true,
    otherText: false,
    papers: ['fire.pdf'],
    ...over,
  });

const material = (over: Partial<QuizMaterial> = {}): QuizMaterial => ({
  id: 'm1',
  name: 'Cell biology',
  language: 'en',
  exam: null,
  ...over,
});

async function show(m: QuizMaterial, language: 'en' | 'zh-TW' = 'en', url = '/') {
  await i18n.changeLanguage(language);
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[url]}>
        <SettingsQuizForm material={m} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

const group = (name: string | RegExp) => screen.getByRole('group', { name });
const queryGroup = (name: string | RegExp) => screen.queryByRole('group', { name });
/** The labels of a group's radios, and which one is checked. */
const radios = (name: string | RegExp) => {
  const inputs = within(group(name)).getAllByRole('radio') as HTMLInputElement[];
  return {
    labels: inputs.map((r) => r.closest('label')?.textContent),
    checked: inputs.find((r) => r.checked)?.closest('label')?.textContent,
  };
};
const checked = (name: string | RegExp) =>
  (screen.getByRole('checkbox', { name }) as HTMLInputElement).checked;
const submit = () => screen.getByRole('button', { name: /Generate quiz|產生測驗/u });
/** The text a control's aria-describedby names. */
const description = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(/\s+/u)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();

describe('defaults (spec §5)', () => {
  it('10 questions, multiple choice only, basic, the quiz in the English material’s language', async () => {
    await show(material());
    expect(radios('Number of questions')).toEqual({
      labels: ['5', '10', '15', '20'],
      checked: '10',
    });
    expect(checked(/Multiple Choice/u)).toBe(true);
    expect(checked(/True\/False/u)).toBe(false);
    expect(checked(/Fill in the Blank/u)).toBe(false);
    expect(checked(/Short Answer/u)).toBe(false);
    expect(radios('Difficulty').checked).toMatch(/^Basic/u);
    expect(radios('Quiz language').checked).toBe('English');
    // Same language as the material: nothing to warn about.
    expect(description(group('Quiz language'))).toBe('');
    const title = screen.getByRole('textbox', { name: /Quiz title/u }) as HTMLInputElement;
    expect(title.value).toBe('');
    expect(title.placeholder).toBe('Cell biology Quiz');
    // The placeholder is cut on a phone: the hint names the whole default title.
    expect(description(title)).toBe('Leave blank to call it “Cell biology Quiz”.');
    expect(screen.getByText('0/500')).toBeTruthy();
    expect((submit() as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByTestId('free-quota').textContent).toBe('3 of 3 free quizzes left');
  });

  it('in zh-TW, a Chinese material: 10 題, 繁體中文, the placeholder is the Chinese default title', async () => {
    await show(material({ name: '細胞生物學', language: 'zh-TW' }), 'zh-TW');
    expect(radios('題目數量')).toEqual({
      labels: ['5 題', '10 題', '15 題', '20 題'],
      checked: '10 題',
    });
    expect(checked(/選擇題/u)).toBe(true);
    expect(radios('難度').checked).toMatch(/^基礎/u);
    expect(radios('測驗語言').checked).toBe('繁體中文');
    expect(
      (screen.getByRole('textbox', { name: /測驗標題/u }) as HTMLInputElement).placeholder,
    ).toBe('細胞生物學 測驗');
    expect(description(screen.getByRole('textbox', { name: /測驗標題/u }))).toBe(
      '留白時使用預設標題「細胞生物學 測驗」。',
    );
  });

  it('a quiz in another language than the material says the built-in writer keeps it', async () => {
    await show(material({ language: 'zh-TW' }));
    expect(radios('Quiz language').checked).toBe('Traditional Chinese');
    expect(description(group('Quiz language'))).toBe('');
    await userEvent.setup().click(screen.getByRole('radio', { name: 'English' }));
    expect(description(group('Quiz language'))).toMatch(
      /^The material appears to be in Traditional Chinese\./u,
    );
    // The placeholder follows the quiz language.
    expect(
      (screen.getByRole('textbox', { name: /Quiz title/u }) as HTMLInputElement).placeholder,
    ).toBe('Cell biology Quiz');
  });

  it('Back from the loading screen finds the form as it was left, for that material only', async () => {
    const left = {
      ...defaultSettings('en'),
      questionCount: 15,
      difficulty: 'expert' as const,
      title: 'Week 3',
    };
    useGenerationStore.setState({ lastForm: { materialId: 'm1', form: left } });
    await show(material());
    expect(radios('Number of questions').checked).toBe('15');
    expect(radios('Difficulty').checked).toMatch(/^Expert/u);
    expect((screen.getByRole('textbox', { name: /Quiz title/u }) as HTMLInputElement).value).toBe(
      'Week 3',
    );
    cleanup();
    await show(material({ id: 'm2' }));
    expect(radios('Number of questions').checked).toBe('10');
  });

  it('the instructions stop at 500 characters and the counter says so', async () => {
    await show(material());
    const box = screen.getByRole('textbox', { name: /Additional instructions/u });
    fireEvent.change(box, { target: { value: 'x'.repeat(600) } });
    expect((box as HTMLTextAreaElement).value).toHaveLength(500);
    expect(description(box)).toContain('500/500');
  });
});

describe('the exam-paper choice appears only for a material holding one (issue 17)', () => {
  it('without an exam paper: no exam note, no order, the usual counts', async () => {
    await show(material());
    expect(screen.queryByTestId('exam-recognised')).toBeNull();
    expect(screen.queryByTestId('exam-no-key')).toBeNull();
    expect(queryGroup('Order')).toBeNull();
    expect(screen.queryByRole('radio', { name: /^All/u })).toBeNull();
  });

  it('a paper with its key alone: its count, every item or fewer, in order or shuffled; nothing else to choose', async () => {
    await show(material({ exam: paper({}) }));
    expect(screen.getByTestId('exam-recognised').textContent).toBe(
      '12 multiple-choice items recognised (with answer key)' +
        'Items and options are used word for word and scored with the answer key; difficulty and quiz language do not apply.',
    );
    expect(radios('Number of questions')).toEqual({
      labels: ['5', '10', 'All 12'],
      checked: '10',
    });
    expect(radios('Order')).toEqual({
      labels: ['Random', 'Paper order'],
      checked: 'Random',
    });
    expect(queryGroup('Quiz language')).toBeNull();
    expect(queryGroup(/Question types/u)).toBeNull();
    expect(queryGroup('Difficulty')).toBeNull();
    expect((submit() as HTMLButtonElement).disabled).toBe(false);
  });

  it('a paper with its key beside other text: the usual counts and every other setting as well', async () => {
    await show(material({ exam: paper({ usable: 40, otherText: true }) }), 'zh-TW');
    expect(screen.getByTestId('exam-recognised').textContent).toBe(
      '已辨識 40 題選擇題（含標準答案）；題數超過時，其餘題目從教材的其他檔案產生。',
    );
    expect(radios('題目數量').labels).toEqual(['5 題', '10 題', '15 題', '20 題', '全部 40 題']);
    expect(radios('出題順序').checked).toBe('隨機');
    expect(queryGroup('測驗語言')).not.toBeNull();
    expect(queryGroup(/題型/u)).not.toBeNull();
    expect(queryGroup('難度')).not.toBeNull();
  });

  it('a paper without key alone: unscored practice must be ticked before anything can be sent', async () => {
    await show(material({ exam: paper({ usable: 0, practice: 8, keyFound: false }) }));
    const note = screen.getByTestId('exam-no-key');
    expect(within(note).getByText(/No answer key for this exam paper yet/u)).toBeTruthy();
    expect(screen.queryByTestId('exam-recognised')).toBeNull();
    expect(queryGroup('Order')).toBeNull();
    expect((submit() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/Tick unscored practice/u)).toBeTruthy();

    await userEvent.setup().click(screen.getByRole('checkbox', { name: /Unscored practice/u }));
    expect(radios('Number of questions')).toEqual({ labels: ['5', 'All 8'], checked: 'All 8' });
    expect(radios('Order').checked).toBe('Random');
    expect(queryGroup('Quiz language')).toBeNull();
    expect((submit() as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(/Tick unscored practice/u)).toBeNull();
  });

  it('the material page’s “practise unscored” link arrives with practice ticked', async () => {
    await show(
      material({ exam: paper({ usable: 0, practice: 8, keyFound: false }) }),
      'en',
      '/materials/m1/quiz/new?practice=unscored',
    );
    expect(checked(/Unscored practice/u)).toBe(true);
    expect(radios('Order').checked).toBe('Random');
  });
});

describe('why the form cannot be sent, in both languages', () => {
  it.each([
    [
      'en',
      /Multiple Choice/u,
      'Choose at least one question type.',
      'Choose at least one question type first.',
    ],
    ['zh-TW', /選擇題/u, '請至少選擇一種題型。', '請先選擇至少一種題型。'],
  ] as const)(
    '%s: no question type — the group and the button say so',
    async (lng, type, alert, reason) => {
      await show(material(), lng);
      const user = userEvent.setup();
      await user.click(screen.getByRole('checkbox', { name: type }));
      expect(screen.getByRole('alert').textContent).toBe(alert);
      expect(description(screen.getByRole('group', { name: /Question types|題型/u }))).toBe(alert);
      expect((submit() as HTMLButtonElement).disabled).toBe(true);
      expect(description(submit())).toBe(alert);
      expect(screen.getByText(reason)).toBeTruthy();

      await user.click(screen.getByRole('checkbox', { name: type }));
      expect(screen.queryByRole('alert')).toBeNull();
      expect((submit() as HTMLButtonElement).disabled).toBe(false);
    },
  );

  it.each([
    ['en', 'No free quizzes left.', /free quiz generation limit/u],
    ['zh-TW', '免費測驗次數已用完。', /免費測驗產生次數上限/u],
  ] as const)(
    '%s: at the free limit the button is disabled with the reason',
    async (lng, short, limit) => {
      useAuthStore.setState({ user: { ...learner, free_usage_count: 3 } });
      await show(material(), lng);
      expect((submit() as HTMLButtonElement).disabled).toBe(true);
      expect(description(submit())).toMatch(limit);
      expect(screen.getByText(short)).toBeTruthy();
      expect(screen.queryByTestId('free-quota')).toBeNull();
    },
  );
});
