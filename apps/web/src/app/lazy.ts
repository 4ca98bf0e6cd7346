/**
 * Routes are lazy feature modules so each area is its own chunk. After a deploy an open tab may ask
 * for a chunk that no longer exists: then the page reloads, at most once a minute (spec 01 §4).
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

import { CHUNK_RELOAD_KEY as RELOAD_KEY } from '../api/storage-keys.ts';

const RELOAD_INTERVAL_MS = 60_000;

/** Set once this page has asked for a reload: until the browser replaces it, chunk errors wait for it. */
let reloading = false;

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
  reloading = true;
  window.location.reload();
  return true;
}

/**
 * What a lazy page's render awaits: the page, or after a failed chunk a promise that waits for the reload.
 * The reload may already be under way: main.tsx's `vite:preloadError` listener asks for it first, and its
 * `preventDefault` makes the import resolve to nothing, so the load fails a second time here. That failure
 * must not show the error page for the moment before the browser replaces it.
 */
export async function loadForRender<P extends object>(
  loadOnce: () => Promise<ComponentType<P>>,
): Promise<{ default: ComponentType<P> }> {
  try {
    return { default: await loadOnce() };
  } catch (error) {
    if (reloading || reloadAfterChunkError()) return new Promise<never>(() => {});
    throw error;
  }
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
  const page = lazy(() => loadForRender(loadOnce));
  // A failed preload is left to the render, which reloads or shows the error page.
  return Object.assign(page, { preload: () => loadOnce().catch(() => undefined) });
}

/** Starts loading a route component's chunk if it is a lazy page (no-op for plain components). */
export function preloadComponent(component: unknown) {
  const preload = (component as Partial<LazyPage> | undefined)?.preload;
  if (typeof preload === 'function') void preload();
}
