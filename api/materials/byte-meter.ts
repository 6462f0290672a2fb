import { Transform } from 'node:stream';

/**
 * A pass-through that shows each chunk to `check` before passing it on. When `check` returns
 * an error the chunk is dropped and `onRefused` is told; the caller stops the stream there.
 */
export function byteMeter(
  check: (chunk: Buffer) => unknown,
  onRefused: (err: unknown) => void,
): Transform {
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      const refused = check(chunk);
      if (refused) {
        onRefused(refused);
        return done();
      }
      done(null, chunk);
    },
  });
}
