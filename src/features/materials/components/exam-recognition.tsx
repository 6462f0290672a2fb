import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button-link';
import { paths } from '../../../config/paths';
import type { ExamSummary } from '../../../lib/exam-summary';
import './exam-recognition.css';

/**
 * What the exam reader recognised in the material (issue 17): the item count, whether the
 * answer key was found, the corrections applied and what was left out, so the learner can
 * trust the quiz. Without a key it says so, how to add one, and offers unscored practice.
 */
export function ExamRecognition({ exam, materialId }: { exam: ExamSummary; materialId: string }) {
  const { t } = useTranslation('materials');
  const leftOut = [
    exam.corrections > 0 && t('exam.corrections', { count: exam.corrections }),
    exam.multiSelect > 0 && t('exam.multiSelect', { count: exam.multiSelect }),
    exam.essays > 0 && t('exam.essays', { count: exam.essays }),
    exam.skipped > 0 && t('exam.skipped', { count: exam.skipped }),
  ].filter((line): line is string => typeof line === 'string');
  const single = exam.items - exam.multiSelect;
  return (
    <section className="exam-recognition" aria-labelledby="exam-recognition-title">
      <h2 id="exam-recognition-title" className="exam-recognition__title">
        {t('exam.title')}
        {exam.papers.length > 0 && (
          <span className="exam-recognition__papers">{exam.papers.join('、')}</span>
        )}
      </h2>
      <p className="exam-recognition__count" data-testid="exam-recognised">
        {t('exam.recognised', { count: single })}
        {exam.keyFound && t('exam.withKey')}
      </p>
      <p
        className={`exam-recognition__key exam-recognition__key--${exam.keyFound ? 'found' : 'missing'}`}
      >
        {exam.keyFound ? t('exam.keyFound') : t('exam.keyMissing')}
      </p>
      {leftOut.length > 0 && (
        <ul className="exam-recognition__notes">
          {leftOut.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {exam.keyFound ? (
        <p className="exam-recognition__hint">{t('exam.verbatim')}</p>
      ) : (
        <div className="exam-recognition__missing" role="note">
          <p className="exam-recognition__missing-title">{t('exam.noKeyTitle')}</p>
          <p>{t('exam.noKeyBody')}</p>
          <div className="exam-recognition__actions">
            <ButtonLink to={paths.uploadMaterial} variant="secondary" size="sm">
              {t('exam.addKey')}
            </ButtonLink>
            {exam.practice > 0 && (
              <ButtonLink
                to={`${paths.quizNew(materialId)}?practice=unscored`}
                variant="secondary"
                size="sm"
                data-testid="exam-practise-unscored"
              >
                {t('exam.practise')}
              </ButtonLink>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
