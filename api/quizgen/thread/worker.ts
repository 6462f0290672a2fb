import { parentPort } from 'node:worker_threads';
import { AppError } from '../../lib/errors.js';
import { createBuiltinGenerator } from '../builtin/index.js';
import type { ExtractedDocument } from '../../extract/types.js';
import type { QuizSettings } from '../types.js';
import type { FromWorker } from './protocol.js';

// One generation per message; the parent terminates the thread to cancel it.
const generator = createBuiltinGenerator();
const port = parentPort!;
port.on('message', (job: { doc: ExtractedDocument; settings: QuizSettings }) => {
  const send = (msg: FromWorker) => port.postMessage(msg);
  generator
    .generate(job.doc, job.settings, {
      onProgress: (stage, fraction) => send({ type: 'progress', stage, fraction }),
    })
    .then(
      (result) => send({ type: 'done', result }),
      (err: unknown) =>
        send({
          type: 'error',
          code: err instanceof AppError ? err.code : undefined,
          message: err instanceof Error ? err.message : String(err),
        }),
    );
});
