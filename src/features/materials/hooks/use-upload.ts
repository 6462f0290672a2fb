import { useCallback, useEffect, useRef, useState } from 'react';
import { queueUpload } from '../api/queue-upload';
import { currentUserId } from '../../../stores/auth-store';
import { newId } from '../../../lib/ids';
import { uploadMaterial, UploadNetworkError } from '../api/upload-material';
import { UPLOAD_ERROR_MS } from '../lib/constants';
import type { Material } from '../lib/material';
import { addFiles, materialTitle, type UploadLimits } from '../lib/upload-rules';
import { noticeFor, type UploadNotice } from '../lib/upload-notice';

export type UploadPhase = 'idle' | 'sending' | 'reading';

/**
 * The upload screen's state: chosen files (checked against the limits), the sending and reading
 * stages with byte progress, and what went wrong. A failed upload keeps files and fields.
 * Offline (or when the connection drops) the upload is queued on the device instead, files and
 * all, and `onQueued` is called; it is sent when the connection is back.
 */
export function useUpload(
  onDone: (material: Material) => void,
  onQueued: () => void,
  /** The server's limits (useUploadLimits): files are checked against them as they are added. */
  limits: UploadLimits,
) {
  const [files, setFiles] = useState<File[]>([]);
  const [phase, setPhase] = useState<UploadPhase>('idle');
  const [progress, setProgress] = useState(0);
  const [notice, setNotice] = useState<UploadNotice | null>(null);
  const controller = useRef<AbortController | null>(null);
  const filesRef = useRef(files);
  useEffect(() => {
    filesRef.current = files;
  }, [files]);
  const limitsRef = useRef(limits);
  useEffect(() => {
    limitsRef.current = limits;
  }, [limits]);

  // The generic failure is shown for 2 s (spec); specific messages stay until the next change.
  useEffect(() => {
    if (notice?.kind !== 'failed') return;
    const id = setTimeout(() => setNotice(null), UPLOAD_ERROR_MS);
    return () => clearTimeout(id);
  }, [notice]);

  useEffect(() => () => controller.current?.abort(), []);

  /** Adds a batch; returns how many files were added. */
  const add = useCallback((incoming: File[]): number => {
    if (incoming.length === 0) return 0;
    const result = addFiles(filesRef.current, incoming, limitsRef.current);
    if (result.tooMany) {
      setNotice({ kind: 'tooMany' });
      return 0;
    }
    const next = [...filesRef.current, ...result.added];
    filesRef.current = next;
    setFiles(next);
    setNotice(result.rejected.length ? { kind: 'rejected', items: result.rejected } : null);
    return result.added.length;
  }, []);

  const remove = useCallback((index: number) => {
    const next = filesRef.current.filter((_, i) => i !== index);
    filesRef.current = next;
    setFiles(next);
    setNotice(null);
  }, []);

  const dismiss = useCallback(() => setNotice(null), []);

  const submit = useCallback(
    async (title: string, description: string, unnamed: string) => {
      const chosen = filesRef.current;
      if (chosen.length === 0 || controller.current) return;
      const ctrl = new AbortController();
      controller.current = ctrl;
      setNotice(null);
      setProgress(0);
      setPhase('sending');
      const input = {
        title: materialTitle(title, chosen, unnamed),
        description: description.trim(),
        files: chosen,
      };
      // One key for this upload, online try and queued delivery alike (docs/api/idempotency.md).
      const idempotencyKey = newId();
      const queue = async () => {
        const userId = currentUserId();
        if (userId === null) throw new UploadNetworkError();
        await queueUpload(userId, { ...input, idempotencyKey });
        controller.current = null;
        setPhase('idle');
        onQueued();
      };
      try {
        // Known offline: nothing to try, keep it for later straight away.
        if (typeof navigator !== 'undefined' && navigator.onLine === false) {
          await queue();
          return;
        }
        const material = await uploadMaterial(input, {
          idempotencyKey,
          signal: ctrl.signal,
          onProgress: setProgress,
          onSent: () => setPhase('reading'),
        });
        controller.current = null;
        onDone(material);
      } catch (err) {
        let failure = err;
        // The connection dropped (not a cancel): keep the upload for later.
        if (err instanceof UploadNetworkError && controller.current === ctrl) {
          try {
            await queue();
            return;
          } catch (queueErr) {
            failure = queueErr;
          }
        }
        controller.current = null;
        setPhase('idle');
        setNotice(noticeFor(failure));
      }
    },
    [onDone, onQueued],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);

  return { files, phase, progress, notice, add, remove, dismiss, submit, cancel };
}
