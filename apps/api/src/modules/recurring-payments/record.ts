/**
 * Phase 3 of the billing run (run.ts), set at a time: the gateway answers that arrived together are
 * recorded in ONE short transaction by `recordOutcomes` (payments/record-batch.ts: one read and one
 * UPDATE per table for the group, the same transitions and guards as `recordOutcome` one by one; the
 * dunning of a decline one by one, as before), its events written with one insert, rather than one
 * transaction per answer: a begin, the audit context and a commit (a WAL flush on PostgreSQL) shared by
 * the group. While a group is being recorded the next answers queue and form the next group, so an
 * answer waits at most for one group before its own.
 *
 * If a group's transaction fails (an answer its transition refuses, a deadlock with staff work on the
 * same invoice), nothing of it is kept and each of its answers is recorded again in its own
 * transaction through `recordOutcome`, as before the grouping: one bad answer never loses the others,
 * and one that fails alone is reported to its caller (its attempt stays `processing` for the
 * reconciliation).
 */
import type { Transact } from '../../context.ts';
import type { transactions } from '../../db/schema/index.ts';
import type { GatewayOutcome } from '../../integrations/payments/types.ts';
import { holdingEvents } from '../events/service.ts';
import { recordOutcome } from '../payments/charge.ts';
import { recordOutcomes } from '../payments/record-batch.ts';

type Attempt = typeof transactions.$inferSelect;

/** Answers per transaction at most (a short transaction: its locks are held for milliseconds). */
const GROUP = 100;

interface Waiting {
  attemptId: number;
  outcome: GatewayOutcome;
  resolve: (row: Attempt) => void;
  reject: (error: unknown) => void;
}

/** A function that records one answer, in a group with the answers that arrive while one is recorded. */
export function answerRecorder(
  transact: Transact,
): (attemptId: number, outcome: GatewayOutcome) => Promise<Attempt> {
  let queue: Waiting[] = [];
  let draining = false;

  async function alone(w: Waiting): Promise<void> {
    try {
      w.resolve(await transact((tx) => recordOutcome(tx, w.attemptId, w.outcome)));
    } catch (error) {
      w.reject(error);
    }
  }

  async function drain(): Promise<void> {
    draining = true;
    try {
      await drainAll();
    } finally {
      draining = false;
    }
  }

  async function drainAll(): Promise<void> {
    while (queue.length > 0) {
      const group = queue.slice(0, GROUP);
      queue = queue.slice(GROUP);
      let rows: Attempt[] | null = null;
      try {
        rows = await transact((tx) => holdingEvents(tx, (held) => recordOutcomes(held, group)));
      } catch {
        // Rolled back whole: each answer again on its own (the error, if it is one's, comes back there).
        for (const w of group) await alone(w);
      }
      if (rows) for (const [i, w] of group.entries()) w.resolve(rows[i]!);
    }
  }

  return (attemptId, outcome) =>
    new Promise<Attempt>((resolve, reject) => {
      queue.push({ attemptId, outcome, resolve, reject });
      if (!draining) void drain();
    });
}
