/**
 * Where the test server's SMTP inbox and the shared API sessions live (per port, so two suites on
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
