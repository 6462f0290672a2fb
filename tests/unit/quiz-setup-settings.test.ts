import { describe, expect, it } from 'vitest';
import {
  defaultQuizTitle,
  defaultSettings,
  formProblem,
  languageToKeep,
  toGenerateBody,
  toggleType,
  type SettingsForm,
} from '../../src/features/quiz/lib/settings-form.js';

const ctx = { materialId: 'm-1', generationId: 'g-1', materialName: '細胞生物學' };
const form = (over: Partial<SettingsForm> = {}): SettingsForm => ({
  ...defaultSettings(),
  ...over,
});

describe('defaultSettings (spec §5)', () => {
  it('10 questions, multiple choice only, basic, Traditional Chinese, no text', () => {
    expect(defaultSettings()).toEqual({
      questionCount: 10,
      questionTypes: ['multiple_choice'],
      difficulty: 'basic',
      language: 'zh-TW',
      instructions: '',
      title: '',
    });
  });

  it('an English material defaults to an English quiz; Chinese or undetected stays zh-TW', () => {
    expect(defaultSettings('en').language).toBe('en-US');
    expect(defaultSettings('zh-TW').language).toBe('zh-TW');
    expect(defaultSettings('other').language).toBe('zh-TW');
  });
});

describe('toGenerateBody (spec §7 UI label → API value)', () => {
  it('sends the ids, settings and API type values of the form', () => {
    const body = toGenerateBody(
      form({
        questionCount: 15,
        questionTypes: ['short_answer', 'dropdown_fill_in_blank', 'true_false'],
        difficulty: 'expert',
        language: 'en-US',
        title: 'Chapter 3',
      }),
      ctx,
    );
    expect(body).toEqual({
      materialId: 'm-1',
      generationId: 'g-1',
      title: 'Chapter 3',
      questionCount: 15,
      questionTypes: ['true_false', 'dropdown_fill_in_blank', 'short_answer'],
      difficulty: 'expert',
      language: 'en-US',
    });
  });

  it('trims the instructions, sends them as description, and leaves blank ones out', () => {
    expect(toGenerateBody(form({ instructions: '  著重第三章\n ' }), ctx).description).toBe(
      '著重第三章',
    );
    expect(toGenerateBody(form({ instructions: ' \n\t ' }), ctx)).not.toHaveProperty('description');
  });

  it('never sends more than 500 characters of instructions', () => {
    const body = toGenerateBody(form({ instructions: ` ${'字'.repeat(520)} ` }), ctx);
    expect(body.description).toHaveLength(500);
  });

  it('a blank title becomes "{material} 測驗" / "{material} Quiz" in the quiz language', () => {
    expect(toGenerateBody(form({ title: '   ' }), ctx).title).toBe('細胞生物學 測驗');
    expect(toGenerateBody(form({ title: '', language: 'en-US' }), ctx).title).toBe(
      '細胞生物學 Quiz',
    );
    expect(toGenerateBody(form({ title: '  My quiz  ' }), ctx).title).toBe('My quiz');
    expect(defaultQuizTitle(' Cells ', 'en-US')).toBe('Cells Quiz');
  });

  it('no type chosen sends the spec default set; duplicates are sent once', () => {
    expect(toGenerateBody(form({ questionTypes: [] }), ctx).questionTypes).toEqual([
      'multiple_choice',
      'true_false',
      'dropdown_fill_in_blank',
    ]);
    expect(
      toGenerateBody(form({ questionTypes: ['true_false', 'true_false'] }), ctx).questionTypes,
    ).toEqual(['true_false']);
  });

  it('a count outside 5/10/15/20 falls back to 10', () => {
    expect(toGenerateBody(form({ questionCount: 7 }), ctx).questionCount).toBe(10);
    expect(toGenerateBody(form({ questionCount: 20 }), ctx).questionCount).toBe(20);
  });
});

describe('toggleType and formProblem', () => {
  it('toggles a type and keeps the canonical order', () => {
    expect(toggleType(['short_answer'], 'multiple_choice')).toEqual([
      'multiple_choice',
      'short_answer',
    ]);
    expect(toggleType(['multiple_choice', 'true_false'], 'multiple_choice')).toEqual([
      'true_false',
    ]);
  });

  it('blocks sending with zero types (spec §5), allows it with one', () => {
    expect(formProblem(form({ questionTypes: [] }))).toBe('noTypes');
    expect(formProblem(form({ questionTypes: ['true_false'] }))).toBeNull();
  });
});

describe('languageToKeep (the built-in generator cannot translate)', () => {
  it('names the material’s language when the quiz is asked in the other one', () => {
    expect(languageToKeep('zh-TW', 'en-US')).toBe('zh-TW');
    expect(languageToKeep('en', 'zh-TW')).toBe('en-US');
    expect(languageToKeep('en', 'en-US')).toBeNull();
    expect(languageToKeep('zh-TW', 'zh-TW')).toBeNull();
    // Undetected or unknown: nothing to say.
    expect(languageToKeep('other', 'en-US')).toBeNull();
    expect(languageToKeep('', 'zh-TW')).toBeNull();
  });
});
