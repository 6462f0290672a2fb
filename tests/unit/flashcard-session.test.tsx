// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Deck } from '../../src/features/flashcards/api/get-decks';
import { FlashcardSession } from '../../src/features/flashcards/components/flashcard-session';
import enFlash from '../../src/i18n/locales/en/flashcards.json';
import zhFlash from '../../src/i18n/locales/zh-TW/flashcards.json';
import { testI18n } from '../support/test-i18n';

/**
 * The end of a flashcard round as the walk found it (issue 20): a card passed by with → and
 * never marked is studied again, and the summary says so apart from the "still learning" pile
 * (it used to count it there, so the summary and the pile badge disagreed); on the summary only
 * its own actions and "previous" remain (no dead "next", no second "start over").
 */

let i18n: I18n;
beforeAll(async () => {
  i18n = await testI18n(
    { en: { flashcards: enFlash }, 'zh-TW': { flashcards: zhFlash } },
    'flashcards',
  );
});
afterEach(cleanup);

const squash = (el: Element | null) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

const deck: Deck = {
  cards: ['one', 'two', 'three'].map((id) => ({ id, front: `${id} front`, back: `${id} back` })),
  lang: 'en',
  title: 'Deck',
  materialId: 'm1',
  fromDevice: false,
};

async function roundWithOneUnmarked(lng: 'en' | 'zh-TW') {
  await i18n.changeLanguage(lng);
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <FlashcardSession deck={deck} />
      </MemoryRouter>
    </I18nextProvider>,
  );
  const user = userEvent.setup();
  const t =
    lng === 'en'
      ? { learning: 'Still learning', know: 'Know it', next: /Next/ }
      : {
          learning: '還在學',
          know: '我會了',
          next: /下一張/,
        };
  await user.click(screen.getByRole('button', { name: t.learning }));
  await user.click(screen.getByRole('button', { name: t.next })); // card 2: no mark
  await user.click(screen.getByRole('button', { name: t.know }));
  return user;
}

describe('the summary of a round', () => {
  it('counts a card left unmarked apart from "still learning" (en)', async () => {
    await roundWithOneUnmarked('en');
    expect(squash(screen.getByRole('status'))).toContain(
      'Know: 1 · Still learning: 1 · Not marked: 1.',
    );
    expect(squash(document.querySelector('.flash-piles__pile--learning strong'))).toContain('1');
    expect(screen.getByRole('button', { name: 'Study 2 cards again' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Next/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Start over' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Shuffle' })).toBeNull();
    expect((screen.getByRole('button', { name: /Previous/ }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('counts a card left unmarked apart from "still learning" (zh-TW)', async () => {
    await roundWithOneUnmarked('zh-TW');
    expect(squash(screen.getByRole('status'))).toContain(
      '會了 1 張，還在學 1 張，還有 1 張沒有標記。',
    );
    expect(screen.getByRole('button', { name: '再練還沒學會的 2 張' })).toBeTruthy();
  });

  it('keeps the "still learning" wording when every card was marked', async () => {
    await i18n.changeLanguage('en');
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <FlashcardSession deck={deck} />
        </MemoryRouter>
      </I18nextProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Still learning' }));
    await user.click(screen.getByRole('button', { name: 'Know it' }));
    await user.click(screen.getByRole('button', { name: 'Know it' }));
    expect(squash(screen.getByRole('status'))).toContain('Know: 2 · Still learning: 1.');
    expect(squash(screen.getByRole('status'))).not.toContain('Not marked');
    await user.click(screen.getByRole('button', { name: 'Study the 1 card still learning' }));
    expect(screen.getByRole('button', { name: /^Front, card 1 of 1/ })).toBeTruthy();
  });
});
