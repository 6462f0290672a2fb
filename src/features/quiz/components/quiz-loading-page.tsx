import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { materialChanged } from '../../../lib/data-events';
import { useAuthStore } from '../../../stores/auth-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import type { Generation } from '../api/types';
import { useGenerationProgress } from '../hooks/generation-progress';
import { useGenerationRun, type RunOutcome } from '../hooks/generation-run';
import { useGenerateLater } from '../hooks/use-generate-later';
import { noticeTexts, renderNotice } from '../lib/generation-notices';
import { pickTip, READY_DELAY_MS, stageTextAt, TIP_DELAY_MS } from '../lib/generation-progress';
import { stopRun } from '../lib/generation-runner';
import { useGenerationStore, type PendingGeneration } from '../stores/generation-store';
import type { GeneratedQuizState } from './generation-notices';
import { BulbIcon, SparkIcon } from './settings-icons';
import './loading-page.css';

/** Messages of more than a few words stay up long enough to read. */
const MESSAGE_MS = 6000;

/**
 * /materials/{id}/quiz/loading: runs the generation the settings screen asked for (spec §2
 * "Quiz generation loading view", §4, §9). Without one for this material it goes back to the
 * material.
 */
export default function QuizLoadingPage() {
  const { materialId = '' } = useParams();
  // Read once: the screen clears the store when it finishes, and must not redirect for that.
  const [pending] = useState(() => useGenerationStore.getState().pending);
  if (!pending || pending.materialId !== materialId) {
    return <Navigate to={paths.material(materialId)} replace />;
  }
  return <GenerationScreen pending={pending} />;
}

function GenerationScreen({ pending }: { pending: PendingGeneration }) {
  const { t } = useTranslation('quiz-setup');
  const navigate = useNavigate();
  const refreshProfile = useAuthStore((s) => s.refreshProfile);
  const generateLater = useGenerateLater();
  const [readyQuizId, setReadyQuizId] = useState<string | null>(null);
  const [readyNotices, setReadyNotices] = useState<string[]>([]);
  const [tip] = useState(() => pickTip());
  // A quiz ready in a second or two goes straight on: a tip shown for a moment cannot be read.
  const [tipShown, setTipShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setTipShown(true), TIP_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const { materialId } = pending;
  useDocumentTitle(t('loading.docTitle'));

  const backToMaterial = () => navigate(paths.material(materialId), { replace: true });

  const onOutcome = (outcome: RunOutcome) => {
    const store = useGenerationStore.getState();
    // The free usage count changed (spent, or given back after a failure).
    void refreshProfile(true);
    if (outcome.kind === 'succeeded') {
      // The pending generation stays until the redirect: a reload in that second follows it
      // (the server says succeeded) instead of losing the quiz.
      store.forgetForm();
      materialChanged(materialId);
      // What the learner should know about the quiz (at most three messages, merged by kind):
      // shown above the first question (GenerationNotices), where they cover nothing.
      setReadyNotices(noticeTexts(outcome.notices).map((text) => renderNotice(text, t)));
      setReadyQuizId(outcome.quizId);
      return;
    }
    if (outcome.offline) {
      // The network went while the quiz was being made (the server stops it and gives the free
      // quiz back): keep the same request, under the same id, for when it is back.
      const body = store.pending?.body ?? pending.body; // after a restart: its id
      void generateLater({ materialName: pending.materialName, body }, true).then((kept) => {
        if (kept) return;
        useGenerationStore.getState().clear();
        backToMaterial();
      });
      return;
    }
    store.clear();
    if (outcome.code === 'QUOTA_EXCEEDED') toast.error(t('settings.limitReached'), MESSAGE_MS);
    else if (outcome.code === 'GENERATION_CANCELLED') toast.info(t('loading.cancelled'));
    else
      toast.error(
        outcome.message
          ? t('loading.failedWith', { message: outcome.message })
          : t('loading.failed'),
        MESSAGE_MS,
      );
    backToMaterial();
  };

  // Once the server has settled a stopped generation: the free count may be back, and a quiz
  // finished before the cancel arrived is kept (the server does not throw it away).
  const afterStop = (ended: Generation | null) => {
    void refreshProfile(true);
    if (ended?.status === 'succeeded') {
      materialChanged(materialId);
      toast.info(t('loading.cancelTooLate'), MESSAGE_MS);
    }
  };

  // Leaving the screen (Back, a header link) stops the generation and gives the quiz back.
  const onAbandon = (generationId: string) => {
    useGenerationStore.getState().clear(generationId);
    toast.info(t('loading.cancelled'));
    void stopRun(generationId).then(afterStop);
  };

  const run = useGenerationRun(pending, onOutcome, onAbandon);
  const done = readyQuizId !== null;
  const percent = useGenerationProgress(run.server?.stage ?? null, run.server?.progress ?? 0, done);
  const stage = done ? t('loading.ready') : t(`stages.${stageTextAt(percent)}`);

  // Spec §9: 1 s at 100 %, then the questions; replace, so Back skips this screen.
  useEffect(() => {
    if (!readyQuizId) return;
    const timer = setTimeout(() => {
      useGenerationStore.getState().clear();
      const state: GeneratedQuizState = { generationNotices: readyNotices };
      navigate(paths.quizQuestions(materialId, readyQuizId), { replace: true, state });
    }, READY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [readyQuizId, readyNotices, materialId, navigate]);

  const cancel = () => {
    const stopping = run.cancel();
    if (!stopping) return;
    useGenerationStore.getState().clear();
    toast.info(t('loading.cancelled'));
    void stopping.then(afterStop);
    backToMaterial();
  };

  return (
    <div className="page generation-page">
      <section className="generation-card" aria-labelledby="generation-title">
        <span className="generation-card__art" aria-hidden="true">
          <SparkIcon size={30} />
        </span>
        <h1 id="generation-title" className="generation-card__title">
          {done ? t('loading.readyTitle') : t('loading.title')}
        </h1>
        <p className="generation-card__material">
          {t('loading.material', { name: pending.materialName })}
        </p>

        <div className="generation-progress">
          <div className="generation-progress__head">
            {/* Announced once per stage, not once per percent. */}
            <p className="generation-progress__stage" role="status">
              {stage}
            </p>
            <span className="generation-progress__percent" aria-hidden="true">
              {percent}%
            </span>
          </div>
          {/* The server's queue is full (decision 0019): say why the bar waits. */}
          {!done && run.server?.resuming ? (
            <p className="generation-progress__queued" role="status">
              {t('loading.resuming')}
            </p>
          ) : (
            !done &&
            run.server?.stage === 'queued' && (
              <p className="generation-progress__queued" role="status">
                {t('loading.queued')}
              </p>
            )
          )}
          <div
            className="generation-progress__track"
            role="progressbar"
            aria-label={t('loading.progressLabel')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={t('loading.valueText', { percent, stage })}
          >
            <span
              className={done ? 'generation-progress__bar is-done' : 'generation-progress__bar'}
              style={{ width: `${percent}%` }}
            />
          </div>
        </div>

        {tipShown && !done && (
          <div className="generation-tip">
            <BulbIcon />
            <div>
              <h2 className="generation-tip__title">{t('loading.tipTitle')}</h2>
              <p className="generation-tip__text">{t(`tips.${tip}`)}</p>
            </div>
          </div>
        )}

        <p className="generation-card__hint">{t('loading.stayHint')}</p>
        <Button variant="secondary" onClick={cancel} disabled={done || run.finished}>
          {t('loading.cancel')}
        </Button>
      </section>
    </div>
  );
}
