/**
 * Settings of the web build, read from Vite's environment (`VITE_*` at build time).
 */
export const HELP_LINKS = {
  knowledgeBase: import.meta.env.VITE_HELP_KNOWLEDGE_BASE_URL || 'https://help.rentloop.io',
  serviceDesk: import.meta.env.VITE_HELP_SERVICE_DESK_URL || 'https://support.rentloop.io',
};

export const APP_VERSION = __APP_VERSION__;
export const IS_DEVELOPMENT = import.meta.env.DEV;
