import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
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
