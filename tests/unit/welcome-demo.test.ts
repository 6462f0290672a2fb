import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import zh from '../../src/i18n/locales/zh-TW/welcome.json';
import en from '../../src/i18n/locales/en/welcome.json';

/*
 * The welcome page's demo video (public/demo, recorded by scripts/make-demo-video.mjs): the
 * dialog lists only the steps it has a caption for, so every recorded step needs one in both
 * languages; the caption files follow steps.json cue by cue; the learner's main loop is in it.
 */

interface Step {
  key: string;
  caption: string;
  start: number;
  end: number;
}
interface Manifest {
  video: string;
  poster: string;
  captions: Record<string, string>;
  duration: number;
  steps: Step[];
}

const root = join(__dirname, '../..');
const publicFile = (url: string) => join(root, 'public', url);
const manifest = JSON.parse(readFileSync(join(root, 'public/demo/steps.json'), 'utf8')) as Manifest;
const locales = { 'zh-TW': zh, en } as const;

describe('welcome demo video', () => {
  it('has a caption in both languages for every recorded step, and no caption for a step it lacks', () => {
    const keys = manifest.steps.map((s) => s.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const [lng, json] of Object.entries(locales)) {
      const captions = json.demo.steps as Record<string, string>;
      for (const key of keys) expect(captions[key], `${lng} demo.steps.${key}`).toBeTruthy();
      expect(Object.keys(captions).sort(), lng).toEqual([...keys].sort());
    }
  });

  it('walks the learner through the main loop', () => {
    const keys = manifest.steps.map((s) => s.key);
    const loop = [
      'login',
      'upload',
      'settings',
      'loading',
      'question',
      'results',
      'review',
      'progress',
      'flashcards',
    ];
    const positions = loop.map((k) => keys.indexOf(k));
    expect(
      positions.every((p) => p >= 0),
      `steps: ${keys.join(', ')}`,
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('has back-to-back steps over the whole video, one caption cue per step in each language', () => {
    manifest.steps.forEach((s, i) => {
      expect(s.end).toBeGreaterThan(s.start);
      expect(s.start).toBe(i === 0 ? 0 : manifest.steps[i - 1]!.end);
    });
    expect(manifest.steps.at(-1)!.end).toBe(manifest.duration);
    for (const [lng, json] of Object.entries(locales)) {
      const vtt = readFileSync(publicFile(manifest.captions[lng]!), 'utf8');
      expect(vtt.startsWith('WEBVTT')).toBe(true);
      const cues = vtt.split(/\n\n+/).slice(1).filter(Boolean);
      expect(cues).toHaveLength(manifest.steps.length);
      manifest.steps.forEach((s, i) => {
        const caption = (json.demo.steps as Record<string, string>)[s.key]!;
        expect(cues[i], `${lng} cue ${i + 1}`).toContain(caption);
      });
    }
  });

  it('keeps the video and poster small enough to load in the dialog', () => {
    const video = statSync(publicFile(manifest.video)).size;
    expect(video).toBeGreaterThan(50_000);
    expect(video).toBeLessThan(1_500_000);
    expect(statSync(publicFile(manifest.poster)).size).toBeLessThan(150_000);
  });
});
