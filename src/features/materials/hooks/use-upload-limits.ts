import { useEffect, useState } from 'react';
import { getUploadLimits } from '../api/get-upload-limits';
import { DEFAULT_UPLOAD_LIMITS } from '../lib/upload-rules';
import type { UploadLimits } from '../lib/upload-rules';

/** The last answer of this session: later visits of the upload page start from it. */
let known: UploadLimits | null = null;

/**
 * The server's upload limits for the upload page: the defaults at once (and offline), then the
 * server's answer, fetched once per session.
 */
export function useUploadLimits(): UploadLimits {
  const [limits, setLimits] = useState<UploadLimits>(known ?? DEFAULT_UPLOAD_LIMITS);
  useEffect(() => {
    if (known) return;
    const ctrl = new AbortController();
    getUploadLimits(ctrl.signal).then(
      (answer) => {
        known = answer;
        setLimits(answer);
      },
      () => undefined,
    );
    return () => ctrl.abort();
  }, []);
  return limits;
}
