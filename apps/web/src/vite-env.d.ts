/// <reference types="vite/client" />

/** The web app's version from apps/web/package.json, injected by Vite (`define`). */
declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  readonly VITE_HELP_KNOWLEDGE_BASE_URL?: string;
  readonly VITE_HELP_SERVICE_DESK_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
