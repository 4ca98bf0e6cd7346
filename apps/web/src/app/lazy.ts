/**
 * Routes are lazy feature modules so each area is its own chunk. After a deploy an open tab may ask
 * for a chunk that no longer exists: then the page reloads, at most once a minute (spec 01 §4).
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

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

/** A lazy component that can start loading its chunk before it renders (see `preloadFirstScreen`). */
export type LazyPage<P extends object = object> = LazyExoticComponent<ComponentType<P>> & {
  preload: () => Promise<unknown>;
};

export function lazyPage<P extends object = object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  // One request whether the router preloads it or React renders it first; a failure is forgotten, so
  // the render after a failed preload asks again.
  const loadOnce = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const page = lazy(async () => {
    try {
      return { default: await loadOnce() };
    } catch (error) {
      // The reload replaces the page; until it does, keep suspending instead of flashing an error.
      if (reloadAfterChunkError()) return new Promise<never>(() => {});
      throw error;
    }
  });
  // A failed preload is left to the render, which reloads or shows the error page.
  return Object.assign(page, { preload: () => loadOnce().catch(() => undefined) });
}

/** Starts loading a route component's chunk if it is a lazy page (no-op for plain components). */
export function preloadComponent(component: unknown) {
  const preload = (component as Partial<LazyPage> | undefined)?.preload;
  if (typeof preload === 'function') void preload();
}
