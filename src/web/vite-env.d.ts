/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API base of the web app (build time); `/api` on the same origin by default. */
  readonly VITE_API_BASE?: string;
  /** `1` in development: connect every actor to the Stately inspector (src/web/kernel/inspector.ts). */
  readonly VITE_INSPECT?: string;
}

/** A locale file's first-load or page-specific sections (scripts/vite-locale-split.ts). */
declare module 'virtual:locale-core/*' {
  const texts: Record<string, unknown>;
  export default texts;
}
declare module 'virtual:locale-pages/*' {
  const texts: Record<string, unknown>;
  export default texts;
}
