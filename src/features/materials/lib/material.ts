import { readExamSummary, type ExamSummary } from '../../../lib/exam-summary';

/**
 * The material, file and quiz shapes the screens use, normalised from whatever variant the API
 * sends (spec point 3: id or material_id, title or name, created_at or createdAt…). Pure.
 */
export interface MaterialFile {
  id: string;
  name: string;
  type: string;
  size: number;
  /** Download URL of the original. */
  path: string;
}

export interface QuizSummary {
  id: string;
  title: string;
  description: string;
  questionCount: number;
  createdAt: string;
  lastTakenAt: string;
  score: number | null;
  difficulty: string;
  testType: string;
  language: string;
  completed: boolean;
  answeredQuestionsCount: number;
}

export interface Material {
  id: string;
  title: string;
  name: string;
  description: string;
  type: string;
  language: string;
  createdAt: string;
  updatedAt: string;
  quizCount: number;
  lastScore: number | null;
  files: MaterialFile[];
  quizzes: QuizSummary[];
  /** What the exam reader recognised (detail answer only; null otherwise). */
  exam: ExamSummary | null;
}

type Raw = Record<string, unknown>;

const str = (...values: unknown[]): string => {
  for (const v of values) {
    if (typeof v === 'string' && v.trim() !== '') return v;
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  }
  return '';
};
const num = (...values: unknown[]): number | null => {
  for (const v of values) {
    if (typeof v === 'number' && Number.isFinite(v)) return v;
    if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  }
  return null;
};
const obj = (v: unknown): Raw => (v && typeof v === 'object' ? (v as Raw) : {});
const list = (v: unknown): Raw[] => (Array.isArray(v) ? v.map(obj) : []);

export function normalizeFile(raw: Raw): MaterialFile {
  const name = str(raw.file_name, raw.fileName, raw.name);
  return {
    id: str(raw.id, raw.file_id, raw.fileId),
    name,
    type: str(raw.file_type, raw.fileType, raw.type),
    size: num(raw.file_size, raw.fileSize, raw.size) ?? 0,
    path: str(raw.path, raw.url),
  };
}

export function normalizeQuiz(raw: Raw): QuizSummary {
  return {
    id: str(raw.id, raw.quizId, raw.quiz_id, raw.testId),
    title: str(raw.title),
    description: str(raw.description),
    questionCount: num(raw.questionCount, raw.question_count) ?? 0,
    createdAt: str(raw.createdAt, raw.created_at),
    lastTakenAt: str(raw.lastTakenAt, raw.last_taken_at),
    score: num(raw.score, raw.lastScore),
    difficulty: str(raw.difficulty) || 'basic',
    testType: str(raw.testType),
    language: str(raw.language),
    completed: raw.completed === true,
    answeredQuestionsCount: num(raw.answeredQuestionsCount) ?? 0,
  };
}

/** One material from the list, detail or upload answer. */
export function normalizeMaterial(raw: Raw): Material {
  const files = list(raw.files).map(normalizeFile);
  const quizzes = list(raw.quizzes).map(normalizeQuiz);
  return {
    id: str(raw.material_id, raw.id),
    title: str(raw.title, raw.name),
    name: str(raw.name, raw.title),
    description: str(raw.description, raw.content),
    type: str(raw.fileType, raw.type, files[0]?.type),
    language: str(raw.language),
    createdAt: str(raw.createdAt, raw.created_at, raw.uploadedAt),
    updatedAt: str(raw.updated_at, raw.updatedAt),
    quizCount: num(raw.quizCount, raw.quiz_count) ?? quizzes.length,
    lastScore: num(raw.lastScore, raw.last_score),
    files,
    quizzes,
    exam: readExamSummary(raw.exam),
  };
}

/** The score shown on a list card: the first quiz's, else the material's last score. */
export function cardScore(material: Material): number | null {
  const first = material.quizzes[0];
  return first ? first.score : material.lastScore;
}

export type ScoreTone = 'success' | 'warning' | 'danger';

/** Spec 9: 80 and up green, 60 and up yellow, lower red. */
export function scoreTone(score: number): ScoreTone {
  if (score >= 80) return 'success';
  if (score >= 60) return 'warning';
  return 'danger';
}

/** The API fields an edit of title or description changes, to merge into a stored answer. */
export function materialPatch(m: Pick<Material, 'title' | 'description' | 'updatedAt'>) {
  return {
    title: m.title,
    name: m.title,
    description: m.description,
    content: m.description,
    ...(m.updatedAt ? { updated_at: m.updatedAt, updatedAt: m.updatedAt } : {}),
  };
}
