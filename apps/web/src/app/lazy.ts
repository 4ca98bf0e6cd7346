/**
 * Routes are lazy feature modules so each area is its own chunk. After a deploy an open tab may ask
 * for a chunk that no longer exists: then the page reloads, at most once a minute (spec 01 §4).
 */
import { type ComponentType, lazy } from 'react';

import { CHUNK_RELOAD_KEY as RELOAD_KEY } from '../api/storage-keys.ts';

const RELOAD_INTERVAL_MS = 60_000;

/** Reloads the page unless it already did so in the last minute; tells whether it reloads. */
export function reloadAfterChunkError(now = Date.now()): boolean {
  let last = 0;
  try {
    last = Number(window.localStorage.getItem(RELOAD_KEY) ?? 0);
  } catch {
    return false;
  }
  if (now - last < RELOAD_INTERVAL_MS) return false;
  window.localStorage.setItem(RELOAD_KEY, String(now));
  window.location.reload();
  return true;
}

export function lazyPage(load: () => Promise<ComponentType>) {
  return lazy(async () => {
    try {
      return { default: await load() };
    } catch (error) {
      // The reload replaces the page; until it does, keep suspending instead of flashing an error.
      if (reloadAfterChunkError()) return new Promise<never>(() => {});
      throw error;
    }
  });
}
