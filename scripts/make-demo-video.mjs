// `node scripts/make-demo-video.mjs [--frames DIR]`: records the welcome page's demo video from
// the real app. Expects `npx vite build` to have run. Starts the real server on a free port with
// a throwaway DATA_DIR, walks Chromium through the learner's main loop — sign-up → verification
// e-mail → login → home → upload a real zh-TW document (/work/shared/corpus) → the material →
// quiz settings → the generation's loading screen → a question answered → the scored results →
// Review with the wrong answer due → account menu → Progress → flashcards (front, then back) →
// the interface switched to English — screenshots each step, and turns the stills into
// public/demo/mnemo-demo.webm (VP9, crossfades), poster.webp, steps.json and one WebVTT caption
// file per language (captions: welcome.json demo.steps.<key> in each locale; the dialog lists
// only steps it has a caption for). Re-run it whenever the screens change. Nothing is faked:
// without a register or login form those steps go through the API (with a warning), and a
// missing main-loop screen stops the script. The generate request is only held until the
// loading screen is photographed (the built-in generator is done in a second). Not precached
// (vite.config.ts globPatterns): keep it under ~1.5 MB (tests/unit/welcome-demo.test.ts).
/* global document, window -- used inside page.evaluate(), which runs in the browser */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from '@playwright/test';
import PostalMime from 'postal-mime';
import Database from 'better-sqlite3';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'public', 'demo');
const FFMPEG = '/usr/bin/ffmpeg';
const CHROMIUM = '/usr/bin/chromium';
const VIEWPORT = { width: 1280, height: 720 };
const FRAME_SECONDS = 2.5;
const FADE_SECONDS = 0.4;
const FPS = 12;
const LANGUAGES = ['zh-TW', 'en'];
const DEMO_USER = { email: 'yuting@example.com', password: 'Study2025go' };
// The document the learner studies: a real zh-TW text (the app's default language).
const DEMO_DOCUMENT = path.resolve(
  root,
  '../shared/corpus/txt/zh_us_constitution_taiwan_phrasing.txt',
);
const DEMO_MATERIAL_NAME = '美國憲法 中文譯本';

const argFrames = process.argv.indexOf('--frames');
const keepFramesDir = argFrames > -1 ? path.resolve(process.argv[argFrames + 1] ?? '') : null;

const log = (msg) => process.stdout.write(`${msg}\n`);
const warn = (msg) => process.stderr.write(`! ${msg}\n`);

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** The real server, alone: SQLite in a temp DATA_DIR, e-mails to DATA_DIR/outbox. */
function startServer(port, dataDir) {
  const env = { ...process.env };
  for (const key of ['DATABASE_URL', 'SMTP_URL', 'JWT_SECRET', 'WEB_DIST', 'SERVE_WEB'])
    delete env[key];
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  });
  const child = spawn('npx', ['tsx', 'api/server.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, so stopping it also stops what npx started
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return {
    child,
    output: () => output,
    stop() {
      if (child.exitCode === null && child.pid) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          /* already gone */
        }
      }
    },
  };
}

async function waitForHealth(base, server) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`The server exited early:\n${server.output()}`);
    }
    try {
      const res = await fetch(`${base}/healthz`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await sleep(250);
  }
  throw new Error(`The server did not answer /healthz within 60 s:\n${server.output()}`);
}

/** The newest verification link in the outbox (text part: "…: http…/verify-email?token=…"). */
async function readVerification(outbox) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const files = fs.existsSync(outbox)
      ? (await fsp.readdir(outbox)).filter((f) => f.endsWith('.eml')).sort()
      : [];
    for (const file of files.reverse()) {
      const email = await PostalMime.parse(await fsp.readFile(path.join(outbox, file)));
      const link = (email.text ?? '').match(/https?:\/\/\S*verify-email\?token=[\w%-]+/)?.[0];
      if (link) return { email, link };
    }
    await sleep(250);
  }
  throw new Error(`No verification e-mail with a verify-email?token= link in ${outbox}`);
}

