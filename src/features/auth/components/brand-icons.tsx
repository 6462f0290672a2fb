/** Google's four-colour "G", as its sign-in button guidelines show it. */
export function GoogleIcon() {
  return (
    <svg className="brand-icon" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path
        fill="#EA4335"
        d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"
      />
      <path
        fill="#FBBC05"
        d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
      />
    </svg>
  );
}

/** LINE's green tile with its speech bubble. */
export function LineIcon() {
  return (
    <svg className="brand-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect width="24" height="24" rx="5.5" fill="#06C755" />
      <path
        fill="#fff"
        d="M12 4.8c-4.5 0-8.1 2.9-8.1 6.6 0 3.3 2.9 6 6.8 6.5.3.1.6.2.7.4.1.2.1.5 0 .7l-.1.7c0 .2-.2.8.7.4.9-.4 4.9-2.9 6.7-5 1.2-1.3 1.8-2.7 1.8-4.3 0-3.6-3.6-6-8.5-6z"
      />
      <path
        fill="#06C755"
        d="M7.2 9.3v3.8h2.3v-.8H8.1v-3h-.9zm3 0v3.8h.9V9.3h-.9zm1.7 0v3.8h.9v-2.3l1.6 2.3h.8V9.3h-.9v2.3l-1.6-2.3h-.8zm3.9 0v3.8h2.4v-.8h-1.5v-.7h1.5v-.8h-1.5v-.7h1.5v-.8h-2.4z"
      />
    </svg>
  );
}
