/**
 * A bulk call's 422 names the item by its place in the payload (`products.3.buyout_price`,
 * `variants.0.price`); the screen shows it on the row that item came from.
 */
import type { FieldErrors } from '../../api/client.ts';

export interface ItemErrors<K> {
  /** Per item key: field -> message. */
  byKey: Map<K, Record<string, string>>;
  /** Errors that name no item of the payload. */
  other: string[];
}

/** Splits `errors` of a payload whose `prefix` list held the items `keys` (in order). */
export function errorsByItem<K>(
  errors: FieldErrors | null,
  prefix: string,
  keys: readonly K[],
): ItemErrors<K> {
  const byKey = new Map<K, Record<string, string>>();
  const other: string[] = [];
  const pattern = new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(\\d+)(?:\\.(.+))?$`);
  for (const [path, messages] of Object.entries(errors ?? {})) {
    const message = messages.join(' ');
    const match = pattern.exec(path);
    const index = match ? Number(match[1]) : -1;
    if (!match || index >= keys.length) {
      other.push(message);
      continue;
    }
    const key = keys[index] as K;
    const fields = byKey.get(key) ?? {};
    const field = match[2] ?? '';
    fields[field] = fields[field] ? `${fields[field]} ${message}` : message;
    byKey.set(key, fields);
  }
  return { byKey, other };
}
