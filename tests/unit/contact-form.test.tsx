// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ContactForm } from '../../src/features/contact/components/contact-form';
import enCommon from '../../src/i18n/locales/en/common.json';
import enContact from '../../src/i18n/locales/en/contact.json';
import zhCommon from '../../src/i18n/locales/zh-TW/common.json';
import zhContact from '../../src/i18n/locales/zh-TW/contact.json';
import { testI18n } from '../support/test-i18n';

/**
 * The group-plan enquiry before anything is sent (sending is the API's and the e2e suite's):
 * when each message shows, where focus goes, in both languages.
 */

let i18n: I18n;
beforeAll(async () => {
  i18n = await testI18n({
    en: { common: enCommon, contact: enContact },
    'zh-TW': { common: zhCommon, contact: zhContact },
  });
});
afterEach(cleanup);

async function show(language: 'en' | 'zh-TW') {
  await i18n.changeLanguage(language);
  const sent: unknown[] = [];
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <ContactForm onSent={(v) => sent.push(v)} />
      </MemoryRouter>
    </I18nextProvider>,
  );
  return sent;
}

const T = {
  en: {
    submit: 'Send enquiry',
    name: /^Name/u,
    teamSize: /^Team size/u,
    consent: /privacy policy/u,
    summary: '5 fields need fixing. Please check them and send again.',
    nameRequired: 'Please enter your name',
    consentRequired: 'Please agree to the privacy policy',
  },
  'zh-TW': {
    submit: '送出諮詢',
    name: /^姓名/u,
    teamSize: /^預計使用人數/u,
    consent: /隱私權政策/u,
    summary: '有 5 個欄位需要修正，請檢查後再送出。',
    nameRequired: '請輸入姓名',
    consentRequired: '請勾選同意隱私權政策',
  },
} as const;

describe.each(['en', 'zh-TW'] as const)('ContactForm in %s', (lng) => {
  const t = T[lng];

  it('shows no message before a field is touched', async () => {
    await show(lng);
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    // The team size starts at the spec's smallest, so it is never missing.
    expect((screen.getByRole('combobox', { name: t.teamSize }) as HTMLSelectElement).value).toBe(
      '5-10人',
    );
  });

  it('a submit with nothing filled counts the fields, shows each message and focuses the first', async () => {
    const sent = await show(lng);
    await userEvent.setup().click(screen.getByRole('button', { name: t.submit }));
    expect(screen.getByText(t.summary)).toBeTruthy();
    const name = screen.getByRole('textbox', { name: t.name });
    expect(document.activeElement).toBe(name);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(t.nameRequired)).toBeTruthy();
    expect(screen.getByText(t.consentRequired)).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('the name message shows once the field is left empty, and goes as it is typed', async () => {
    await show(lng);
    const user = userEvent.setup();
    await user.click(screen.getByRole('textbox', { name: t.name }));
    await user.tab();
    expect(screen.getByText(t.nameRequired)).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: t.name }), 'Lin');
    expect(screen.queryByText(t.nameRequired)).toBeNull();
  });

  it('unticking the consent says at once that it is needed (the box counts as touched)', async () => {
    await show(lng);
    const user = userEvent.setup();
    const consent = screen.getByRole('checkbox', { name: t.consent });
    await user.click(consent);
    expect(screen.queryByText(t.consentRequired)).toBeNull();
    await user.click(consent);
    expect(screen.getByText(t.consentRequired)).toBeTruthy();
    expect(consent.getAttribute('aria-invalid')).toBe('true');
  });

  it('a team size left on blur stays valid (no message for a chosen size)', async () => {
    await show(lng);
    const user = userEvent.setup();
    const select = screen.getByRole('combobox', { name: t.teamSize });
    await user.selectOptions(select, '21-50人');
    await user.tab();
    expect((select as HTMLSelectElement).value).toBe('21-50人');
    expect(select.getAttribute('aria-invalid')).toBeNull();
  });
});