/** A quiz's questions with their keys, as the server stored them (api/quizgen/types.ts). */
function storedQuestions(dataDir, quizId) {
  const db = new Database(path.join(dataDir, 'mnemo.sqlite'), { readonly: true });
  try {
    db.pragma('busy_timeout = 5000');
    const row = db.prepare('SELECT questions FROM quizzes WHERE id = ?').get(quizId);
    if (!row) throw new Error(`quiz ${quizId} is not in the server's database`);
    return JSON.parse(row.questions);
  } finally {
    db.close();
  }
}

/** A plain mail-viewer page around the message's own HTML, to show what the learner receives. */
function mailViewer(email) {
  const esc = (s) => String(s ?? '').replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const from = email.from ? `${email.from.name ?? ''} &lt;${esc(email.from.address)}&gt;` : '';
  const to = (email.to ?? []).map((a) => esc(a.address)).join(', ');
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    body{margin:0;background:#e9ebf3;font-family:'Noto Sans TC','PingFang TC',sans-serif;color:#1f2937}
    .bar{background:#fff;border-bottom:1px solid #d7dbe7;padding:18px 40px}
    .subject{font-size:22px;font-weight:700;margin:0 0 6px}
    .meta{font-size:14px;color:#4b5563}
    iframe{display:block;width:100%;height:calc(100vh - 92px);border:0}
  </style></head><body>
    <div class="bar"><p class="subject">${esc(email.subject)}</p>
    <div class="meta">${from} → ${to}</div></div>
    <iframe srcdoc="${esc(email.html ?? `<pre>${esc(email.text)}</pre>`)}"></iframe>
  </body></html>`;
}

async function main() {
  if (!fs.existsSync(path.join(root, 'dist', 'index.html'))) {
    throw new Error('dist/index.html is missing: run `npx vite build` first.');
  }
  for (const bin of [FFMPEG, CHROMIUM]) {
    if (!fs.existsSync(bin))
      throw new Error(`${bin} is missing (apt-get install ffmpeg chromium).`);
  }

  const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'mnemo-demo-'));
  const dataDir = path.join(work, 'data');
  const framesDir = path.join(work, 'frames');
  await fsp.mkdir(framesDir, { recursive: true });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(port, dataDir);
  let browser;

  const cleanup = async () => {
    await browser?.close().catch(() => undefined);
    server.stop();
  };
  process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));

  try {
    log(`Starting the server on ${base} (DATA_DIR ${dataDir})…`);
    await waitForHealth(base, server);

    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    const context = await browser.newContext({
      viewport: VIEWPORT,
      deviceScaleFactor: 1,
      locale: 'zh-TW',
      colorScheme: 'light',
      reducedMotion: 'reduce',
      baseURL: base,
    });
    const page = await context.newPage();
    const frames = [];

    const settle = async () => {
      await page.waitForLoadState('networkidle').catch(() => undefined);
      // Toasts (e.g. "logged in, redirecting…") would cover the header: let them go first.
      await page
        .locator('.toast')
        .first()
        .waitFor({ state: 'detached', timeout: 5000 })
        .catch(() => undefined);
      await page.evaluate(() => document.fonts.ready).catch(() => undefined);
      await sleep(400);
    };
    /** A teal ring around what the learner clicks next (the video has no pointer). */
    const spotlight = async (locator) => {
      // Below the fold: scroll just enough to show it a little above the bottom edge.
      await locator
        .evaluate((el) => {
          const r = el.getBoundingClientRect();
          if (r.bottom > window.innerHeight - 16)
            window.scrollBy(0, r.bottom - window.innerHeight + 32);
        })
        .catch(() => undefined);
      const box = await locator.boundingBox().catch(() => null);
      if (!box) return;
      await page.evaluate((b) => {
        const ring = document.createElement('div');
        ring.id = 'demo-spotlight';
        Object.assign(ring.style, {
          position: 'fixed',
          left: `${b.x - 6}px`,
          top: `${b.y - 6}px`,
          width: `${b.width + 12}px`,
          height: `${b.height + 12}px`,
          border: '3px solid #14b8a6',
          borderRadius: '14px',
          boxShadow: '0 0 0 6px rgb(20 184 166 / 28%)',
          pointerEvents: 'none',
          zIndex: '2147483647',
        });
        document.body.appendChild(ring);
      }, box);
    };
    const shot = async (key, target, { wait = true } = {}) => {
      if (wait) await settle();
      if (target) {
        // The ring stands for the pointer: no second (focus) ring beside it.
        await page.evaluate(() => document.activeElement?.blur?.());
        await spotlight(target);
      }
      const file = path.join(framesDir, `${String(frames.length).padStart(2, '0')}-${key}.png`);
      await page.screenshot({ path: file });
      await page.evaluate(() => document.getElementById('demo-spotlight')?.remove());
      frames.push({ key, file });
      log(`  ✓ ${key}`);
    };
    const visible = (locator, timeout = 8000) =>
      locator
        .first()
        .waitFor({ state: 'visible', timeout })
        .then(() => true)
        .catch(() => false);

    // 1. Welcome page.
    await page.goto('/');
    await page.locator('h1').first().waitFor();
    const signUp = page.locator('main a[href="/login?register=true"]').first();
    await shot('welcome', signUp);

    // 2. Register form.
    await signUp.click();
    const newPasswords = page.locator('input[autocomplete="new-password"]');
    let registered = false;
    if (await visible(newPasswords)) {
      await page.locator('input[autocomplete="email"]').first().fill(DEMO_USER.email);
      await newPasswords.nth(0).fill(DEMO_USER.password);
      if ((await newPasswords.count()) > 1) await newPasswords.nth(1).fill(DEMO_USER.password);
      const submit = page.locator('main form button[type="submit"]').first();
      await shot('register', submit);
      await submit.click();
      registered = true;
    } else {
      warn('No register form at /login?register=true yet: registering through the API.');
      const res = await fetch(`${base}/api/v1/auth/register`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          ...DEMO_USER,
          name: DEMO_USER.email.split('@')[0],
          locale: 'zh-TW',
        }),
      });
      if (!res.ok) throw new Error(`register failed: ${res.status} ${await res.text()}`);
    }

    // 3. The verification e-mail, as written to the outbox.
    const { email, link } = await readVerification(path.join(dataDir, 'outbox'));
    if (registered) await sleep(500);
    await page.goto('about:blank');
    await page.setContent(mailViewer(email));
    const mailButton = page.frameLocator('iframe').locator('a').first();
    await mailButton.waitFor().catch(() => undefined);
    await shot('email', mailButton);

    // 4. The link verifies and lands on /login?verified=true.
    await page.goto(link);
    await page.waitForURL(/\/login/);
    const passwordInput = page.locator('input[autocomplete="current-password"]');
    const hasLoginForm = await visible(passwordInput);
    if (hasLoginForm) await shot('verified');
    else warn('No login form at /login yet: skipping the "verified" and "login" frames.');

    // 5. Log in.
    if (hasLoginForm) {
      await page.locator('input[autocomplete="email"]').first().fill(DEMO_USER.email);
      await passwordInput.first().fill(DEMO_USER.password);
      const submit = page.locator('main form button[type="submit"]').first();
      await shot('login', submit);
      await submit.click();
    } else {
      const res = await fetch(`${base}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(DEMO_USER),
      });
      if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
      const { token, user } = await res.json();
      await context.addCookies([{ name: 'mnemo_token', value: token, url: base }]);
      await page.evaluate((u) => localStorage.setItem('mnemo_user', JSON.stringify(u)), user);
      await page.goto('/');
    }

    // 6. Signed-in home: plan, language and account menu in the header.
    const accountZh = page.getByRole('button', { name: '帳號選單' });
    await accountZh.waitFor({ timeout: 20_000 });
    await page.waitForURL((url) => url.pathname === '/', { timeout: 20_000 });
    await shot('home', page.locator('.plan-status'));

    // 7. Upload a real document through the upload page (the file input behind "choose files").
    await page.goto('/upload-material');
    const fileInput = page.locator('input[type="file"]').first();
    await fileInput.waitFor({ state: 'attached' });
    await fileInput.setInputFiles(DEMO_DOCUMENT);
    await page.getByText(path.basename(DEMO_DOCUMENT)).first().waitFor();
    await page.getByLabel('教材名稱').fill(DEMO_MATERIAL_NAME);
    const uploadButton = page.getByRole('button', { name: '上傳教材', exact: true });
    await shot('upload', uploadButton);
    await uploadButton.click();
    await page.waitForURL(/\/materials\/[0-9a-f-]{36}$/, { timeout: 90_000 });
    const materialId = new URL(page.url()).pathname.split('/').pop();

    // 8. The material: its extracted text and the way to a quiz.
    const generateLink = page.getByRole('link', { name: '產生新測驗' }).first();
    await generateLink.waitFor({ timeout: 60_000 });
    await shot('material', generateLink);

    // 9. Quiz settings: five questions, choice and true/false, in the material's language.
    await generateLink.click();
    await page.waitForURL(new RegExp(`/materials/${materialId}/quiz/new$`));
    await page.getByRole('radio', { name: '5 題', exact: true }).check();
    for (const type of ['選擇題', '是非題']) {
      await page.getByRole('checkbox', { name: new RegExp(`^${type}`) }).check();
    }
    for (const type of ['填空題', '簡答題']) {
      await page.getByRole('checkbox', { name: new RegExp(`^${type}`) }).uncheck();
    }
    const generateButton = page.getByRole('button', { name: '產生測驗' });
    await generateButton.waitFor();
    await shot('settings', generateButton);

    // 10. The real loading screen. The built-in generator is done in a second or two, so the
    // request is held until the screen has been photographed (the quiz test does the same).
    let release = () => undefined;
    const held = new Promise((resolve) => (release = resolve));
    await page.route(
      '**/api/v1/quiz/generate',
      async (route) => {
        await held;
        await route.continue();
      },
      { times: 1 },
    );
    await generateButton.click();
    await page.waitForURL(/\/quiz\/loading$/);
    const bar = page.getByRole('progressbar', { name: '測驗產生進度' });
    await bar.waitFor();
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && Number(await bar.getAttribute('aria-valuenow')) < 20)
      await sleep(200);
    await page.evaluate(() => document.fonts.ready).catch(() => undefined);
    await sleep(300);
    await shot('loading', null, { wait: false });
    release();
    await page.waitForURL(/\/quiz\/[^/]+\/questions$/, { timeout: 120_000 });
    const quizId = page.url().split('/').at(-2);
    const questions = storedQuestions(dataDir, quizId);

    // 11. Answer the questions with the keyboard (1–4 pick, → moves on): all right but the
    // second, so one wrong answer waits in Review. The first one is photographed answered.
    const optionValues = (q) =>
      q.options?.length ? q.options.map((o) => o.id) : ['true', 'false'];
    const choiceOf = (q, right) => {
      const values = optionValues(q);
      const key = Math.max(0, values.indexOf(q.correctOptionId ?? String(q.correctAnswer)));
      return right ? key : (key + 1) % values.length;
    };
    for (const [i, q] of questions.entries()) {
      await page
        .locator('.quiz-progress__counter')
        .filter({ hasText: `${i + 1} /` })
        .waitFor();
      const pick = choiceOf(q, i !== 1);
      await page.keyboard.press(String(pick + 1));
      const picked = page.locator('input.choice__input').nth(pick);
      await page.waitForFunction((el) => el?.checked, await picked.elementHandle());
      if (i === 0) await shot('question', picked.locator('xpath=..'));
      if (i < questions.length - 1) await page.keyboard.press('ArrowRight');
    }
    await page.getByRole('button', { name: '完成測驗' }).click();
    await page.waitForURL(/\/quiz\/[^/]+\/results$/, { timeout: 30_000 });

    // 12. The report with its score.
    await page.locator('.score-ring__number').first().waitFor();
    const reviewBadge = page.getByRole('link', { name: /張卡片待複習/ }).first();
    await visible(reviewBadge, 15_000);
    await shot('results', page.locator('.score-ring').first());

    // 13. Review: the wrong answer is due today.
    if (await visible(reviewBadge, 2000)) await reviewBadge.click();
    else await page.goto('/review');
    await page.waitForURL(/\/review$/);
    await page.locator('.question__stem').first().waitFor({ timeout: 15_000 });
    await shot('review');

    // 14. The account menu leads to Review, Progress, the plan and the legal pages.
    const account = page.getByRole('button', { name: /^帳號選單/ });
    await account.click();
    const progressItem = page.getByRole('menuitem', { name: '學習進度' });
    await progressItem.waitFor();
    await shot('menu', progressItem);

    // 15. Progress: the streak and the chart of scores.
    await progressItem.click();
    await page.waitForURL(/\/progress$/);
    await page.getByTestId('score-chart').waitFor({ timeout: 15_000 });
    await sleep(600); // chart.js draws after layout
    await shot('progress');

    // 16–17. Flashcards from the quiz: the front, then a tap turns it over.
    await page.goto(`/materials/${materialId}/quiz/${quizId}/flashcards`);
    const card = page.locator('button.flashcard');
    await card.waitFor({ timeout: 15_000 });
    // A multiple-choice card reads better than a true/false one (its back is a term, not 正確).
    await card.focus();
    // Its front is the quoted sentence with a blank (a true/false one has none).
    for (let i = 0; i < questions.length - 1; i++) {
      const front = await card.locator('.flashcard__text').innerText();
      if (/_{3,}|[？?]/.test(front)) break;
      await page.keyboard.press('ArrowRight');
      await sleep(300);
    }
    await shot('flashcards', card);
    await card.click();
    await page
      .locator('button.flashcard.flashcard--back')
      .waitFor({ timeout: 5000 })
      .catch(() => warn('The flashcard did not turn to its back face.'));
    await sleep(600); // the flip
    await shot('flip', page.getByRole('button', { name: '我會了', exact: true }));

    // 18. Switch the interface to English: the home page with the material, in English.
    await page.goto('/');
    const language = page.getByRole('combobox', { name: '語言' });
    await language.waitFor();
    await language.selectOption('en');
    await page.getByRole('button', { name: /^Account menu/ }).waitFor();
    await shot('language', page.getByRole('combobox', { name: 'Language' }));

    await browser.close();
    browser = undefined;

    await writeOutputs(frames);
    if (keepFramesDir) {
      await fsp.mkdir(keepFramesDir, { recursive: true });
      for (const f of frames)
        await fsp.copyFile(f.file, path.join(keepFramesDir, path.basename(f.file)));
      log(`Frames copied to ${keepFramesDir}`);
    }
  } finally {
    await cleanup();
    await fsp.rm(work, { recursive: true, force: true }).catch(() => undefined);
  }
}

