import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScoreSeries } from '../lib/chart-data';

const prefersDark = () => document.documentElement.dataset.theme === 'dark';

/**
 * The scores-over-time line chart. chart.js comes with import() when the chart is first drawn
 * (never in the first-load bundle). The canvas is an image with a summary for assistive tech;
 * the data table beside it has every number.
 */
export function ScoreChart({ series, summary }: { series: ScoreSeries[]; summary: string }) {
  const { t, i18n } = useTranslation('progress');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || series.length === 0) return;
    let chart: { destroy(): void } | null = null;
    let cancelled = false;
    const lng = i18n.language === 'en' ? 'en' : 'zh-TW';
    const styles = getComputedStyle(document.documentElement);
    const date = new Intl.DateTimeFormat(lng, { month: 'numeric', day: 'numeric' });
    import('../lib/score-chart').then(
      ({ drawScoreChart }) => {
        if (cancelled) return;
        chart = drawScoreChart(canvas, series, {
          dark: prefersDark(),
          text: styles.getPropertyValue('--text-muted').trim() || '#4b5563',
          grid: styles.getPropertyValue('--border').trim() || '#d7dbe7',
          font: styles.getPropertyValue('--font-sans').trim() || 'sans-serif',
          formatDate: (ms) => date.format(ms),
          formatScore: (score) => t('scores.scoreValue', { score }),
          yTitle: t('scores.axisScore'),
        });
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [series, i18n.language, t]);

  if (failed) return <p className="score-chart__failed">{t('scores.chartFailed')}</p>;
  return (
    <div className="score-chart">
      <canvas ref={canvasRef} role="img" aria-label={summary} data-testid="score-chart">
        {summary}
      </canvas>
    </div>
  );
}
