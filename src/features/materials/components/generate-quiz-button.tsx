import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { Tooltip } from '../../../components/ui/tooltip';
import { paths } from '../../../config/paths';
import { useAuthStore } from '../../../stores/auth-store';
import { SparkIcon } from './icons';

/** Spec 5: the free limit is reached when a free account has used all its quizzes. */
export function useFreeLimitReached(): boolean {
  return useAuthStore((s) =>
    Boolean(
      s.user &&
      s.user.account_type === 'free' &&
      s.user.free_usage_count >= s.user.free_quiz_limitation,
    ),
  );
}

/**
 * "Generate new quiz" → /materials/{id}/quiz/new. At the free limit it is disabled with a
 * tooltip; a disabled button takes no focus, so a focusable wrapper carries the tooltip and the
 * button itself is described by the same text.
 */
export function GenerateQuizButton({ materialId, block }: { materialId: string; block?: boolean }) {
  const { t } = useTranslation('materials');
  const limited = useFreeLimitReached();
  const reasonId = useId();
  if (!limited) {
    return (
      <ButtonLink to={paths.quizNew(materialId)} block={block}>
        <SparkIcon />
        {t('detail.generate')}
      </ButtonLink>
    );
  }
  return (
    <>
      <Tooltip content={t('detail.limitReached')}>
        <span className="tooltip-target" tabIndex={0} data-testid="generate-limited">
          <Button disabled block={block} aria-describedby={reasonId}>
            <SparkIcon />
            {t('detail.generate')}
          </Button>
        </span>
      </Tooltip>
      <span id={reasonId} hidden>
        {t('detail.limitReached')}
      </span>
    </>
  );
}
