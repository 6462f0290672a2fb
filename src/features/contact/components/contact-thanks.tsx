import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { paths } from '../../../config/paths';
import { LineIcon } from '../../../components/ui/line-icon';

/** Shown after a successful send; takes focus so screen readers hear it. */
export function ContactThanks({
  organization,
  email,
  onAgain,
}: {
  organization: string;
  email: string;
  onAgain: () => void;
}) {
  const { t } = useTranslation('contact');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="contact-thanks">
      <span className="contact-thanks__icon" aria-hidden="true">
        <LineIcon d="M5 12.5l4.5 4.5L19 7.5" size={32} strokeWidth={2.4} />
      </span>
      <h2 ref={heading} tabIndex={-1} className="contact-thanks__title">
        {t('thanks.title')}
      </h2>
      <p>{t('thanks.body', { organization, email })}</p>
      <div className="contact-thanks__actions">
        <ButtonLink to={paths.home}>{t('thanks.home')}</ButtonLink>
        <Button variant="secondary" onClick={onAgain}>
          {t('thanks.again')}
        </Button>
      </div>
    </div>
  );
}
