import type { SocialProvider } from '../api';
import type { Notice } from './notice';

/** Brand names; the same in both languages. */
export const PROVIDER_LABEL: Record<SocialProvider, string> = { google: 'Google', line: 'LINE' };

const SOCIAL_ERROR_KEYS: Record<string, string> = {
  not_configured: 'social.notConfigured',
  failed: 'social.failed',
  unverified: 'social.unverified',
};

/** /login?socialError=not_configured|failed|unverified&provider=google|line as a notice. */
export function socialErrorNotice(params: URLSearchParams): Notice | null {
  const error = params.get('socialError');
  if (!error) return null;
  const provider = params.get('provider') === 'line' ? 'line' : 'google';
  return {
    tone: 'error',
    key: SOCIAL_ERROR_KEYS[error] ?? 'social.failed',
    params: { provider: PROVIDER_LABEL[provider] },
  };
}
