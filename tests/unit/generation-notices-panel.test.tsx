// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GenerationNotices } from '../../src/features/quiz/components/generation-notices';
import enCommon from '../../src/i18n/locales/en/common.json';

// The generator's notices reach the questions page with the navigation (they were toasts that,
// on a phone, covered the question for eight seconds: the walk of issue 20) and stay above
// the first question until closed.

let i18n: I18n;
beforeAll(async () => {
  i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    ns: ['common'],
    defaultNS: 'common',
    resources: { en: { common: enCommon } },
    interpolation: { escapeValue: false },
  });
});
afterEach(cleanup);

const at = (state: unknown) =>
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[{ pathname: '/materials/m/quiz/q/questions', state }]}>
        <GenerationNotices />
      </MemoryRouter>
    </I18nextProvider>,
  );

describe('GenerationNotices', () => {
  it('lists the notices handed over and closes on request', async () => {
    at({ generationNotices: ['Only 4 of the 5 questions passed.', 'Not counted.'] });
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['Only 4 of the 5 questions passed.', 'Not counted.']);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('generation-notices')).toBeNull();
  });

  it('shows nothing without notices (a quiz opened from anywhere else)', () => {
    at(null);
    expect(screen.queryByTestId('generation-notices')).toBeNull();
    cleanup();
    at({ generationNotices: [] });
    expect(screen.queryByTestId('generation-notices')).toBeNull();
  });
});
