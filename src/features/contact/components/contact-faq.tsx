import { useTranslation } from 'react-i18next';

const QUESTIONS = ['1', '2', '3', '4'] as const;

/** The spec's group FAQ: minimum 5 people, 14-day trial, reply in 1–2 working days, 200+. */
export function ContactFaq() {
  const { t } = useTranslation('contact');
  return (
    <aside className="contact-faq" aria-labelledby="contact-faq-title">
      <p className="contact-faq__stat">
        <strong>{t('faq.stat')}</strong>
        <span>{t('faq.statLabel')}</span>
      </p>
      <h2 id="contact-faq-title" className="contact-faq__title">
        {t('faq.title')}
      </h2>
      <dl className="contact-faq__list">
        {QUESTIONS.map((n) => (
          <div key={n} className="contact-faq__item">
            <dt>{t(`faq.q${n}`)}</dt>
            <dd>{t(`faq.a${n}`)}</dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}
