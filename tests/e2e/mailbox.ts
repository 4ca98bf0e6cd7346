/**
 * Where the test server's SMTP inbox, the shared API sessions and the screens axe judged live (per port, so two suites on
 * different ports never read each other's files). Written by start-server.ts, read by helpers.ts.
 */
import { fileURLToPath } from 'node:url';

export interface ReceivedMail {
  /** Recipients, lower-cased. */
  to: string[];
  subject: string;
  html: string;
  text: string;
  receivedAt: string;
}

const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));

export const mailDir = (port: number) => `${artifacts}mail/${port}`;
export const sessionDir = (port: number) => `${artifacts}sessions/${port}`;
/** A file per screen axe has judged in this run, by any worker (fixtures.ts; emptied by global-setup.ts). */
export const scannedDir = (port: number) => `${artifacts}a11y-scanned/${port}`;
