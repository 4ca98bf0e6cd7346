/**
 * Sign-in throttling that slows a guesser without locking the owner out (docs/security.md).
 *
 * Every failed sign-in counts against three counters: the pair (account, source), the source over
 * all accounts, and the account over all sources. Past a counter's free failures, each further
 * failure doubles its wait (1 s, 2 s, 4 s, ... at most 15 minutes). While a wait runs, the attempts
 * it applies to are answered 429 with Retry-After and their password is not checked. The account's
 * wait applies only to sources that have themselves failed on it, so a source that has not been
 * guessing always gets its password checked; and the owner's password reset clears the account.
 * The counters live in the database (`sign_in_throttles`), so every API instance sees the same ones.
 */
import { isIPv6 } from 'node:net';
import { MESSAGES } from '@rentloop/domain/messages';
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { PlatformCtx } from '../../context.ts';
import { signInThrottles } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

/** The "any" side of a counter: ('', source) is a source over all accounts, (email, '') an account. */
const ANY = '';

/** The clock's "now" as a timestamptz value: waits and memory windows run on the context's clock. */
const sqlNow = (ctx: PlatformCtx) => sql`${ctx.clock.now().toISOString()}::timestamptz`;

/** Failures each counter allows before waits begin. */
export const FREE_FAILURES = {
  /** One source on one account: enough for a few typos. */
  pair: 5,
  /** One source on all accounts (password spraying); an office behind one address makes typos too. */
  source: 20,
  /** All sources on one account (a botnet spreading its guesses). */
  account: 10,
} as const;
/** The account's wait applies to a source from its second failure on that account: one typo is forgiven. */
export const ACCOUNT_WAIT_FROM_SOURCE_FAILURES = 2;
export const MAX_WAIT_SECONDS = 900;
/** A counter whose last failure is older than this starts again from zero (and is purged nightly). */
export const THROTTLE_MEMORY_HOURS = 24;

export interface SignInAttempt {
  /** Normalized (trimmed, lower-cased) by the login schema, whether or not an account has it. */
  email: string;
  source: string;
}

/**
 * The source an attempt is counted against: the client address, an IPv6 address by its /64 (one
 * subscriber's network, where a guesser could take a new address per attempt).
 */
export function sourceOf(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  return `${ipv6Groups(ip).slice(0, 4).join(':')}::/64`;
}

function ipv6Groups(ip: string): string[] {
  const address = ip.split('%')[0]!;
  const [head = '', tail] = address.split('::');
  // An embedded IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is two groups; only the first four are used.
  const groups = (part: string) =>
    part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : [];
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const zeros = Array.from({ length: Math.max(0, 8 - left.length - right.length) }, () => '0');
  return [...left, ...zeros, ...right].map((g) => Number.parseInt(g, 16).toString(16));
}

/** Refuses the attempt (429 with Retry-After) while a wait that applies to it runs. */
export async function assertNotThrottled(ctx: PlatformCtx, attempt: SignInAttempt): Promise<void> {
  const t = signInThrottles;
  const now = sqlNow(ctx);
  const rows = await ctx.db
    .select({
      email: t.email,
      source: t.source,
      failures: t.failures,
      recent: sql<boolean>`${t.last_failure_at} > ${now} - make_interval(hours => ${THROTTLE_MEMORY_HOURS}::int)`,
      wait: sql<number>`coalesce(ceil(extract(epoch from ${t.blocked_until} - ${now})), 0)::int`,
    })
    .from(t)
    .where(
      or(
        and(eq(t.email, attempt.email), inArray(t.source, [attempt.source, ANY])),
        and(eq(t.email, ANY), eq(t.source, attempt.source)),
      ),
    );
  const find = (email: string, source: string) => rows.find((r) => r.email === email && r.source === source);
  const pair = find(attempt.email, attempt.source);
  const bySource = find(ANY, attempt.source);
  const byAccount = find(attempt.email, ANY);
  const guessing = !!pair?.recent && pair.failures >= ACCOUNT_WAIT_FROM_SOURCE_FAILURES;
  const wait = Math.max(pair?.wait ?? 0, bySource?.wait ?? 0, guessing ? (byAccount?.wait ?? 0) : 0);
  if (wait <= 0) return;
  throw new AppError('rate_limited', MESSAGES.tooManyAttempts, undefined, { 'retry-after': String(wait) });
}

/** Counts a failed attempt against its three counters and starts or lengthens their waits. */
export async function recordFailure(ctx: PlatformCtx, attempt: SignInAttempt): Promise<void> {
  const now = sqlNow(ctx);
  // The counter's value after this failure; one whose last failure is old starts again at 1.
  const failures = sql`CASE WHEN sign_in_throttles.last_failure_at
      < ${now} - make_interval(hours => ${THROTTLE_MEMORY_HOURS}::int) THEN 1 ELSE sign_in_throttles.failures + 1 END`;
  const free = sql`CASE WHEN excluded.email = ${ANY} THEN ${FREE_FAILURES.source}::int
      WHEN excluded.source = ${ANY} THEN ${FREE_FAILURES.account}::int ELSE ${FREE_FAILURES.pair}::int END`;
  // The exponent is capped before 2^x so that a long-running guesser cannot overflow the double.
  await ctx.db.execute(sql`
    INSERT INTO sign_in_throttles (email, source, failures, last_failure_at)
    VALUES (${attempt.email}, ${attempt.source}, 1, ${now}),
           (${ANY}, ${attempt.source}, 1, ${now}),
           (${attempt.email}, ${ANY}, 1, ${now})
    ON CONFLICT (email, source) DO UPDATE SET
      failures = ${failures},
      last_failure_at = ${now},
      blocked_until = CASE WHEN ${failures} > ${free}
        THEN ${now} + make_interval(secs => least(${MAX_WAIT_SECONDS}::float8, 2 ^ least(${failures} - ${free} - 1, 20)))
      END`);
}

/** A successful sign-in clears its own pair: the owner's typos from this source are forgotten. */
export async function clearPair(ctx: PlatformCtx, attempt: SignInAttempt): Promise<void> {
  await ctx.db
    .delete(signInThrottles)
    .where(and(eq(signInThrottles.email, attempt.email), eq(signInThrottles.source, attempt.source)));
}

/** The owner proved the mailbox (password reset, invitation): every counter on the account is cleared. */
export async function clearAccount(ctx: PlatformCtx, email: string): Promise<void> {
  await ctx.db.delete(signInThrottles).where(eq(signInThrottles.email, email));
}

/** Deletes counters that have been quiet for longer than they are remembered (nightly, with sessions). */
export async function purgeStaleThrottles(ctx: PlatformCtx): Promise<number> {
  const deleted = await ctx.db
    .delete(signInThrottles)
    .where(
      lt(
        signInThrottles.last_failure_at,
        sql`${sqlNow(ctx)} - make_interval(hours => ${THROTTLE_MEMORY_HOURS}::int)`,
      ),
    )
    .returning({ email: signInThrottles.email });
  return deleted.length;
}
