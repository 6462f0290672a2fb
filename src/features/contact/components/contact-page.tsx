import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactValues } from '../contact-model';
import { ContactFaq } from './contact-faq';
import { ContactForm } from './contact-form';
import { ContactThanks } from './contact-thanks';
import './contact.css';

/** /contact: the group-plan enquiry form beside the group FAQ. */
export default function ContactPage() {
  const { t } = useTranslation('contact');
  const [sent, setSent] = useState<ContactValues | null>(null);
  return (
    <div className="contact">
      <div className="contact__intro">
        <h1 className="contact__title">{t('title')}</h1>
        <p className="contact__lead">{t('lead')}</p>
      </div>
      <div className="contact__layout">
        <section
          className="contact__card"
          aria-labelledby={sent ? undefined : 'contact-form-title'}
        >
          {sent ? (
            <ContactThanks
              organization={sent.organization.trim()}
              email={sent.email.trim()}
              onAgain={() => setSent(null)}
            />
          ) : (
            <>
              <h2 id="contact-form-title" className="contact__form-title">
                {t('form.title')}
              </h2>
              <ContactForm onSent={setSent} />
            </>
          )}
        </section>
        <ContactFaq />
      </div>
    </div>
  );
}
