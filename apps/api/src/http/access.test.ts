/**
 * The access matrix over the server's own route table. For every route:
 * - without a token: 401 (public routes excepted);
 * - every company route, called by the owner of another company: 404, and nothing in the database changes;
 * - every company route, called by each company role below the one it requires: 403;
 * - every operator route, called by a company owner: 403.
 * A route without an access rule cannot even be registered (see platform.test.ts), so every route
 * added later is covered here the day it is added.
 */
import { COMPANY_ROLE_RANK, COMPANY_ROLES } from '@rentloop/domain/roles';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, createCompany, createUser, type TestUser, useHarness } from '../testing/harness.ts';

const h = useHarness();
let ownCompanyId: number;
let stranger: TestUser;
const byRole: Partial<Record<(typeof COMPANY_ROLES)[number], TestUser>> = {};

beforeAll(async () => {
  const own = await createCompany(h.database);
  const other = await createCompany(h.database);
  ownCompanyId = own.id;
  stranger = await createUser(h, { company: other, role: 'owner' });
  for (const role of COMPANY_ROLES) byRole[role] = await createUser(h, { company: own, role });
});

/** A concrete URL for a route pattern: the company of the test, id 1 for every other parameter. */
const concrete = (url: string) => url.replace(':company', String(ownCompanyId)).replace(/:[A-Za-z_]+/g, '1');

/** A fingerprint of every table's contents, to prove a refused request changed nothing. */
async function fingerprint(): Promise<string> {
  const tables = await h.database.primary.execute(sql`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind = 'r' AND n.nspname = current_schema() ORDER BY 1`);
  const names = (tables as unknown as { rows: { name: string }[] }).rows.map((r) => r.name);
  const parts: string[] = [];
  for (const name of names) {
    const r = await h.database.primary.execute(
      sql.raw(
        `SELECT count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') AS f FROM "${name}" t`,
      ),
    );
    parts.push(`${name}=${(r as unknown as { rows: { f: string }[] }).rows[0]!.f}`);
  }
  return parts.join(',');
}

const send = (user: TestUser | null, route: { method: string; url: string }) =>
  call(h.app, user, { method: route.method as 'GET', url: concrete(route.url), payload: {} });

describe('access matrix over every route', () => {
  it('has routes of every kind to check', () => {
    const kinds = new Set(h.app.routeTable.map((r) => r.access.kind));
    expect([...kinds].sort()).toEqual(['company', 'operator', 'public', 'signed-in']);
  });

  it('answers 401 without a token on every non-public route', async () => {
    for (const route of h.app.routeTable.filter((r) => r.access.kind !== 'public')) {
      const res = await send(null, route);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('answers 404 to the owner of another company on every company route, changing nothing', async () => {
    const before = await fingerprint();
    for (const route of h.app.routeTable.filter((r) => r.access.kind === 'company')) {
      const res = await send(stranger, route);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(404);
    }
    expect(await fingerprint()).toBe(before);
  });

  it('answers 403 to every company role below the one a route requires, changing nothing', async () => {
    const before = await fingerprint();
    let checked = 0;
    for (const route of h.app.routeTable) {
      if (route.access.kind !== 'company') continue;
      const required = COMPANY_ROLE_RANK[route.access.role];
      for (const role of COMPANY_ROLES.filter((r) => COMPANY_ROLE_RANK[r] < required)) {
        const res = await send(byRole[role]!, route);
        expect(res.statusCode, `${role}: ${route.method} ${route.url}`).toBe(403);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
    expect(await fingerprint()).toBe(before);
  });

  it('answers 403 to a company owner on every operator route, changing nothing', async () => {
    const before = await fingerprint();
    for (const route of h.app.routeTable.filter((r) => r.access.kind === 'operator')) {
      const res = await send(byRole.owner!, route);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
    expect(await fingerprint()).toBe(before);
  });
});
