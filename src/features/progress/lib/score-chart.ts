/**
 * The chart.js line chart of scores over time. This module is loaded with import() by the
 * progress page only, so chart.js stays out of the first-load bundle (decision 0017).
 */
import {
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { dayDomain, dayTicks, SERIES_STYLES, type ScoreSeries } from './chart-data';

Chart.register(LineController, LineElement, PointElement, LinearScale, Tooltip, Legend);

export interface ChartLook {
  dark: boolean;
  text: string;
  grid: string;
  font: string;
  /** x axis ticks and tooltip titles. */
  formatDate(ms: number): string;
  /** "80 分" / "80%". */
  formatScore(score: number): string;
  yTitle: string;
}

/** Draws the chart in `canvas`; the caller destroys it. */
export function drawScoreChart(canvas: HTMLCanvasElement, series: ScoreSeries[], look: ChartLook) {
  const xs = series.flatMap((s) => s.points.map((p) => p.x));
  // Whole local days, from the first attempt's to the last's, each labelled at its noon.
  const { min, max } = dayDomain(Math.min(...xs), Math.max(...xs));
  const config: ChartConfiguration<'line', Array<{ x: number; y: number }>> = {
    type: 'line',
    data: {
      datasets: series.map((s, i) => {
        const style = SERIES_STYLES[i % SERIES_STYLES.length]!;
        const color = look.dark ? style.dark : style.color;
        return {
          label: s.label,
          data: s.points.map((p) => ({ x: p.x, y: p.y })),
          borderColor: color,
          backgroundColor: color,
          pointStyle: style.point,
          pointRadius: 5,
          pointHoverRadius: 7,
          borderWidth: 2.5,
          tension: 0.2,
        };
      }),
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      parsing: false,
      normalized: true,
      interaction: { mode: 'nearest', intersect: false },
      scales: {
        x: {
          type: 'linear',
          min,
          max,
          ticks: {
            color: look.text,
            font: { family: look.font },
            callback: (value) => look.formatDate(Number(value)),
          },
          // One tick a day (or every few days) at local noon, each date once.
          afterBuildTicks: (axis) => {
            axis.ticks = dayTicks(axis.min, axis.max, 6).map((value) => ({ value }));
          },
          grid: { color: look.grid },
        },
        y: {
          min: 0,
          max: 100,
          ticks: { color: look.text, font: { family: look.font }, stepSize: 20 },
          grid: { color: look.grid },
          title: {
            display: true,
            text: look.yTitle,
            color: look.text,
            font: { family: look.font },
          },
        },
      },
      plugins: {
        legend: {
          position: 'bottom',
          labels: {
            color: look.text,
            usePointStyle: true,
            font: { family: look.font },
            boxHeight: 8,
          },
        },
        tooltip: {
          callbacks: {
            title: (items) => (items[0] ? look.formatDate(items[0].parsed.x ?? 0) : ''),
            label: (item) => `${item.dataset.label ?? ''}: ${look.formatScore(item.parsed.y ?? 0)}`,
          },
        },
      },
    },
  };
  return new Chart(canvas, config);
}
