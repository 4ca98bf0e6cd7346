/**
 * A company never loses its last owner, even when two owners act at the same moment: each demotes or
 * removes the other, both requests in flight at once. Without the lock on the company row
 * (users/memberships.ts `ownersLeft`) each counted the other as the owner left and both succeeded.
 */
import { MESSAGES } from '@rentloop/domain/messages';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companyUsers } from '../../db/schema/index.ts';
import { call, createCompany, createUser, type TestUser, useHarness } from '../../testing/harness.ts';

const h = useHarness();

const owners = async (companyId: number) => {
  const [row] = await h.database.primary
    .select({ n: count() })
    .from(companyUsers)
    .where(and(eq(companyUsers.company_id, companyId), eq(companyUsers.role, 'owner')));
  return Number(row?.n ?? 0);
};

const setRole = (as: TestUser, companyId: number, email: string, role: 'admin' | null) =>
  call(h.app, as, { method: 'PUT', url: '/api/auth/users/roles', payload: { email, id: companyId, role } });

describe('two owners at the same moment', () => {
  it('demoting each other: one succeeds, the other is refused, an owner remains (10 rounds)', async () => {
    for (let round = 0; round < 10; round++) {
      const company = await createCompany(h.database);
      const a = await createUser(h, { company, role: 'owner' });
      const b = await createUser(h, { company, role: 'owner' });
      const answers = await Promise.all([
        setRole(a, company.id, b.email, 'admin'),
        setRole(b, company.id, a.email, 'admin'),
      ]);
      const statuses = answers.map((r) => r.statusCode).sort();
      // The one that runs second is no longer an owner, so it may not touch an owner: 403 or 409.
      expect(statuses[0], `round ${round}`).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      expect(await owners(company.id), `round ${round}`).toBe(1);
    }
  });

  it('removing each other from the company: an owner remains (10 rounds)', async () => {
    for (let round = 0; round < 10; round++) {
      const company = await createCompany(h.database);
      const a = await createUser(h, { company, role: 'owner' });
      const b = await createUser(h, { company, role: 'owner' });
      await Promise.all([setRole(a, company.id, b.email, null), setRole(b, company.id, a.email, null)]);
      expect(await owners(company.id), `round ${round}`).toBe(1);
    }
  });

  it('the last owner still cannot step down alone', async () => {
    const company = await createCompany(h.database);
    const a = await createUser(h, { company, role: 'owner' });
    const r = await setRole(a, company.id, a.email, 'admin');
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(MESSAGES.cannotRemoveLastOwner);
    expect(await owners(company.id)).toBe(1);
  });
});
