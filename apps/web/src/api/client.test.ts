import { MESSAGES } from '@rentloop/domain/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserGlobals } from '../testing/browser-globals.ts';
import { api, buildUrl } from './client.ts';
import { tokenStore } from './tokens.ts';

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

describe('buildUrl', () => {
  it('leaves out empty parameters', () => {
    expect(buildUrl('/api/x', { page: 2, search: '', sort: undefined, desc: false, filters: null })).toBe(
      '/api/x?page=2&desc=false',
    );
  });
});

describe('api client', () => {
  it('refuses a URL containing "undefined" without calling fetch', async () => {
    const result = await api.get(`/api/${undefined}/rentloopdb/customers`);
    expect(result).toMatchObject({ success: false, message: MESSAGES.urlUndefined, data: null });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('yields success, message, data, meta and headers of a 2xx answer, with the bearer token', async () => {
    tokenStore.set({ access_token: 'a1', refresh_token: 'r1' });
    const meta = { current_page: 1, from: 1, last_page: 1, per_page: 10, to: 1, total: 1, path: '/x' };
    fetchMock.mockResolvedValue(
      json(200, { status: true, message: 'ok', is_paginated: true, data: [1], meta }),
    );
    const result = await api.get<number[]>('/read-replica/1/rentloopdb/customers', { query: { page: 1 } });
    expect(result).toMatchObject({ success: true, status: 200, message: 'ok', data: [1], meta });
    expect(result.headers?.get('content-type')).toBe('application/json');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/read-replica/1/rentloopdb/customers?page=1');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer a1');
  });

  it('sends a JSON body', async () => {
    fetchMock.mockResolvedValue(json(201, { status: true, message: 'Customer created.', data: { id: 1 } }));
    await api.post('/api/1/rentloopdb/customers', { name: 'A' });
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"A"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('takes the server message of a failure, with the 422 field errors', async () => {
    fetchMock.mockResolvedValue(
      json(422, {
        status: false,
        message: MESSAGES.customerUpdateFailed,
        code: 'validation',
        errors: { 'billing_address.postal_code': ['Invalid.'] },
      }),
    );
    const result = await api.put('/api/1/rentloopdb/customers/2', {});
    expect(result).toMatchObject({
      success: false,
      status: 422,
      message: MESSAGES.customerUpdateFailed,
      errors: { 'billing_address.postal_code': ['Invalid.'] },
    });
  });

  it('says "Request not successful." for a failure without a message', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 502 }));
    expect(await api.get('/api/x')).toMatchObject({ success: false, message: MESSAGES.requestNotSuccessful });
  });

  it('says "An unknown error occurred." when no answer arrives', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await api.get('/api/x')).toMatchObject({
      success: false,
      status: 0,
      message: MESSAGES.unknownError,
    });
  });

  it('refreshes the tokens once on a 401 and repeats the call with the new token', async () => {
    tokenStore.set({ access_token: 'old', refresh_token: 'r-old' });
    fetchMock
      .mockResolvedValueOnce(json(401, { status: false, message: 'Unauthenticated.' }))
      .mockResolvedValueOnce(
        json(200, { status: true, message: '', data: { access_token: 'new', refresh_token: 'r-new' } }),
      )
      .mockResolvedValueOnce(json(200, { status: true, message: '', data: { ok: true } }));
    const result = await api.get('/api/auth/me');
    expect(result).toMatchObject({ success: true, data: { ok: true } });
    const [refreshUrl, refreshInit] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(refreshUrl).toBe('/api/auth/refresh');
    expect(refreshInit.body).toBe('{"refresh_token":"r-old"}');
    const [, retryInit] = fetchMock.mock.calls[2] as [string, RequestInit];
    expect((retryInit.headers as Record<string, string>).Authorization).toBe('Bearer new');
    expect(tokenStore.refreshToken()).toBe('r-new');
  });

  it('signs out when the refresh is refused', async () => {
    tokenStore.set({ access_token: 'old', refresh_token: 'r-old' });
    fetchMock
      .mockResolvedValueOnce(json(401, { status: false, message: 'Unauthenticated.' }))
      .mockResolvedValueOnce(json(401, { status: false, message: 'Unauthenticated.' }));
    const result = await api.get('/api/auth/me');
    expect(result).toMatchObject({ success: false, status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(tokenStore.accessToken()).toBeNull();
  });

  it('shares one refresh between calls that fail together', async () => {
    tokenStore.set({ access_token: 'old', refresh_token: 'r-old' });
    fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
      if (url === '/api/auth/refresh') {
        return json(200, {
          status: true,
          message: '',
          data: { access_token: 'new', refresh_token: 'r-new' },
        });
      }
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === 'Bearer new' ? json(200, { status: true, message: '', data: url }) : json(401, {});
    });
    const [a, b] = await Promise.all([api.get('/api/a'), api.get('/api/b')]);
    expect(a.data).toBe('/api/a');
    expect(b.data).toBe('/api/b');
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/refresh')).toHaveLength(1);
  });

  it('does not refresh on a refused sign-in', async () => {
    tokenStore.set({ access_token: 'old', refresh_token: 'r-old' });
    fetchMock.mockResolvedValue(json(401, { status: false, message: MESSAGES.invalidCredentials }));
    const result = await api.post('/api/auth/login', { email: 'a@b.c', password: 'x' });
    expect(result.message).toBe(MESSAGES.invalidCredentials);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
