import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button-link';
import { LineIcon } from '../../../components/ui/line-icon';
import { useDocumentTitle } from '../../../lib/use-document-title';
import './flashcards.css';

interface Props {
  title: string;
  back: { to: string; label: string };
  children: ReactNode;
}

/** The flashcards page around a deck or a message: back link, eyebrow and title. */
export function FlashcardsFrame({ title, back, children }: Props) {
  const { t } = useTranslation('flashcards');
  useDocumentTitle(title ? t('page.docTitleOf', { title }) : t('page.docTitle'));
  return (
    <div className="page flash-page">
      <ButtonLink to={back.to} variant="ghost" size="sm" className="flash-page__back">
        <LineIcon d="M15 18l-6-6 6-6" />
        {back.label}
      </ButtonLink>
      <header className="flash-page__header">
        {/* Without a deck's title (a message in its place) the page is simply "Flashcards". */}
        {title && <p className="flash-page__eyebrow">{t('page.eyebrow')}</p>}
        <h1 className="flash-page__title">{title || t('page.docTitle')}</h1>
      </header>
      {children}
    </div>
  );
}

/** A message in place of the deck (not taken yet, offline, nothing to show). */
export function FlashcardsMessage({
  title,
  body,
  alert,
  children,
}: {
  title: string;
  body: ReactNode;
  alert?: boolean;
  children?: ReactNode;
}) {
  return (
    <section className="card flash-message" role={alert ? 'alert' : undefined}>
      <h2 className="flash-message__title">{title}</h2>
      <div className="flash-message__body">{body}</div>
      {children && <div className="flash-message__actions">{children}</div>}
    </section>
  );
}
