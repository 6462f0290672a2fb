import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { toSupported } from '../../../i18n';
import { DEMO_FILES, useDemoSteps } from '../hooks/use-demo-steps';
import { PlayIcon } from './icons';

const clock = (seconds: number) => {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** The walkthrough video with a step list in the current language (the video has no speech). */
function DemoPlayer() {
  const { t, i18n } = useTranslation('welcome');
  const video = useRef<HTMLVideoElement>(null);
  const steps = useDemoSteps();
  const [time, setTime] = useState(0);
  const lng = toSupported(i18n.resolvedLanguage);
  const known = (steps ?? []).filter((s) => i18n.exists(`demo.steps.${s.key}`, { ns: 'welcome' }));
  const current = known.findIndex((s) => time >= s.start && time < s.end);

  const seek = (start: number) => {
    const v = video.current;
    if (!v) return;
    v.currentTime = start + 0.05;
    setTime(start + 0.05);
    void v.play().catch(() => undefined);
  };

  return (
    <div className="demo">
      <div className="demo__frame">
        <video
          ref={video}
          className="demo__video"
          controls
          playsInline
          preload="metadata"
          poster={DEMO_FILES.poster}
          width={1280}
          height={720}
          onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
        >
          <source src={DEMO_FILES.video} type="video/webm" />
          <track
            key={lng}
            kind="captions"
            src={DEMO_FILES.captions(lng)}
            srcLang={lng}
            label={t('demo.captionsLabel')}
            default
          />
          {t('demo.unsupported')}
        </video>
      </div>
      <h3 className="demo__steps-title">{t('demo.stepsTitle')}</h3>
      {steps === null ? (
        <Spinner />
      ) : (
        <ol className="demo__steps">
          {known.map((s, i) => (
            <li key={s.key}>
              <button
                type="button"
                className={clsx('demo__step', i === current && 'is-current')}
                aria-current={i === current ? 'step' : undefined}
                onClick={() => seek(s.start)}
              >
                <span className="demo__step-time">{clock(s.start)}</span>
                <span>{t(`demo.steps.${s.key}`)}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** "觀看示範" button and the modal it opens (Radix: focus trap, Esc, title, close button). */
export function DemoDialog() {
  const { t } = useTranslation('welcome');
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="ghost" size="lg" className="hero__demo">
          <PlayIcon />
          {t('hero.demo')}
        </Button>
      </DialogTrigger>
      <DialogContent title={t('demo.title')} description={t('demo.description')} size="lg">
        <DemoPlayer />
      </DialogContent>
    </Dialog>
  );
}
