/** Build-time settings of the web app: the only module of src/ that reads import.meta.env. */
export const webEnv = {
  /**
   * Register the service worker: production builds only. Never under `vite` dev (no worker is
   * built there) nor vitest (MODE 'test').
   */
  serviceWorker: import.meta.env.PROD && import.meta.env.MODE !== 'test',
} as const;
