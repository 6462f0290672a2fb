import i18n from '../i18n';

export type ErrorParams = Record<string, string | number>;

/** What the web needs to say what went wrong: the server's stable code and its message's values. */
export interface CodedError {
  /** HTTP status; 0 or absent when no answer came. */
  status?: number;
  code?: string;
  params?: ErrorParams;
}

/**
 * The web's own translation key for an API error code (STYLE §7): `common:apiErrors.CODE`, or the
 * generic message for a code this web does not know (a newer server) or an answer without one.
 */
export function apiErrorKey(err: CodedError): string {
  if (err.code && i18n.exists(`common:apiErrors.${err.code}`)) return `apiErrors.${err.code}`;
  return err.status && err.status > 0 ? 'apiErrors.fallbackStatus' : 'apiErrors.fallback';
}

/** The values the message is filled with: the server's params, and the status for the generic one. */
export function apiErrorParams(err: CodedError): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [k, v] of Object.entries(err.params ?? {})) values[k] = String(v);
  if (err.status) values.status = String(err.status);
  return values;
}

/** The error in the current language, in the web's own words — never the server's prose. */
export function apiErrorText(err: CodedError): string {
  return i18n.t(apiErrorKey(err), { ns: 'common', ...apiErrorParams(err) });
}
