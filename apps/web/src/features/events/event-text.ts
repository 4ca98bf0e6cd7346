/** How an event reads on the screens: its object, a one-line summary, and where its object lives. */
import type { Event } from '@rentloop/domain/events';

const OBJECT_NAMES: Record<string, string> = { user: 'User', customer: 'Customer' };

export const objectName = (object: string) =>
  OBJECT_NAMES[object] ?? (object ? object[0]!.toUpperCase() + object.slice(1).replace(/_/g, ' ') : object);

/** "User #12". */
export const objectLabel = (e: Pick<Event, 'object' | 'object_id'>) =>
  `${objectName(e.object)} #${e.object_id}`;

/** A transition's "active → disabled", a creation's name or number, a tag, a reason; else nothing. */
export function eventSummary(e: Pick<Event, 'payload'>): string {
  const { from, to, name, number, order_number, tag, reason } = e.payload;
  if (typeof from === 'string' && typeof to === 'string')
    return typeof reason === 'string' && reason ? `${from} → ${to} (${reason})` : `${from} → ${to}`;
  if (typeof name === 'string') return name;
  if (typeof number === 'string') return number;
  if (typeof order_number === 'string') return order_number;
  if (typeof tag === 'string') return `Tag: ${tag}`;
  if ('tag' in e.payload && tag === null) return 'Tag removed';
  return '';
}

/** The screen of the event's object, where there is one. */
export function objectPath(e: Pick<Event, 'object' | 'object_id'>): string | null {
  if (e.object === 'user') return `/super/users/${e.object_id}`;
  if (e.object === 'customer') return `/cms/customers/${e.object_id}`;
  if (e.object === 'order') return `/cms/orders/${e.object_id}`;
  if (e.object === 'subscription') return `/cms/subscriptions/${e.object_id}`;
  return null;
}

/**
 * The payload as the detail page shows it: pretty-printed JSON with its keys sorted at every level
 * (the database's jsonb keeps them shortest first, which reads as `to, from, action`).
 */
export const prettyPayload = (payload: Event['payload']) =>
  JSON.stringify(
    payload,
    (_key, value: unknown) =>
      value && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : value,
    2,
  );
