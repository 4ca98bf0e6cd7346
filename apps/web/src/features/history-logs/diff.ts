/**
 * The before/after of an audit entry as rows of a table: one per field, with both values as text.
 * Pure functions, unit-tested (diff.test.ts).
 */

import type { HistoryLog } from '@rentloop/domain/history-logs';
import { formatDateTime } from '../../utils/dates.ts';
import { humanize } from '../../utils/humanize.ts';

/** What the audit trigger writes in place of a secret column's value. */
export const REDACTED = '[redacted]';

export interface DiffRow {
  field: string;
  before: unknown;
  after: unknown;
  /** Present on that side of the entry (an update records only the changed fields). */
  hasBefore: boolean;
  hasAfter: boolean;
  changed: boolean;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Every field of the entry, in the order the record lists them (after first, then fields only before). */
export function diffRows(log: Pick<HistoryLog, 'before' | 'after'>): DiffRow[] {
  const before = log.before ?? {};
  const after = log.after ?? {};
  const fields = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  return fields.map((field) => {
    const hasBefore = Object.hasOwn(before, field);
    const hasAfter = Object.hasOwn(after, field);
    return {
      field,
      before: before[field],
      after: after[field],
      hasBefore,
      hasAfter,
      // A redacted secret reads the same on both sides, but an update records only what changed.
      changed:
        hasBefore !== hasAfter ||
        !same(before[field], after[field]) ||
        (hasBefore && before[field] === REDACTED),
    };
  });
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

export type ShownValue =
  | { kind: 'none' }
  | { kind: 'null' }
  | { kind: 'redacted' }
  | { kind: 'text'; text: string }
  | { kind: 'json'; text: string };

/**
 * How a value reads: absent, null, redacted, plain text, or pretty-printed JSON (objects, arrays and
 * strings that hold JSON objects or arrays).
 */
export function showValue(value: unknown, present = true): ShownValue {
  if (!present) return { kind: 'none' };
  if (value === null || value === undefined) return { kind: 'null' };
  if (value === REDACTED) return { kind: 'redacted' };
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (
      (trimmed.startsWith('{') && trimmed.endsWith('}')) ||
      (trimmed.startsWith('[') && trimmed.endsWith(']'))
    ) {
      try {
        return { kind: 'json', text: JSON.stringify(JSON.parse(trimmed), null, 2) };
      } catch {
        return { kind: 'text', text: value };
      }
    }
    // A timestamp column (created_at, sent_at) reads as every date of the app does.
    if (TIMESTAMP.test(trimmed)) return { kind: 'text', text: formatDateTime(trimmed) || value };
    return { kind: 'text', text: value };
  }
  if (typeof value === 'object') return { kind: 'json', text: JSON.stringify(value, null, 2) };
  return { kind: 'text', text: String(value) };
}

/** The fields an entry touched, for the list ("name, email"; "12 fields" for a whole record). */
export function changedFields(log: Pick<HistoryLog, 'before' | 'after' | 'action'>, max = 3): string {
  const rows = diffRows(log).filter((r) => r.changed);
  if (rows.length === 0) return '';
  if (log.action === 'created' || log.action === 'deleted') {
    return rows.length === 1 ? '1 field' : `${rows.length} fields`;
  }
  const names = rows.map((r) => r.field);
  return names.length > max ? `${names.slice(0, max).join(', ')} +${names.length - max}` : names.join(', ');
}

export { humanize };
