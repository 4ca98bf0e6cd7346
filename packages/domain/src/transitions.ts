/**
 * State machines are data (shared/BILLING.md, "State machines are data"): each stateful object has one
 * table of transitions `{ from, action, to, guard?, message }`. The API changes a row only through its
 * table (apps/api/src/modules/events/transition.ts), and `GET .../{id}/actions` answers from the same
 * table, so the buttons a screen shows are exactly the actions the server accepts.
 */
import { z } from 'zod';

export interface Transition<S extends string, A extends string, G = void> {
  /** The states the action may start from. */
  from: readonly S[];
  action: A;
  to: S;
  /**
   * A further condition, checked on the locked row: the message that refuses the action (a 409), or
   * null when it is allowed. `G` is what the caller knows (who acts, on whom).
   */
  guard?: (input: G) => string | null;
  /** The 409's message when the object is in none of the `from` states. */
  message: string;
  /** The event type written with the change; default `<object>.status_changed`. */
  event?: string;
}

export type TransitionTable<S extends string, A extends string, G = void> = readonly Transition<S, A, G>[];

/** The transition of `action`; an action missing from the table is a programming error. */
export function transitionOf<S extends string, A extends string, G>(
  table: TransitionTable<S, A, G>,
  action: A,
): Transition<S, A, G> {
  const found = table.find((t) => t.action === action);
  if (!found) throw new Error(`No transition for action "${action}".`);
  return found;
}

/** Why `action` may not run now (a 409's message), or null when it may. */
export function refusal<S extends string, A extends string, G>(
  table: TransitionTable<S, A, G>,
  action: A,
  status: S,
  input: G,
): string | null {
  const t = transitionOf(table, action);
  if (!t.from.includes(status)) return t.message;
  return t.guard?.(input) ?? null;
}

/** The actions allowed from `status` (their guards passing for `input`), in the table's order. */
export function allowedActions<S extends string, A extends string, G>(
  table: TransitionTable<S, A, G>,
  status: S,
  input: G,
): { action: A; to: S }[] {
  return table
    .filter((t) => refusal(table, t.action, status, input) === null)
    .map((t) => ({ action: t.action, to: t.to }));
}

/** The answer of `GET .../{id}/actions`: the current status and what may be done from it. */
export const actionsSchema = <S extends z.ZodType, A extends z.ZodType>(status: S, action: A) =>
  z.object({
    status,
    actions: z.array(z.object({ action, to: status })),
  });
