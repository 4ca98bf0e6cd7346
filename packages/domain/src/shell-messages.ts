/**
 * The catalogue's texts (messages.ts) that the web app's shell shows before any screen's code has
 * loaded: the API client's failures and the error and 404 pages. `MESSAGES` includes them; the web
 * app's entry imports them from here, so that the whole catalogue (~6 kB gzip) is not in the file every
 * screen loads (docs/web.md, "Bundles"). Everything else imports `MESSAGES`.
 */
export const SHELL_MESSAGES = {
  unknownError: 'An unknown error occurred.',
  requestNotSuccessful: 'Request not successful.',
  urlUndefined: 'Url parameter was undefined.',
  pageNotFound: 'Page Not Found',
  internalServerError: 'Internal Server Error',
  anErrorOccurred: 'An error occurred',
  routeNotFound: 'This page could not be found.',
  /** The error page's status lines (spec 01 §8 "Page texts"), above its title (§2). */
  status404: '404 Not Found',
  status500: '500 Internal Server Error',
} as const;
