import type { ErrorCode } from '../../lib/errors.js';
import type { GenerateResult, GenerationStage } from '../types.js';

/** What a generation worker tells its parent. */
export type FromWorker =
  | { type: 'progress'; stage: GenerationStage; fraction: number }
  | { type: 'done'; result: GenerateResult }
  | { type: 'error'; code?: ErrorCode; message: string };