function ffmpeg(args) {
  const r = spawnSync(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-y', ...args], {
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error(`ffmpeg failed (${r.status})`);
}

const vttTime = (s) => {
  const ms = Math.round(s * 1000);
  const hh = String(Math.floor(ms / 3_600_000)).padStart(2, '0');
  const mm = String(Math.floor(ms / 60_000) % 60).padStart(2, '0');
  const ss = String(Math.floor(ms / 1000) % 60).padStart(2, '0');
  return `${hh}:${mm}:${ss}.${String(ms % 1000).padStart(3, '0')}`;
};

async function writeAtomic(file, data) {
  const tmp = `${file}.tmp-${process.pid}`;
  await fsp.writeFile(tmp, data);
  await fsp.rename(tmp, file);
}

/** webm + poster + steps.json + captions.{lng}.vtt, each replaced only once fully written. */
async function writeOutputs(frames) {
  if (frames.length < 2) throw new Error('Too few frames to make a video.');
  await fsp.mkdir(outDir, { recursive: true });
  const steps = frames.map((f, i) => ({
    key: f.key,
    caption: `demo.steps.${f.key}`,
    start: +(i * FRAME_SECONDS).toFixed(2),
    end: +((i + 1) * FRAME_SECONDS).toFixed(2),
  }));

  // Each still lasts FRAME_SECONDS; all but the last run FADE_SECONDS longer to cross-fade.
  const inputs = frames.flatMap((f, i) => [
    '-loop',
    '1',
    '-framerate',
    String(FPS),
    '-t',
    String(FRAME_SECONDS + (i < frames.length - 1 ? FADE_SECONDS : 0)),
    '-i',
    f.file,
  ]);
  const prep = frames
    .map((_, i) => `[${i}:v]fps=${FPS},format=yuv420p,settb=AVTB[v${i}]`)
    .join(';');
  let chain = '';
  let last = 'v0';
  for (let i = 1; i < frames.length; i++) {
    const out = i === frames.length - 1 ? 'out' : `x${i}`;
    chain += `;[${last}][v${i}]xfade=transition=fade:duration=${FADE_SECONDS}:offset=${(i * FRAME_SECONDS).toFixed(2)}[${out}]`;
    last = out;
  }
  const video = path.join(outDir, 'mnemo-demo.webm');
  const tmpVideo = path.join(os.tmpdir(), `mnemo-demo-${process.pid}.webm`);
  log('Encoding VP9…');
  ffmpeg([
    ...inputs,
    '-filter_complex',
    prep + chain,
    '-map',
    '[out]',
    '-c:v',
    'libvpx-vp9',
    '-pix_fmt',
    'yuv420p',
    '-b:v',
    '0',
    '-crf',
    '38',
    '-deadline',
    'good',
    '-cpu-used',
    '2',
    '-row-mt',
    '1',
    '-g',
    String(FPS * 10),
    '-an',
    '-metadata',
    'title=Mnemo walkthrough',
    tmpVideo,
  ]);
  await fsp.copyFile(tmpVideo, `${video}.tmp`);
  await fsp.rename(`${video}.tmp`, video);
  await fsp.rm(tmpVideo, { force: true });

  const poster = path.join(outDir, 'poster.webp');
  const tmpPoster = path.join(os.tmpdir(), `mnemo-poster-${process.pid}.webp`);
  ffmpeg(['-i', frames[0].file, '-c:v', 'libwebp', '-quality', '80', tmpPoster]);
  await fsp.copyFile(tmpPoster, `${poster}.tmp`);
  await fsp.rename(`${poster}.tmp`, poster);
  await fsp.rm(tmpPoster, { force: true });

  for (const lng of LANGUAGES) {
    const file = path.join(root, 'src', 'i18n', 'locales', lng, 'welcome.json');
    const captions = JSON.parse(await fsp.readFile(file, 'utf8')).demo?.steps ?? {};
    const cues = steps.map((s, i) => {
      if (!captions[s.key]) warn(`${lng}/welcome.json has no demo.steps.${s.key}: add a caption.`);
      return `${i + 1}\n${vttTime(s.start)} --> ${vttTime(s.end)}\n${captions[s.key] ?? s.key}\n`;
    });
    await writeAtomic(path.join(outDir, `captions.${lng}.vtt`), `WEBVTT\n\n${cues.join('\n')}`);
  }

  const manifest = {
    video: '/demo/mnemo-demo.webm',
    poster: '/demo/poster.webp',
    captions: Object.fromEntries(LANGUAGES.map((l) => [l, `/demo/captions.${l}.vtt`])),
    width: VIEWPORT.width,
    height: VIEWPORT.height,
    frameSeconds: FRAME_SECONDS,
    crossfadeSeconds: FADE_SECONDS,
    duration: +(frames.length * FRAME_SECONDS).toFixed(2),
    captionNamespace: 'welcome',
    steps,
  };
  await writeAtomic(path.join(outDir, 'steps.json'), `${JSON.stringify(manifest, null, 2)}\n`);

  const kb = (f) => `${Math.round(fs.statSync(f).size / 1024)} KB`;
  log(
    `Wrote ${path.relative(root, video)} (${kb(video)}, ${manifest.duration} s, ${frames.length} frames)`,
  );
  log(
    `Wrote ${path.relative(root, poster)} (${kb(poster)}), steps.json, captions.{${LANGUAGES}}.vtt`,
  );
}

main().catch((err) => {
  process.stderr.write(`${err.stack ?? err}\n`);
  process.exit(1);
});
