/**
 * The few browser globals the unit-tested modules touch (localStorage, window events, location),
 * as a small in-memory stand-in for tests that run in Node.
 */
import { vi } from 'vitest';

export function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      items.set(key, String(value));
    },
  };
}

export function installBrowserGlobals() {
  const localStorage = memoryStorage();
  const reload = vi.fn();
  vi.stubGlobal('window', {
    localStorage,
    location: { reload },
    addEventListener: () => {},
    removeEventListener: () => {},
  });
  return { localStorage, reload };
}
