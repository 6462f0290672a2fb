import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { ButtonLink } from '../../../components/ui/button-link';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePageMeta } from '../../../lib/use-page-meta';
import { DemoDialog } from './demo-dialog';
import { HeroIllustration } from './hero-illustration';
import { CheckIcon, CiteIcon, OfflineIcon, TypesIcon, UploadIcon } from './icons';
import './welcome.css';

const registerPath = `${paths.login}?register=true`;

const FEATURES: Array<{ key: string; icon: ReactNode }> = [
  { key: 'upload', icon: <UploadIcon /> },
  { key: 'types', icon: <TypesIcon /> },
  { key: 'cite', icon: <CiteIcon /> },
  { key: 'offline', icon: <OfflineIcon /> },
];
const STEPS = ['upload', 'generate', 'review'] as const;
const PLANS = ['free', 'premium'] as const;

/** "/" for visitors: what Mnemo does, log in / sign up, and the demo video. */
export default function WelcomePage() {
  const { t } = useTranslation('welcome');
  useDocumentTitle(t('meta.title'));
  usePageMeta(t('meta.description'));
  return (
    <div className="welcome">
      <section className="hero" aria-labelledby="welcome-title">
        <div className="hero__inner">
          <div className="hero__copy">
            <p className="hero__eyebrow">{t('hero.eyebrow')}</p>
            <h1 id="welcome-title" className="hero__title">
              {t('hero.title')}
            </h1>
            <p className="hero__lead">{t('hero.lead')}</p>
            <div className="hero__actions">
              <ButtonLink to={registerPath} size="lg">
                {t('hero.signup')}
              </ButtonLink>
              <ButtonLink to={paths.login} variant="secondary" size="lg">
                {t('hero.login')}
              </ButtonLink>
              <DemoDialog />
            </div>
            <p className="hero__note">{t('hero.note')}</p>
          </div>
          <HeroIllustration />
        </div>
      </section>

      <section className="welcome-section" aria-labelledby="features-title">
        <div className="welcome-section__inner">
          <h2 id="features-title" className="welcome-section__title">
            {t('features.title')}
          </h2>
          <p className="welcome-section__lead">{t('features.lead')}</p>
          <ul className="feature-grid">
            {FEATURES.map((f) => (
              <li key={f.key} className="feature-card">
                <span className="feature-card__icon">{f.icon}</span>
                <h3 className="feature-card__title">{t(`features.${f.key}.title`)}</h3>
                <p className="feature-card__body">{t(`features.${f.key}.body`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="welcome-section welcome-section--tint" aria-labelledby="steps-title">
        <div className="welcome-section__inner">
          <h2 id="steps-title" className="welcome-section__title">
            {t('steps.title')}
          </h2>
          <ol className="step-list">
            {STEPS.map((key, i) => (
              <li key={key} className="step-list__item">
                <span className="step-list__number" aria-hidden="true">
                  {i + 1}
                </span>
                <div>
                  <h3 className="step-list__title">{t(`steps.${key}.title`)}</h3>
                  <p className="step-list__body">{t(`steps.${key}.body`)}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="welcome-section" aria-labelledby="plans-title">
        <div className="welcome-section__inner">
          <h2 id="plans-title" className="welcome-section__title">
            {t('plans.title')}
          </h2>
          <div className="plan-grid">
            {PLANS.map((plan) => (
              <div key={plan} className={`plan-card plan-card--${plan}`}>
                <h3 className="plan-card__name">{t(`plans.${plan}.name`)}</h3>
                <p className="plan-card__summary">{t(`plans.${plan}.summary`)}</p>
                <ul className="plan-card__items">
                  {(['item1', 'item2', 'item3'] as const).map((item) => (
                    <li key={item}>
                      <CheckIcon />
                      {t(`plans.${plan}.${item}`)}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
          <div className="plans-footer">
            <ButtonLink to={registerPath} size="lg">
              {t('plans.cta')}
            </ButtonLink>
            <p className="plans-footer__group">
              {t('plans.group')} <Link to={paths.contact}>{t('plans.groupLink')}</Link>
            </p>
          </div>
        </div>
      </section>
    </div>
  );
}
