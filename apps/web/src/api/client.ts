/**
 * The one HTTP client of the web app (spec 01 §7 "The generic client"): GET, POST, PUT and DELETE,
 * each yielding `{ success, message, data, meta, headers }` (plus the status and any 422 field errors).
 * Success means a 200–299 status. On a 401 it refreshes the tokens once and repeats the call;
 * when that fails the session ends.
 */
import type { ListMeta } from '@rentloop/domain/api';
import { SHELL_MESSAGES } from '@rentloop/domain/shell-messages';
import { tokenStore } from './tokens.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type FieldErrors = Record<string, string[]>;
export type QueryValue = string | number | boolean | null | undefined;

export interface ApiResult<T> {
  success: boolean;
  /** HTTP status; 0 when no response arrived. */
  status: number;
  message: string;
  data: T | null;
  meta: ListMeta | null;
  /** Field errors of a 422, keyed by dotted path (`billing_address.postal_code`). */
  errors: FieldErrors | null;
  headers: Headers | null;
}

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** Paths that must never trigger a token refresh: a 401 there is an answer, not an expired session. */
const NO_REFRESH = ['/api/auth/login', '/api/auth/refresh'];

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

function failure<T>(message: string, status = 0, extra: Partial<ApiResult<T>> = {}): ApiResult<T> {
  return { success: false, status, message, data: null, meta: null, errors: null, headers: null, ...extra };
}

let refreshing: Promise<boolean> | null = null;

/** Rotates the tokens once; concurrent 401s share the same refresh. */
function refreshTokens(): Promise<boolean> {
  const refreshToken = tokenStore.refreshToken();
  if (!refreshToken) return Promise.resolve(false);
  refreshing ??= (async () => {
    try {
      const res = await fetch('/api/auth/refresh', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ refresh_token: refreshToken }),
      });
      if (!res.ok) return false;
      const body = (await res.json()) as { data?: { access_token?: string; refresh_token?: string } };
      if (!body.data?.access_token || !body.data.refresh_token) return false;
      tokenStore.set({ access_token: body.data.access_token, refresh_token: body.data.refresh_token });
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

interface Body {
  status?: boolean;
  message?: unknown;
  data?: unknown;
  meta?: ListMeta;
  errors?: FieldErrors;
}

async function readBody(res: Response): Promise<Body | null> {
  const text = await res.text();
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' ? (parsed as Body) : null;
  } catch {
    return null;
  }
}

export async function request<T>(
  method: Method,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResult<T>> {
  const url = buildUrl(path, options.query);
  if (url.includes('undefined')) return failure(SHELL_MESSAGES.urlUndefined);
  return send<T>(method, url, options, false);
}

async function send<T>(
  method: Method,
  url: string,
  options: RequestOptions,
  retried: boolean,
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = tokenStore.accessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let res: Response;
  try {
    res = await fetch(url, { method, headers, body, signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return failure(SHELL_MESSAGES.unknownError);
  }

  if (res.status === 401 && token && !NO_REFRESH.some((p) => url.startsWith(p))) {
    if (!retried && (await refreshTokens())) return send<T>(method, url, options, true);
    tokenStore.clear();
  }

  const json = await readBody(res);
  const serverMessage = typeof json?.message === 'string' ? json.message : '';
  const success = res.status >= 200 && res.status < 300;
  return {
    success,
    status: res.status,
    message: success ? serverMessage : serverMessage || SHELL_MESSAGES.requestNotSuccessful,
    data: (json?.data ?? null) as T | null,
    meta: json?.meta ?? null,
    errors: json?.errors ?? null,
    headers: res.headers,
  };
}

/**
 * A raw fetch with the session (bearer token, one refresh on a 401), for answers that are not JSON
 * envelopes: a list's CSV export, read as a stream (components/csv-download.ts).
 */
export async function fetchWithSession(
  url: string,
  init: RequestInit = {},
  retried = false,
): Promise<Response> {
  const token = tokenStore.accessToken();
  const headers = new Headers(init.headers);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const res = await fetch(url, { ...init, headers });
  if (res.status === 401 && token && !retried) {
    if (await refreshTokens()) return fetchWithSession(url, init, true);
    tokenStore.clear();
  }
  return res;
}

/** The message of a failed answer that is a JSON envelope (or the generic one). */
export async function failureMessage(res: Response): Promise<string> {
  const json = await readBody(res);
  return typeof json?.message === 'string' && json.message
    ? json.message
    : SHELL_MESSAGES.requestNotSuccessful;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};

/** A failed call as an Error, so TanStack Query sees it as a failure and callers can read the details. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldErrors | null;
  constructor(result: ApiResult<unknown>) {
    super(result.message);
    this.name = 'ApiError';
    this.status = result.status;
    this.errors = result.errors;
  }
}

/** A call's data with the server's message (a write's success toast). */
export interface Answer<T> {
  data: T;
  message: string;
}

/**
 * The one reading of the API's answer envelope (`{data, meta, message}`): a failed call (not 2xx) is
 * thrown as an `ApiError` (status, message, a 422's field errors), so TanStack Query sees a failure;
 * a success gives its data and message. `unwrap` (the data) and `unwrapPage` (data and paging) are this
 * with less; never test `result.success` by hand in a feature.
 */
export function unwrapAnswer<T>(result: ApiResult<T>): Answer<T> {
  if (!result.success) throw new ApiError(result);
  return { data: result.data as T, message: result.message };
}

export function unwrap<T>(result: ApiResult<T>): T {
  return unwrapAnswer(result).data;
}

export interface Page<T> {
  data: T[];
  meta: ListMeta;
}

export function unwrapPage<T>(result: ApiResult<T[]>): Page<T> {
  const data = unwrapAnswer(result).data ?? [];
  const meta: ListMeta = result.meta ?? {
    current_page: 1,
    from: data.length ? 1 : null,
    last_page: 1,
    per_page: data.length,
    to: data.length || null,
    total: data.length,
    path: '',
  };
  return { data, meta };
}

/** Scoped path helpers (ARCHITECTURE.md "API conventions"). */
export const paths = {
  company: (company: number | undefined, rest: string) => `/api/${company}/rentloopdb/${rest}`,
  replica: (company: number | undefined, rest: string) => `/read-replica/${company}/rentloopdb/${rest}`,
  insights: (company: number | undefined, rest: string) => `/api/${company}/insights/${rest}`,
};
