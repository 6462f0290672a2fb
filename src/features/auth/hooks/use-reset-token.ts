import { useEffect, useState } from 'react';
import { validateResetToken } from '../api';
import { errorNotice, type Notice } from '../lib/notice';
import { once } from '../lib/once';
import { clearClickToken, readClickToken, saveClickToken } from '../lib/reset-token-storage';

export type ResetTokenState =
  | { status: 'validating' }
  | { status: 'invalid'; notice: Notice }
  | { status: 'ready'; submitToken: string };

const MISSING: Notice = { tone: 'error', key: 'reset.tokenInvalid' };

/**
 * Spec 4: a reload reuses the click-validated token stored for this link (the server accepts
 * it for validation too); otherwise the e-mailed token is validated and its one-time token kept.
 */
async function check(urlToken: string): Promise<ResetTokenState> {
  const stored = readClickToken(urlToken);
  if (stored) {
    try {
      const answer = await validateResetToken(stored);
      if (answer.valid)
        return { status: 'ready', submitToken: answer.clickValidatedToken ?? stored };
    } catch {
      // Superseded (the link was opened again elsewhere): ask with the e-mailed token.
    }
    clearClickToken();
  }
  try {
    const answer = await validateResetToken(urlToken);
    if (!answer.valid) return { status: 'invalid', notice: MISSING };
    if (answer.clickValidatedToken) saveClickToken(urlToken, answer.clickValidatedToken);
    return { status: 'ready', submitToken: answer.clickValidatedToken ?? urlToken };
  } catch (err) {
    return { status: 'invalid', notice: errorNotice(err, MISSING.key as string) };
  }
}

/** Validates the reset link once; remount (key) the caller for another token. */
export function useResetToken(urlToken: string | null): ResetTokenState {
  const [state, setState] = useState<ResetTokenState>(() =>
    urlToken ? { status: 'validating' } : { status: 'invalid', notice: MISSING },
  );

  useEffect(() => {
    if (!urlToken) return;
    let active = true;
    void once(`reset:${urlToken}`, () => check(urlToken)).then((next) => {
      if (active) setState(next);
    });
    return () => {
      active = false;
    };
  }, [urlToken]);

  return state;
}
