import { useTranslation } from 'react-i18next';
import { LogoMark } from '../../../components/ui/logo';
import { CheckIcon, OfflineIcon } from './icons';

/**
 * A still of what a quiz looks like: question, answer, explanation with its source. One image
 * for assistive tech (role="img" with a description), real text so it stays sharp and translated.
 */
export function HeroIllustration() {
  const { t } = useTranslation('welcome');
  const options = [
    { id: 'A', text: t('mock.optionA') },
    { id: 'B', text: t('mock.optionB'), correct: true },
    { id: 'C', text: t('mock.optionC') },
  ];
  return (
    <div className="hero-art" role="img" aria-label={t('hero.illustration')}>
      <div className="hero-art__back" />
      <div className="hero-art__card">
        <div className="hero-art__top">
          <span className="hero-art__file">
            <LogoMark size={20} />
            {t('mock.file')}
          </span>
          <span className="hero-art__progress">{t('mock.progress')}</span>
        </div>
        <div className="hero-art__bar">
          <span />
        </div>
        <p className="hero-art__question">{t('mock.question')}</p>
        <ul className="hero-art__options">
          {options.map((o) => (
            <li key={o.id} className={o.correct ? 'is-correct' : undefined}>
              <span className="hero-art__letter">{o.id}</span>
              <span>{o.text}</span>
              {o.correct && <CheckIcon />}
            </li>
          ))}
        </ul>
        <div className="hero-art__explain">
          <strong>{t('mock.correct')}</strong> {t('mock.explanation')}
          <span className="hero-art__source">{t('mock.source')}</span>
        </div>
      </div>
      <div className="hero-art__chip">
        <OfflineIcon />
        {t('mock.offline')}
      </div>
    </div>
  );
}
