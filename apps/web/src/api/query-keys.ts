/**
 * Query-key factory (STYLE.md #2): every resource has `all`, `lists()`, `list(...)`, `details()`
 * and `detail(...)`, so a mutation can invalidate every list or one record without guessing keys.
 */
export function queryKeysFactory<const R extends string>(resource: R) {
  const all = [resource] as const;
  return {
    all,
    lists: () => [resource, 'list'] as const,
    list: (...scope: unknown[]) => [resource, 'list', ...scope] as const,
    details: () => [resource, 'detail'] as const,
    detail: (...scope: unknown[]) => [resource, 'detail', ...scope] as const,
  };
}
