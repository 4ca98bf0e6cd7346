/** Every key the web app keeps in localStorage, in one place (tests read the token keys). */
export const ACCESS_TOKEN_KEY = 'rentloop.access_token';
export const REFRESH_TOKEN_KEY = 'rentloop.refresh_token';
/** Followed by the user id: the current company is remembered per user. */
export const CURRENT_COMPANY_KEY_PREFIX = 'rentloop.current-company.';
export const DRAWER_MINI_KEY = 'rentloop.drawer-mini';
/** When the page last reloaded after a failed chunk load. */
export const CHUNK_RELOAD_KEY = 'rentloop.chunk-reload-at';
