/**
 * READ_REPLICA_URL: list reads under /read-replica go to the replica connection, single reads to the primary.
 * Proven with two separate PostgreSQL databases standing in for primary and replica (only on the server pass;
 * PGlite has one connection, so there is no replica to route to).
 */
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { createTestDatabase } from '../testing/database.ts';
import { migrate, openPostgres } from './client.ts';
import { companies, companyUsers, customers, users } from './schema/index.ts';

const server = process.env.DATABASE_URL;

describe.runIf(server)('read replica routing (PostgreSQL only: PGlite has no replica)', () => {
  it('serves /read-replica lists from READ_REPLICA_URL and single reads from the primary', async () => {
    const primary = await createTestDatabase();
    const replicaDb = await createTestDatabase();
    const replicaUrl = replicaDb.database.url!;
    const database = await openPostgres(primary.database.url!, { replicaUrl, poolSize: 2 });
    await migrate(database);
    const app = await buildApp({ database, logLevel: 'silent' });
    try {
      // Same company, user and session on both, as replication would give; customers differ.
      for (const db of [primary.database.primary, replicaDb.database.primary]) {
        await db.insert(companies).values({ name: 'Replicated' });
        await db.insert(users).values({
          name: 'U',
          email: 'u@r.test',
          password_hash: await hashPassword('password-123'),
          email_verified_at: new Date().toISOString(),
        });
        await db.insert(companyUsers).values({ company_id: 1, user_id: 1, role: 'owner' });
      }
      await primary.database.primary
        .insert(customers)
        .values({ company_id: 1, name: 'On Primary', email: 'p@r.test' });
      await replicaDb.database.primary
        .insert(customers)
        .values({ company_id: 1, name: 'On Replica', email: 'r@r.test' });
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'u@r.test', password: 'password-123' },
      });
      const headers = { authorization: `Bearer ${login.json().data.access_token}` };
      const list = await app.inject({ method: 'GET', url: '/read-replica/1/rentloopdb/customers', headers });
      expect(list.json().data.map((c: { name: string }) => c.name)).toEqual(['On Replica']);
      const one = await app.inject({ method: 'GET', url: '/api/1/rentloopdb/customers/1', headers });
      expect(one.json().data.name).toBe('On Primary');
    } finally {
      await app.close();
      await database.close();
      await primary.drop();
      await replicaDb.drop();
    }
    // Two DROP DATABASE in the test itself, each a checkpoint: on a busy shared server that alone took 13 s.
  }, 90_000);
});
