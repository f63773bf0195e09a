/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API base of the web app (build time); `/api` on the same origin by default. */
  readonly VITE_API_BASE?: string;
}
