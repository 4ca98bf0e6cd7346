import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installBrowserGlobals } from '../testing/browser-globals.ts';
import { lazyPage, preloadComponent } from './lazy.ts';

const Page: ComponentType = () => null;

describe('lazyPage preload', () => {
  it('loads the chunk once, however often it is preloaded', async () => {
    const load = vi.fn(async () => Page);
    const page = lazyPage(load);
    expect(load).not.toHaveBeenCalled();
    await Promise.all([page.preload(), page.preload()]);
    preloadComponent(page);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again after a failed preload (the render then gets its own try)', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Page);
    const page = lazyPage(load);
    await expect(page.preload()).resolves.toBeUndefined();
    await page.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('leaves plain components alone', () => {
    expect(() => preloadComponent(Page)).not.toThrow();
    expect(() => preloadComponent(undefined)).not.toThrow();
  });
});

describe('loadForRender after a failed chunk', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  // A fresh module a test: whether this page asked for a reload is the module's own state.
  const freshModule = async () => {
    vi.resetModules();
    return import('./lazy.ts');
  };
  const settledWithin = async (promise: Promise<unknown>) =>
    Promise.race([
      promise.then(
        () => 'settled',
        () => 'settled',
      ),
      new Promise((r) => setTimeout(() => r('pending'), 20)),
    ]);

  it('waits for the reload the preload listener already asked for, instead of failing', async () => {
    const { reload } = installBrowserGlobals();
    const { loadForRender, reloadAfterChunkError } = await freshModule();
    expect(reloadAfterChunkError()).toBe(true); // main.tsx's `vite:preloadError` listener
    const render = loadForRender(async () => {
      throw new TypeError("Cannot read properties of undefined (reading 'default')");
    });
    expect(await settledWithin(render)).toBe('pending');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads on a first chunk error, and shows the error when this page reloaded less than a minute ago', async () => {
    const { reload } = installBrowserGlobals();
    const { loadForRender } = await freshModule();
    const failing = async () => {
      throw new Error('chunk missing');
    };
    expect(await settledWithin(loadForRender(failing))).toBe('pending');
    expect(reload).toHaveBeenCalledTimes(1);
    // The reloaded page (a fresh module, the stored time kept) fails again within the minute: no loop.
    const again = await freshModule();
    await expect(again.loadForRender(failing)).rejects.toThrow('chunk missing');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('gives the page when its chunk loads', async () => {
    const { loadForRender } = await freshModule();
    await expect(loadForRender(async () => Page)).resolves.toEqual({ default: Page });
  });
});
