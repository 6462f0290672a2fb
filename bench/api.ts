/*
 * Throughput of the real API beside its bare route: `npm run bench:api [-- --duration 10]`.
 *
 * Starts `node --import tsx api/server.ts` on a free loopback port with a fresh DATA_DIR
 * (SQLite, or with --db postgres a throwaway database on BENCH_PG_URL, default
 * postgres://postgres@127.0.0.1:5432/test), RATE_LIMIT_PER_IP=100000000 and LOG_LEVEL=warn, registers and verifies a learner
 * through the outbox e-mail and makes the account premium in the database. Three real
 * documents are uploaded (1, 2 and 3 files) and two quizzes generated on each; their rows are
 * cloned into DATA_DIR/mnemo.sqlite (files hard-linked in storage) until the learner has 200
 * materials, each with 1–3 files and 0–2 quizzes. Then autocannon drives, with the same
 * connections and duration after the same warm-up:
 *   bare    GET /healthz (the baseline)
 *   auth    GET /api/v1/user/profile (bearer check + one small row)
 *   page    GET /api/v1/materials?limit=20 (the web list's first page)
 *   list    GET /api/v1/materials (all 200 materials: what the spec's client asks; a reference)
 *   submit  POST /api/v1/quiz/{id}/submit with 20 answers, no clientSubmissionId
 * Every API case sends `Accept-Encoding: gzip, deflate, br` as a browser does, so KB/ans is
 * what goes on the wire (headers included).
 * Targets (issue 18): profile ≥ 0.6×, a page of 20 ≥ 0.2× and submit ≥ 0.05× bare requests/s
 * (submit writes an attempt and 20 review cards). A case with any non-2xx answer, connection
 * error or timeout (warm-up included) fails. Exit code 1 when anything fails or misses.
 * Options: --duration s (10), --warmup s (2), --connections n (10), --cases auth,page,list,submit
 * (bare always runs), --db sqlite|postgres (sqlite), --cpu-prof dir (profiles the server with node --cpu-prof, written to dir
 * when it exits).
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { GeneratedQuestion } from '../api/quizgen/types.js';
import type { QuizReport, SubmittedAnswer } from '../api/scoring/types.js';
import { call, dataOf, out, signUp, startServer } from './support/server.js';

const TARGETS = { auth: 0.6, page: 0.2, submit: 0.05 } as const;
const CASES = ['auth', 'page', 'list', 'submit'] as const;
const PAGE = 20;
const MATERIALS = 200;
const root = path.resolve(import.meta.dirname, '..');
const corpus = path.resolve(root, '../shared/corpus');
const ALL_TYPES = ['multiple_choice', 'true_false', 'dropdown_fill_in_blank', 'short_answer'];

/** The real documents uploaded, one material each, and the quizzes generated on each. */
const TEMPLATES = [
  {
    files: ['pdf/en_tracemonkey_pldi09_2col.pdf'],
    quizzes: [
      { questionCount: 20, questionTypes: ALL_TYPES, language: 'en-US' },
      { questionCount: 10, language: 'en-US', difficulty: 'advanced' },
    ],
  },
  {
    files: [
      'md/zh_audrey_tang_2025_ai_safety_column.md',
      'md/en_audrey_tang_2025_ai_safety_column.md',
    ],
    quizzes: [{ questionCount: 10 }, { questionCount: 5, questionTypes: ALL_TYPES }],
  },
  {
    files: [
      'docx/en_doj_chapter13_trustee_handbook_ch1.docx',
      'txt/zh_us_constitution_taiwan_phrasing.txt',
      'docx/zh_moda_account_permission_review_form.docx',
    ],
    quizzes: [{ questionCount: 15 }, { questionCount: 10, language: 'en-US' }],
  },
];

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '10' },
    'cpu-prof': { type: 'string' },
    cases: { type: 'string', default: CASES.join(',') },
    db: { type: 'string', default: 'sqlite' },
  },
});
const chosen = new Set(args.cases!.split(',').map((c) => c.trim()));
for (const c of chosen) {
  if (!(CASES as readonly string[]).includes(c)) throw new Error(`--cases: unknown case ${c}`);
}
const positive = (name: string, v: string | undefined) => {
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number`);
  return n;
};
if (args.db !== 'sqlite' && args.db !== 'postgres') throw new Error('--db: sqlite or postgres');
const DIALECT = args.db;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DURATION = positive('duration', args.duration);
const WARMUP = positive('warmup', args.warmup);
const CONNECTIONS = Math.round(positive('connections', args.connections));

type Row = Record<string, string | number | null>;

/** The bench's own access to the server's database (SQLite file or PostgreSQL), `?` params. */
interface Store {
  all(sql: string, ...p: unknown[]): Promise<Row[]>;
  run(sql: string, ...p: unknown[]): Promise<void>;
  transaction(fn: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

function sqliteStore(file: string): Store {
  const db = new SQLite(file);
  db.pragma('busy_timeout = 5000');
  return {
    all: async (sql, ...p) => db.prepare(sql).all(...p) as Row[],
    run: async (sql, ...p) => void db.prepare(sql).run(...p),
    async transaction(fn) {
      db.exec('BEGIN');
      try {
        await fn();
        db.exec('COMMIT');
      } catch (err) {
        db.exec('ROLLBACK');
        throw err;
      }
    },
    close: async () => {
      db.close();
    },
  };
}

async function pgStore(url: string): Promise<Store> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const numbered = (sql: string) => {
    let n = 0;
    return sql.replace(/\?/g, () => `$${++n}`);
  };
  const all = async (sql: string, ...p: unknown[]) =>
    (await client.query(numbered(sql), p)).rows as Row[];
  return {
    all,
    run: async (sql, ...p) => void (await all(sql, ...p)),
    async transaction(fn) {
      await client.query('BEGIN');
      try {
        await fn();
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      }
    },
    close: () => client.end(),
  };
}

/**
 * Clones the uploaded materials (with their files, extracted text and quizzes) until the
 * learner has `total`; file ids inside the document and the questions' citations follow.
 */
async function seedMaterials(db: Store, userId: string, filesRoot: string, total: number) {
  const all = db.all;
  const templates = await all(
    'SELECT * FROM materials WHERE user_id = ? ORDER BY created_at',
    userId,
  );
  const insert = (table: string, row: Row) => {
    const cols = Object.keys(row);
    return db.run(
      `INSERT INTO ${table} (${cols.join(',')}) VALUES (${cols.map(() => '?').join(',')})`,
      ...cols.map((c) => row[c]),
    );
  };
  const textTables = ['material_contents', 'material_blocks'];
  const start = Date.parse('2026-01-01T08:00:00.000Z');
  await db.transaction(async () => {
    for (let i = 0; i < total - templates.length; i++) {
      const t = templates[i % templates.length]!;
      const files = await all(
        'SELECT * FROM material_files WHERE material_id = ? ORDER BY position',
        t.id,
      );
      const quizzes = await all(
        'SELECT * FROM quizzes WHERE material_id = ? ORDER BY created_at',
        t.id,
      );
      const id = randomUUID();
      const at = (minutes: number) => new Date(start + (i * 60 + minutes) * 60_000).toISOString();
      const fileIds = new Map(files.map((f) => [String(f.id), randomUUID()]));
      const remap = (json: string) =>
        [...fileIds].reduce((s, [from, to]) => s.split(from).join(to), json);
      await insert('materials', {
        ...t,
        id,
        title: `${String(t.title)} (${Math.floor(i / templates.length) + 2})`,
        created_at: at(0),
        updated_at: at(0),
      });
      for (const f of files) {
        const fileId = fileIds.get(String(f.id))!;
        const key = `${userId}/${id}/${fileId}`;
        fs.mkdirSync(path.join(filesRoot, userId, id), { recursive: true });
        fs.linkSync(
          path.join(filesRoot, ...String(f.storage_key).split('/')),
          path.join(filesRoot, key),
        );
        await insert('material_files', {
          ...f,
          id: fileId,
          material_id: id,
          storage_key: key,
          created_at: at(0),
        });
      }
      // The extracted text, file ids following.
      for (const table of textTables) {
        for (const row of await all(`SELECT * FROM ${table} WHERE material_id = ?`, t.id)) {
          const copy = Object.entries(row).map(([k, v]) => [
            k,
            typeof v === 'string' ? remap(v) : v,
          ]);
          await insert(table, { ...Object.fromEntries(copy), material_id: id });
        }
      }
      // 0, 1 or 2 quizzes; every third material's first quiz taken, a few retaken.
      for (let k = 0; k < Math.floor(i / templates.length) % 3; k++) {
        const q = quizzes[k % quizzes.length]!;
        const taken = k === 0 && i % 3 === 0;
        const score = taken ? (i * 37) % 101 : null;
        await insert('quizzes', {
          ...q,
          id: randomUUID(),
          material_id: id,
          questions: remap(String(q.questions)),
          created_at: at(5 + k),
          completed: taken ? 1 : 0,
          score,
          best_score: taken ? Math.min(100, score! + (i % 2) * 10) : null,
          answered_count: taken ? Number(q.question_count) : 0,
          attempt_count: taken ? 1 + (i % 2) : 0,
          last_taken_at: taken ? at(30) : null,
        });
      }
    }
  });
}

/** A full answer set in the shapes of docs/api/quiz.md: every fourth answer is wrong. */
function answersFor(questions: GeneratedQuestion[]): SubmittedAnswer[] {
  const other = (options: Array<{ id: string }>, id: string | undefined) =>
    options.find((o) => o.id !== id)!.id;
  return questions.map((q, i) => {
    const right = i % 4 !== 3;
    switch (q.type) {
      case 'multiple_choice':
        return {
          questionId: q.id,
          optionId: right ? q.correctOptionId! : other(q.options!, q.correctOptionId),
        };
      case 'true_false':
        return {
          questionId: q.id,
          answer: right ? q.correctOptionId! : other(q.options!, q.correctOptionId),
        };
      case 'dropdown_fill_in_blank':
        return {
          questionId: q.id,
          blankAnswers: q.blanks!.map((b) => ({
            blankId: b.id,
            selectedOptionId: right ? b.correctOptionId : other(b.options, b.correctOptionId),
          })),
        };
      case 'short_answer':
        return {
          questionId: q.id,
          textAnswer: right ? q.acceptedAnswers![0]! : 'no idea',
        };
    }
  });
}

interface Measured {
  rps: number;
  p99: number;
  kbPerAnswer: number;
  requests: number;
  perSecond: number[];
  failures: number;
  statuses: string;
  /** The server process's CPU time (user + system) per answer in the measured run, µs. */
  cpuPerAnswer: number;
}

/**
 * CPU time the server process has used so far, in µs (/proc/PID/stat utime + stime, in clock
 * ticks of 10 ms). Unlike requests/s it hardly depends on what else the machine runs.
 */
function serverCpu(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** One autocannon run; `perSecond` gets the answers completed in each second, in order. */
function cannon(opts: autocannon.Options, perSecond: number[] = []): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const run = autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
    // The last tick can come after the end, with nothing in it.
    run.on('tick', (t: { counter: number }) => t.counter && perSecond.push(t.counter));
  });
}

/** A warm-up run (figures dropped, failures kept), then the measured run. */
async function measure(pid: number, opts: Omit<autocannon.Options, 'duration' | 'connections'>) {
  const base = { ...opts, connections: CONNECTIONS };
  const warm = await cannon({ ...base, duration: WARMUP });
  const perSecond: number[] = [];
  const cpuBefore = serverCpu(pid);
  const r = await cannon({ ...base, duration: DURATION }, perSecond);
  const cpu = serverCpu(pid) - cpuBefore;
  const bad = (x: autocannon.Result) => x.non2xx + x.errors + x.timeouts;
  const statuses = Object.entries(r.statusCodeStats)
    .map(([code, s]) => `${code}×${s.count}`)
    .join(' ');
  return {
    rps: r.requests.total / r.duration,
    p99: r.latency.p99,
    kbPerAnswer: r.throughput.total / Math.max(1, r.requests.total) / 1024,
    requests: r.requests.total,
    perSecond,
    failures: bad(warm) + bad(r),
    cpuPerAnswer: cpu / Math.max(1, r.requests.total),
    statuses: `${statuses}${r.errors ? ` errors×${r.errors}` : ''}${r.timeouts ? ` timeouts×${r.timeouts}` : ''}`,
  } satisfies Measured;
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-bench-api-'));
  const dataDir = path.join(work, 'data');
  const profDir = args['cpu-prof'] ? path.resolve(args['cpu-prof']) : undefined;
  // PostgreSQL: a throwaway database on BENCH_PG_URL's server, dropped at the end.
  let databaseUrl: string | undefined;
  const dbName = `mnemo_bench_api_${randomUUID().slice(0, 8)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  if (DIALECT === 'postgres') {
    await admin(`create database ${dbName}`);
    const url = new URL(PG_URL);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const server = await startServer({
    dataDir,
    env: databaseUrl ? { DATABASE_URL: databaseUrl } : {},
    nodeArgs: profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [],
  });
  const { base } = server;
  const stop = async () => {
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
    if (databaseUrl) await admin(`drop database if exists ${dbName} with (force)`);
  };
  process.once('SIGINT', () => void stop().finally(() => process.exit(130)));

  try {
    // A verified premium learner (premium: no quiz quota during setup).
    const email = 'bench@example.com';
    const token = await signUp(server, email, 'Bench2026');
    const db =
      DIALECT === 'postgres'
        ? await pgStore(databaseUrl!)
        : sqliteStore(path.join(dataDir, 'mnemo.sqlite'));
    const userId = (await db.all('SELECT id FROM users WHERE email = ?', email))[0]!.id as string;
    await db.run(
      "UPDATE users SET account_type = 'premium', subscription_status = 'active' WHERE id = ?",
      userId,
    );

    // Real documents through the API, two quizzes generated on each.
    let submitQuizId = '';
    for (const t of TEMPLATES) {
      const form = new FormData();
      form.append(
        'title',
        path
          .basename(t.files[0]!)
          .replace(/\.\w+$/, '')
          .replace(/_/g, ' '),
      );
      for (const f of t.files) {
        form.append('files', new Blob([fs.readFileSync(path.join(corpus, f))]), path.basename(f));
      }
      const material = dataOf(
        await call(base, 'POST', '/api/v1/materials/upload', form, token),
        201,
        `upload ${t.files.join(', ')}`,
      );
      for (const settings of t.quizzes) {
        const quiz = dataOf(
          await call(
            base,
            'POST',
            '/api/v1/quiz/generate',
            { materialId: material.id, ...settings },
            token,
          ),
          201,
          `generate on ${t.files[0]}`,
        );
        submitQuizId ||= String(quiz.quizId);
      }
    }
    await seedMaterials(db, userId, path.join(dataDir, 'files'), MATERIALS);
    const count = async (sql: string) => Number((await db.all(sql, userId))[0]!.n);
    const files = await count('SELECT count(*) AS n FROM material_files WHERE user_id = ?');
    const quizzes = await count('SELECT count(*) AS n FROM quizzes WHERE user_id = ?');

    // The list really holds every material, file and quiz.
    // (Seeding may outlast the server's keep-alive: a first call on a closed socket is retried.)
    const list = await call(base, 'GET', '/api/v1/materials', undefined, token).catch(() =>
      call(base, 'GET', '/api/v1/materials', undefined, token),
    );
    const listed = dataOf(list, 200, 'list') as unknown as Array<{
      fileCount: number;
      quizCount: number;
    }>;
    const listedFiles = listed.reduce((n, m) => n + m.fileCount, 0);
    const listedQuizzes = listed.reduce((n, m) => n + m.quizCount, 0);
    if (listed.length !== MATERIALS || listedFiles !== files || listedQuizzes !== quizzes) {
      throw new Error(
        `list: ${listed.length} materials, ${listedFiles} files, ${listedQuizzes} quizzes`,
      );
    }

    // The submitted quiz: 20 stored questions of all four types, and a full answer set.
    const [stored] = await db.all('SELECT questions FROM quizzes WHERE id = ?', submitQuizId);
    const questions = JSON.parse(String(stored!.questions)) as GeneratedQuestion[];
    const types = [...new Set(questions.map((q) => q.type))];
    const answers = answersFor(questions);
    const expectedScore = Math.round(
      (answers.filter((_, i) => i % 4 !== 3).length / questions.length) * 100,
    );
    const submitBody = JSON.stringify({ answers });
    const first = dataOf(
      await call(base, 'POST', `/api/v1/quiz/${submitQuizId}/submit`, { answers }, token),
      200,
      'submit',
    ) as unknown as QuizReport;
    const answered = first.answersDetail.filter((d) => d.answered).length;
    if (questions.length !== 20 || answered !== 20 || first.score !== expectedScore) {
      throw new Error(
        `submit: ${questions.length} questions, ${answered} answered, score ${first.score} (expected ${expectedScore})`,
      );
    }

    const cpus = os.cpus();
    out(
      'Mnemo API throughput: the real server (node --import tsx api/server.ts, NODE_ENV=production,',
    );
    out(
      `${DIALECT === 'postgres' ? 'PostgreSQL in a throwaway database' : 'SQLite in a fresh DATA_DIR'}, LOG_LEVEL=warn, RATE_LIMIT_PER_IP=100000000) driven on loopback`,
    );
    out(
      `by autocannon ${CONNECTIONS} connections, ${WARMUP} s warm-up then ${DURATION} s measured per case;`,
    );
    out(
      'autocannon runs in this process on the same machine, so client and server share the CPUs.',
    );
    out(
      `machine: nproc ${execFileSync('nproc').toString().trim()}, ${cpus[0]?.model ?? 'unknown CPU'}, load average ${os.loadavg()[0]!.toFixed(1)} at start; node ${process.version}${profDir ? `; server CPU profile → ${profDir}` : ''}`,
    );
    out(
      `list:   one learner with ${MATERIALS} materials (${files} files, ${quizzes} quizzes; 3 uploaded real documents, the rest`,
    );
    out(
      `        cloned in the database); the answer was checked once: ${listed.length} materials, ${(Buffer.byteLength(list.text) / 1024).toFixed(0)} KB.`,
    );
    out(`submit: quiz of ${questions.length} questions (${types.join(', ')}) generated from`);
    out(
      `        en_tracemonkey_pldi09_2col.pdf; ${answers.length} answers, 3 in 4 right (score ${first.score}), premium learner.`,
    );
    out(
      '        No clientSubmissionId: every request is a real new scored attempt of the same quiz.',
    );
    out();

    const auth = {
      authorization: `Bearer ${token}`,
      'accept-encoding': 'gzip, deflate, br',
    };
    const run = (name: (typeof CASES)[number], opts: Parameters<typeof measure>[1]) =>
      chosen.has(name) ? measure(server.pid, opts) : Promise.resolve(undefined);
    const bare = await measure(server.pid, { url: `${base}/healthz` });
    const profile = await run('auth', {
      url: `${base}/api/v1/user/profile`,
      headers: auth,
    });
    const pageRun = await run('page', {
      url: `${base}/api/v1/materials?limit=${PAGE}`,
      headers: auth,
    });
    const listRun = await run('list', {
      url: `${base}/api/v1/materials`,
      headers: auth,
    });
    const attemptsOf = async () =>
      Number(
        (
          await db.all('SELECT count(*) AS n FROM quiz_attempts WHERE quiz_id = ?', submitQuizId)
        )[0]!.n,
      );
    const attemptsBefore = await attemptsOf();
    const submitRun = await run('submit', {
      url: `${base}/api/v1/quiz/${submitQuizId}/submit`,
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: submitBody,
    });
    const attempts = await attemptsOf();
    await db.close();

    const all: Array<[string, string, Measured | undefined, number | undefined]> = [
      ['bare', 'GET /healthz', bare, undefined],
      ['auth', 'GET /api/v1/user/profile', profile, TARGETS.auth],
      ['page', `GET /api/v1/materials?limit=${PAGE}`, pageRun, TARGETS.page],
      ['list', `GET /api/v1/materials (${MATERIALS})`, listRun, undefined],
      ['submit', 'POST /api/v1/quiz/{id}/submit (20)', submitRun, TARGETS.submit],
    ];
    const rows = all.filter((r): r is [string, string, Measured, number | undefined] => !!r[2]);
    const col = (s: string | number, w: number) => String(s).padStart(w);
    out(
      `${'case'.padEnd(7)}${'route'.padEnd(36)}${col('req/s', 8)}${col('bare', 8)}${col('×bare', 7)}${col('p99 ms', 8)}${col('bare', 6)}${col('×bare', 7)}${col('KB/ans', 8)}${col('cpu µs', 8)}${col('bare/', 7)}${col('failed', 7)}  target`,
    );
    let ok = true;
    for (const [name, route, m, target] of rows) {
      const ratio = m.rps / bare.rps;
      const pass = m.failures === 0 && (target === undefined || ratio >= target);
      ok &&= pass;
      const verdict = m.failures
        ? `FAIL (${m.failures} non-2xx/errors: ${m.statuses})`
        : target === undefined
          ? m === bare
            ? 'baseline'
            : 'reference (no target)'
          : `≥ ${target}× bare req/s: ${pass ? 'PASS' : 'MISS'}`;
      out(
        `${name.padEnd(7)}${route.padEnd(36)}${col(m.rps.toFixed(0), 8)}${col(bare.rps.toFixed(0), 8)}${col(ratio.toFixed(2), 7)}` +
          `${col(m.p99, 8)}${col(bare.p99, 6)}${col((m.p99 / Math.max(1, bare.p99)).toFixed(1), 7)}${col(m.kbPerAnswer.toFixed(1), 8)}${col(m.cpuPerAnswer.toFixed(0), 8)}${col((bare.cpuPerAnswer / Math.max(1, m.cpuPerAnswer)).toFixed(3), 7)}${col(m.failures, 7)}  ${verdict}`,
      );
    }
    out();
    out(
      'KB/ans: bytes received per answer, headers included, with Accept-Encoding as a browser sends it.',
    );
    out(
      "cpu µs: the server process's CPU time per answer in the measured run (/proc, 10 ms ticks); bare/: the",
    );
    out(
      "bare route's CPU per answer over this case's — what the ratio of req/s would be if the server alone were",
    );
    out('the limit; it depends far less on the rest of the machine than req/s does.');
    out(
      `submit stored ${attempts - attemptsBefore} attempts during warm-up and run (${attempts} in all on that quiz); each answer`,
    );
    out(
      `lists at most the 20 newest attempts (first answer ${(Buffer.byteLength(JSON.stringify(first)) / 1024).toFixed(1)} KB).`,
    );
    for (const [name, , m] of rows) {
      out(
        `${name.padEnd(7)}${m.requests} answers in the measured run; per second: ${m.perSecond.join(' ')}`,
      );
    }
    if (!ok) process.exitCode = 1;
  } finally {
    await stop();
  }
}

main().catch((err: unknown) => {
  const cause = (err as Error)?.cause;
  process.stderr.write(
    `${String((err as Error)?.stack ?? err)}\n${cause ? `cause: ${String((cause as Error).stack ?? cause)}\n` : ''}`,
  );
  process.exit(1);
});
