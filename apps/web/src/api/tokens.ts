/**
 * The signed-in session's tokens, kept in localStorage so a reload or a second tab stays signed in.
 * Components subscribe through `useSyncExternalStore(tokenStore.subscribe, tokenStore.accessToken)`.
 */
import type { Tokens } from '@rentloop/domain/auth';

import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from './storage-keys.ts';

const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export const tokenStore = {
  accessToken: (): string | null => read(ACCESS_TOKEN_KEY),
  refreshToken: (): string | null => read(REFRESH_TOKEN_KEY),
  set(tokens: Pick<Tokens, 'access_token' | 'refresh_token'>) {
    window.localStorage.setItem(ACCESS_TOKEN_KEY, tokens.access_token);
    window.localStorage.setItem(REFRESH_TOKEN_KEY, tokens.refresh_token);
    emit();
  },
  clear() {
    window.localStorage.removeItem(ACCESS_TOKEN_KEY);
    window.localStorage.removeItem(REFRESH_TOKEN_KEY);
    emit();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === ACCESS_TOKEN_KEY || event.key === REFRESH_TOKEN_KEY || event.key === null) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};
