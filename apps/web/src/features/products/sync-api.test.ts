import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { installBrowserGlobals } from '../../testing/browser-globals.ts';
import { fetchLatestSync } from './sync-api.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  installBrowserGlobals();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the latest product sync', () => {
  it('is null when no sync ran (the API answers data: null)', async () => {
    fetchMock.mockResolvedValue(json(200, { status: true, message: '', data: null }));
    expect(await fetchLatestSync(7)).toBeNull();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/7/rentloopdb/products/sync');
  });

  it('is an error on a 404 (a missing route is not "no sync yet")', async () => {
    fetchMock.mockResolvedValue(
      json(404, {
        status: false,
        message: 'Route GET:/api/7/rentloopdb/products/sync not found',
        code: 'not_found',
      }),
    );
    const error = await fetchLatestSync(7).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404 });
  });
});
