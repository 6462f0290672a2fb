import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { scoreTone } from '../lib/material';

/**
 * "85%" in green (≥ 80), yellow (≥ 60) or red. `label` is read before it by screen readers
 * (omit it where a visible or hidden term already says "score").
 */
export function ScoreBadge({ score, label }: { score: number; label?: string }) {
  const { t } = useTranslation('materials');
  const rounded = Math.round(score);
  return (
    <Badge tone={scoreTone(rounded)} className="score-badge">
      {label && <span className="visually-hidden">{label} </span>}
      {t('quizzes.score', { score: rounded })}
    </Badge>
  );
}
