import i18n from '../../../i18n';

/** The language the server should write e-mails in: the one on screen. */
export const currentLocale = (): 'zh-TW' | 'en' =>
  i18n.resolvedLanguage === 'en' ? 'en' : 'zh-TW';

/** Raised after a social sign-in stores a token, so other features (materials) reload. */
export const TOKEN_UPDATED_EVENT = 'mnemo:token-updated';
