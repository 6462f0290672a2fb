import { spawn } from 'node:child_process';
import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { AppError } from '../../lib/errors.js';

/** Runs a command in its own process group, killing the whole group when time is up. */
function run(command: string, args: string[], timeoutMs: number): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { detached: true, stdio: 'ignore' });
    const timer = setTimeout(() => {
      try {
        // soffice forks soffice.bin: the group, not just the launcher.
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
      reject(new AppError('EXTRACTION_TIMEOUT'));
    }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(new AppError('FILE_DAMAGED', { cause: err }));
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

/**
 * Converts a legacy Office file with LibreOffice (`soffice --headless --convert-to`) in a private
 * temp dir with its own profile, so parallel conversions never share a lock or a profile, then
 * hands the converted file to `use` and deletes everything afterwards.
 */
export async function withConverted<T>(
  options: { sofficePath: string; input: string; inputExt: string; to: string; timeoutMs: number },
  use: (convertedPath: string) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'mnemo-soffice-'));
  try {
    // A stored upload may have no extension; LibreOffice picks its import filter partly by name.
    const input = path.join(dir, `input.${options.inputExt}`);
    await copyFile(options.input, input);
    const outDir = path.join(dir, 'out');
    const code = await run(
      options.sofficePath,
      [
        '--headless',
        '--norestore',
        '--nolockcheck',
        '--nodefault',
        '--nofirststartwizard',
        `-env:UserInstallation=${pathToFileURL(path.join(dir, 'profile')).href}`,
        '--convert-to',
        options.to,
        '--outdir',
        outDir,
        input,
      ],
      options.timeoutMs,
    );
    const output = path.join(outDir, `input.${options.to}`);
    const made = await stat(output).then(
      (s) => s.size > 0,
      () => false,
    );
    if (!made) throw new AppError('FILE_DAMAGED', { details: { soffice: code } });
    return await use(output);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
