// One file per endpoint; the rest of the feature imports them from here.
export * from './message-result';
export * from './login';
export * from './register';
export * from './resend-verification';
export * from './forgot-password';
export * from './verify-email';
export * from './validate-reset-token';
export * from './reset-password';
export * from './get-providers';
export * from './get-profile';
export * from './exchange-social-code';
