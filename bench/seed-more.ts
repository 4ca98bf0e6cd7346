/**
 * The rows of the lists beyond customers and the catalog, in the bench's companies (seed.ts), all with
 * generate_series in a few statements:
 *
 * - history_logs: 250,000 entries, four in five of the big company's, the rest another company's or
 *   the platform's (no company); entity ids cycle through 250, so "customers 12" finds about 1%;
 * - email_entries: 60,000 mails, the same split; addresses `to<n>@mail.test`, so "to12" finds about 1%;
 * - events: 150,000 events, the same split; object ids cycle through 2,000 ("customer 77" about 2%);
 * - collections: 5,000 more in the big company ("Set <n>"), 20 a company come with the catalog;
 * - users: 10,000 accounts on the platform ("Member <n>", `member<n>@bench.test`), 2,000 of them members
 *   of the big company (its users list), and one operator to read the operators' lists.
 *
 * Audit triggers are off while loading (audit-off.ts `withoutAudit`): a history entry per seeded row would
 * only add to the trail the history-log list measures, uncounted.
 */
import type { SqlExecutor } from '../apps/api/src/db/client.ts';

export const MORE_COUNTS = {
  history_logs: 250_000,
  email_entries: 60_000,
  events: 150_000,
  collections: 5_000,
  users: 10_000,
  members: 2_000,
} as const;

/** What the search scenarios look for (about 1–2% of the big company's rows each). */
export const MORE_SEARCHES = {
  history_logs: 'customers 12',
  email_entries: 'to12',
  events: 'customer 77',
  collections: 'set 12',
  company_users: 'member 12',
  users: 'member 12',
} as const;

export const BENCH_OPERATOR = { email: 'bench-operator@rentloop.local' };

/** `n`'s company: four in five the big one, then the small ones in turn, and some the platform's. */
const companyOf = (big: number, small: number[]) =>
  `CASE WHEN n % 5 < 4 THEN ${big}::int8 WHEN n % 10 = 4 THEN NULL
        ELSE (ARRAY[${small.join(',')}]::int8[])[1 + (n / 10) % ${small.length}] END`;

// Spread over the last 400 days, in id order (the lists sort created_at like id).
const createdAt = (total: number) =>
  `now() - interval '400 days' + (n::float8 / ${total}) * interval '400 days'`;

export async function seedMore(
  exec: SqlExecutor,
  big: number,
  small: number[],
  passwordHash: string,
): Promise<void> {
  const c = MORE_COUNTS;
  await exec.executeSql(
    `INSERT INTO history_logs (company_id, entity_type, entity_id, action, created_at)
     SELECT ${companyOf(big, small)}, (ARRAY['customers','products','users','auth'])[1 + n % 4],
            (n % 250)::text, (ARRAY['created','updated','deleted','login'])[1 + n % 4], ${createdAt(c.history_logs)}
       FROM generate_series(1, ${c.history_logs}) AS n ORDER BY n`,
  );
  await exec.executeSql(
    `INSERT INTO email_entries (company_id, kind, "to", subject, body_html, status, created_at)
     SELECT ${companyOf(big, small)}, (ARRAY['invitation','password_reset','verification'])[1 + n % 3],
            'to' || n || '@mail.test', 'Subject ' || (n % 17), '<p>Bench mail</p>',
            (ARRAY['sent','sent','sent','failed'])[1 + n % 4], ${createdAt(c.email_entries)}
       FROM generate_series(1, ${c.email_entries}) AS n ORDER BY n`,
  );
  await exec.executeSql(
    `INSERT INTO events (company_id, type, object, object_id, created_at)
     SELECT ${companyOf(big, small)}, (ARRAY['customer.created','user.status_changed','product.created'])[1 + n % 3],
            (ARRAY['customer','user','product'])[1 + n % 3], n % 2000 + 1, ${createdAt(c.events)}
       FROM generate_series(1, ${c.events}) AS n ORDER BY n`,
  );
  await exec.executeSql(
    `INSERT INTO product_collections (company_id, name)
     SELECT ${big}::int8, 'Set ' || n FROM generate_series(1, ${c.collections}) AS n ORDER BY n`,
  );
  await exec.executeSql(
    `INSERT INTO users (name, email, password_hash, email_verified_at, created_at, updated_at)
     SELECT 'Member ' || n, 'member' || n || '@bench.test', $1, now(), ${createdAt(c.users)}, ${createdAt(c.users)}
       FROM generate_series(1, ${c.users}) AS n ORDER BY n`,
    [passwordHash],
  );
  await exec.executeSql(
    `INSERT INTO company_users (company_id, user_id, role)
     SELECT $1::int8, id, 'user' FROM users WHERE email LIKE 'member%@bench.test' ORDER BY id LIMIT ${c.members}`,
    [big],
  );
  await exec.executeSql(
    `INSERT INTO users (name, email, password_hash, email_verified_at, role) VALUES ('Bench Operator', $1, $2, now(), 'super-admin')`,
    [BENCH_OPERATOR.email, passwordHash],
  );
}
