import { paths } from '../../../config/paths';

/**
 * The in-app path to go to after signing in. Only same-origin paths are accepted: they start
 * with one '/', and carry no backslash or control character a browser could turn into '//'.
 */
export function safeRedirect(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return paths.home;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return paths.home;
  return value;
}
