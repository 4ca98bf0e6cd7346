/**
 * The flags Debian's Chromium runs with in the browser tests and the Lighthouse bench (bench/lighthouse.ts):
 * headless on a machine that reaches no internet, so nothing in the browser tries (and waits for) it.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
