/**
 * The access matrix over the server's own route table (issue 3). Two companies, A and B, each with one
 * real record of every company-scoped resource (src/testing/company-records.ts). For every route:
 * - without a token: 401 (public routes excepted);
 * - a member of B asking, through B's URL, for A's real record: 404;
 * - a member of B sending, through B's URL and B's own record, a body that names A's records: refused;
 * - a member of B calling A's URL with A's real records: 404;
 * - every company role of A below the one the route requires: 403;
 * - a company owner on every operator route: 403;
 * - a signed-in user naming another company or user (`/api/companies/:id`, `/api/auth/users/...`): refused;
 * - a user whose email is not verified: refused every company's data;
 * and each refused request changes nothing in the database and answers nothing of A's (every record of
 * A carries a marker that no response to B may contain).
 *
 * A route that takes a path parameter must have a recipe (testing/access-recipes.ts) naming the record
 * it expects, so a route added later cannot slip through with a made-up id. Which body fields name
 * records is derived from each route's body schema (every `id`, `*_id`, `*_ids`, testing/schema-ids.ts),
 * not declared: every such route is tried with a body naming the other company's records. A route without an access rule cannot even
 * be registered (see platform.test.ts).
 */
import { randomBytes } from 'node:crypto';
import { COMPANY_ROLE_RANK, COMPANY_ROLES, type CompanyRole } from '@rentloop/domain/roles';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.ts';
import { RECIPES, type Recipe } from '../testing/access-recipes.ts';
import { type CompanyRecords, seedCompanyRecords } from '../testing/company-records.ts';
import { call, createCompany, createUser, type TestUser, useHarness } from '../testing/harness.ts';
import { idFieldPaths, valuesAt } from '../testing/schema-ids.ts';
import type { RouteEntry } from './access.ts';

const h = useHarness({ defaultTemplates: true });

const keyOf = (route: RouteEntry) => `${route.method} ${route.url}`;
const recipeOf = (route: RouteEntry): Recipe => RECIPES[keyOf(route)] ?? {};
/** The body fields of a route that name records, from its schema. */
const idFields = (route: RouteEntry) => idFieldPaths(route.body as Parameters<typeof idFieldPaths>[0]);
/** A route whose body names records, and which must refuse another company's. */
const namesRecordsInBody = (route: RouteEntry) =>
  idFields(route).length > 0 && recipeOf(route).foreignBodyAccepted === undefined;
/** The path parameters of a route besides `:company`. */
const recordParams = (url: string) =>
  [...url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!).filter((p) => p !== 'company');

let A: CompanyRecords;
let B: CompanyRecords;
/** Every company role, in company A. */
const byRole = {} as Record<CompanyRole, TestUser>;
/** An owner of A who never verified their email. */
let unverified: TestUser;

const marker = () => `mk${randomBytes(5).toString('hex')}`;

beforeAll(async () => {
  const seed = async () => {
    const m = marker();
    const company = await createCompany(h.database, { name: `Company ${m}` });
    const owner = await createUser(h, { company, role: 'owner' });
    const member = await createUser(h, { company, role: 'user' });
    return {
      company,
      records: await seedCompanyRecords(h, { companyId: company.id, marker: m, owner, member }),
    };
  };
  const a = await seed();
  B = (await seed()).records;
  A = a.records;
  byRole.owner = A.owner;
  byRole.user = A.member;
  byRole.admin = await createUser(h, { company: a.company, role: 'admin' });
  unverified = await createUser(h, { company: a.company, role: 'owner' });
  await h.database.primary.update(users).set({ email_verified_at: null }).where(eq(users.id, unverified.id));
}, 60_000);

/** A concrete URL: the company and records of `r`, and the route's query for `queryOf`. */
function urlOf(route: RouteEntry, r: CompanyRecords, query?: string): string {
  const params = recipeOf(route).params?.(r) ?? {};
  let url = route.url.replace(':company', String(r.companyId));
  for (const name of recordParams(route.url)) {
    const value = params[name];
    if (value === undefined) throw new Error(`${keyOf(route)}: no recipe for :${name}`);
    url = url.replace(`:${name}`, encodeURIComponent(String(value)));
  }
  return query ? `${url}?${query}` : url;
}

const send = (
  user: TestUser | null,
  route: RouteEntry,
  opts: { path: CompanyRecords; body?: CompanyRecords; query?: string },
) => {
  const recipe = recipeOf(route);
  const payload =
    route.method === 'GET'
      ? undefined
      : (recipe.body?.(opts.body ?? opts.path, user ?? opts.path.owner) ?? {});
  return call(h.app, user, {
    method: route.method as 'GET',
    url: urlOf(route, opts.path, opts.query),
    payload,
  });
};

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

/** Runs `check` and proves that the database is unchanged afterwards. */
async function changingNothing(check: () => Promise<void>) {
  const before = await fingerprint();
  await check();
  expect(await fingerprint()).toBe(before);
}

const routes = (kind?: RouteEntry['access']['kind']) =>
  h.app.routeTable.filter((r) => kind === undefined || r.access.kind === kind);
/** A route whose path names records of a company (not only names every company has: a settings section). */
const withRecords = (r: RouteEntry) =>
  recordParams(r.url).length > 0 && recipeOf(r).paramsNameNoRecord === undefined;

/** A refused answer that names nothing of company `r`. */
function expectRefused(
  res: { statusCode: number; body: string },
  allowed: number[],
  what: string,
  r: CompanyRecords = A,
) {
  expect(allowed, `${what}: ${res.statusCode} ${res.body.slice(0, 300)}`).toContain(res.statusCode);
  expect(res.body, `${what} shows a record of another company`).not.toContain(r.marker);
}

describe('the route table', () => {
  it('has routes of every kind to check', () => {
    const kinds = new Set(routes().map((r) => r.access.kind));
    expect([...kinds].sort()).toEqual(['company', 'operator', 'public', 'signed-in']);
  });

  it('has a recipe for every path parameter of every route, and no recipe for a route that is gone', () => {
    const missing = routes()
      .filter((r) => r.access.kind !== 'public')
      .flatMap((r) => {
        const params = recordParams(r.url);
        const given = params.length ? Object.keys(recipeOf(r).params?.(A) ?? {}) : [];
        return params.filter((p) => !given.includes(p)).map((p) => `${keyOf(r)} (:${p})`);
      });
    expect(missing, 'add a recipe to RECIPES (and a record to testing/company-records.ts)').toEqual([]);
    const known = new Set(routes().map(keyOf));
    expect(Object.keys(RECIPES).filter((k) => !known.has(k))).toEqual([]);
  });

  it("has a recipe body filling every field that names records, with the company's own records", () => {
    const unfilled = routes()
      .filter((r) => r.access.kind === 'company' || r.access.kind === 'signed-in')
      .flatMap((r) =>
        idFields(r)
          .filter((path) => {
            const body = recipeOf(r).body;
            if (!body) return true;
            const a = valuesAt(body(A, A.owner), path);
            const b = valuesAt(body(B, B.owner), path);
            return a.length === 0 || JSON.stringify(a) === JSON.stringify(b);
          })
          .map((path) => `${keyOf(r)} (${path})`),
      );
    expect(unfilled, 'give the route a recipe body naming records of `r` in these fields').toEqual([]);
  });

  it('derives the body fields that name records from the schemas', () => {
    // The derivation itself could find nothing and pass everything: it must find the known ones.
    const found = routes().flatMap((r) => idFields(r).map((p) => `${keyOf(r)} ${p}`));
    expect(found).toContain('POST /api/:company/rentloopdb/product-collections product_ids');
    expect(found).toContain('POST /api/:company/rentloopdb/bundles/:id/variants/add variants[].variant_id');
    expect(routes('company').filter(namesRecordsInBody).length).toBeGreaterThan(5);
  });

  it('seeded a record of every resource that a recipe names, in both companies', () => {
    expect(A.companyId).not.toBe(B.companyId);
    for (const r of [A, B]) {
      for (const value of [
        r.customer,
        r.product,
        r.variant,
        r.bundle,
        r.collection,
        r.taxRule,
        r.historyLog,
        r.event,
        r.note,
      ]) {
        expect(value).toBeGreaterThan(0);
      }
    }
  });
});

describe('without a token', () => {
  it('answers 401 on every non-public route', async () => {
    await changingNothing(async () => {
      for (const route of routes().filter((r) => r.access.kind !== 'public')) {
        const res = await send(null, route, { path: A });
        expectRefused(res, [401], keyOf(route));
      }
    });
  });
});

describe('a member of another company', () => {
  it("gets 404 for A's real records through B's own URL, changing nothing", async () => {
    let checked = 0;
    await changingNothing(async () => {
      for (const route of routes('company').filter(withRecords)) {
        // The caller's own valid body (its own records), so only the foreign path id can refuse it.
        const res = await send(B.owner, route, { path: { ...A, companyId: B.companyId }, body: B });
        expectRefused(res, [404], `B's URL, A's record: ${keyOf(route)}`);
        checked++;
      }
    });
    expect(checked).toBeGreaterThan(15);
  });

  it("is refused a body naming A's records, through B's own URL and B's own records, changing nothing", async () => {
    let checked = 0;
    await changingNothing(async () => {
      for (const route of routes('company').filter(namesRecordsInBody)) {
        const res = await send(B.owner, route, { path: B, body: A });
        expectRefused(res, [404, 422], `B's URL, body naming A's records: ${keyOf(route)}`);
        checked++;
      }
    });
    expect(checked).toBeGreaterThan(5);
  });

  it("gets 404 on A's URL with A's real records, changing nothing", async () => {
    await changingNothing(async () => {
      for (const route of routes('company')) {
        for (const stranger of [B.owner, B.member]) {
          const res = await send(stranger, route, { path: A });
          expectRefused(res, [404], `A's URL: ${keyOf(route)}`);
        }
      }
    });
  });

  it("never finds A's records in its own lists and reads", async () => {
    let seen = 0;
    const reads = routes().filter(
      (r) =>
        r.method === 'GET' &&
        (r.access.kind === 'company' || r.access.kind === 'signed-in') &&
        !withRecords(r) &&
        recipeOf(r).stream === undefined &&
        recipeOf(r).queryNamesRecord === undefined,
    );
    for (const route of reads) {
      const query = recipeOf(route).query?.(A) ?? `search=${A.marker}`;
      const res = await send(B.owner, route, { path: B, query });
      expect(res.statusCode, `${keyOf(route)}: ${res.body.slice(0, 300)}`).toBe(200);
      expect(res.body, `${keyOf(route)} shows a record of company A`).not.toContain(A.marker);
      // The same question in A finds A's records: the check above could have seen them.
      const own = await send(A.owner, route, { path: A, query });
      if (own.body.includes(A.marker)) seen++;
    }
    expect(seen).toBeGreaterThan(5);
  });

  it('is refused another company or user through the account routes, changing nothing', async () => {
    let checked = 0;
    await changingNothing(async () => {
      // `/api/companies/:company` is signed-in (it checks membership itself): A's company, asked by B.
      const namesOthers = (r: RouteEntry) =>
        withRecords(r) || r.url.includes(':company') || namesRecordsInBody(r);
      for (const route of routes('signed-in').filter(namesOthers)) {
        for (const stranger of [B.owner, B.member]) {
          const res = await send(stranger, route, { path: A });
          expectRefused(res, [403, 404], `${keyOf(route)} by a member of B`);
          checked++;
        }
      }
    });
    expect(checked).toBeGreaterThanOrEqual(10);
  });

  it('is refused a company member of the same company naming someone else (a plain user)', async () => {
    // Same company, another user: a plain user still may not read or change them.
    await changingNothing(async () => {
      for (const route of routes('signed-in').filter(withRecords)) {
        if (!route.url.startsWith('/api/auth/users')) continue;
        const res = await send(byRole.admin, route, { path: A });
        expectRefused(res, [403, 404], `${keyOf(route)} by an admin of the same company`);
      }
    });
  });

  it('adding an existing account by email shows nothing of it, and does not make it a member', async () => {
    const res = await call(h.app, B.owner, {
      method: 'POST',
      url: `/api/auth/${B.companyId}/users`,
      payload: { name: 'Someone', email: A.member.email, role: 'user', send_invitation: false },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.user.companies.map((c: { id: number }) => c.id)).toEqual([B.companyId]);
    expect(res.json().data.user.id).not.toBe(A.member.id);
    expect(res.body).not.toContain(A.marker);
    // An invitation, not a membership: A's member is not B's to remove; the invitation is withdrawn.
    const notMember = await call(h.app, B.owner, {
      method: 'DELETE',
      url: `/api/auth/${B.companyId}/users/${A.member.id}`,
    });
    expect(notMember.statusCode).toBe(404);
    const removed = await call(h.app, B.owner, {
      method: 'DELETE',
      url: `/api/auth/${B.companyId}/users/${res.json().data.user.id}`,
    });
    expect(removed.statusCode).toBe(200);
  });
});

describe('roles below the one a route requires', () => {
  it('answer 403 on every company route, changing nothing', async () => {
    let checked = 0;
    await changingNothing(async () => {
      for (const route of routes('company')) {
        if (route.access.kind !== 'company') continue;
        const required = COMPANY_ROLE_RANK[route.access.role];
        for (const role of COMPANY_ROLES.filter((r) => COMPANY_ROLE_RANK[r] < required)) {
          const res = await send(byRole[role], route, { path: A });
          expect(res.statusCode, `${role}: ${keyOf(route)}`).toBe(403);
          checked++;
        }
      }
    });
    expect(checked).toBeGreaterThan(0);
  });

  it('answer 403 to company owners on every operator route, changing nothing', async () => {
    await changingNothing(async () => {
      for (const route of routes('operator')) {
        for (const owner of [A.owner, B.owner]) {
          const res = await send(owner, route, { path: A });
          expectRefused(res, [403], `${keyOf(route)} by a company owner`);
        }
      }
    });
  });
});

describe('a user whose email is not verified', () => {
  it('is refused company data (every company route, the company records, operator routes)', async () => {
    let checked = 0;
    await changingNothing(async () => {
      for (const route of routes()) {
        const companyData =
          route.access.kind === 'company' ||
          route.access.kind === 'operator' ||
          (route.access.kind === 'signed-in' && route.url.startsWith('/api/companies'));
        if (!companyData) continue;
        const res = await send(unverified, route, { path: A });
        expectRefused(res, [403], `unverified: ${keyOf(route)}`);
        checked++;
      }
    });
    expect(checked).toBeGreaterThan(30);
  });

  it('may still reach their own account (to verify it)', async () => {
    const me = await call(h.app, unverified, { method: 'GET', url: '/api/auth/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email_verified_at).toBeNull();
    const own = await call(h.app, unverified, { method: 'GET', url: `/api/auth/users/${unverified.id}` });
    expect(own.statusCode).toBe(200);
  });
});

describe('operators and super-admins', () => {
  let superAdmin: TestUser;
  let otherSuper: TestUser;
  let support: TestUser;
  let otherSupport: TestUser;

  beforeAll(async () => {
    superAdmin = await createUser(h, { globalRole: 'super-admin' });
    otherSuper = await createUser(h, { globalRole: 'super-admin' });
    support = await createUser(h, { globalRole: 'support-user' });
    otherSupport = await createUser(h, { globalRole: 'support-user' });
  });

  const ONLY_SUPER = 'Only a super-admin may create or change a super-admin.';
  const newUser = (over: object = {}) => ({
    name: 'New Operator',
    email: `operator.${marker()}@example.test`,
    send_invitation: false,
    ...over,
  });

  it('a support-user may not create, promote to, edit, set the password of or delete a super-admin (403)', async () => {
    await changingNothing(async () => {
      const attempts = [
        { method: 'POST', url: '/api/auth/users', payload: newUser({ role: 'super-admin' }) },
        {
          method: 'POST',
          url: '/api/auth/users',
          payload: newUser({ role: 'super-admin', company_id: A.companyId }),
        },
        // An existing account (theirs, or anyone's) made a super-admin by adding it to a company.
        {
          method: 'POST',
          url: '/api/auth/users',
          payload: newUser({ email: support.email, role: 'super-admin', company_id: A.companyId }),
        },
        // A super-admin demoted to support-user the same way.
        {
          method: 'POST',
          url: '/api/auth/users',
          payload: newUser({ email: superAdmin.email, role: 'support-user', company_id: A.companyId }),
        },
        { method: 'PUT', url: `/api/auth/users/${superAdmin.id}`, payload: { name: 'Renamed' } },
        { method: 'PUT', url: `/api/auth/users/${superAdmin.id}`, payload: { status: 'disabled' } },
        {
          method: 'PUT',
          url: `/api/auth/users/${superAdmin.id}`,
          payload: { password: 'a new long password' },
        },
        {
          method: 'PUT',
          url: `/api/auth/users/password/${superAdmin.id}`,
          payload: { password: 'a new long password' },
        },
        { method: 'DELETE', url: `/api/auth/users/${superAdmin.id}` },
      ] as const;
      for (const attempt of attempts) {
        const res = await call(h.app, support, attempt);
        expect(res.statusCode, `${attempt.method} ${attempt.url}: ${res.body}`).toBe(403);
        expect(res.json()).toMatchObject({ status: false, message: ONLY_SUPER });
      }
    });
  });

  it('a support-user still manages everyone else, support-users included', async () => {
    const created = await call(h.app, support, {
      method: 'POST',
      url: '/api/auth/users',
      payload: newUser({ role: 'support-user' }),
    });
    expect(created.statusCode).toBe(201);
    const password = await call(h.app, support, {
      method: 'PUT',
      url: `/api/auth/users/password/${otherSupport.id}`,
      payload: { password: 'a new long password' },
    });
    expect(password.statusCode).toBe(200);
    const renamed = await call(h.app, support, {
      method: 'PUT',
      url: `/api/auth/users/${A.member.id}`,
      payload: { name: 'Renamed by support' },
    });
    expect(renamed.statusCode).toBe(200);
  });

  it('a super-admin creates, edits and resets super-admins', async () => {
    const created = await call(h.app, superAdmin, {
      method: 'POST',
      url: '/api/auth/users',
      payload: newUser({ role: 'super-admin' }),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.user.role).toBe('super-admin');
    const renamed = await call(h.app, superAdmin, {
      method: 'PUT',
      url: `/api/auth/users/${otherSuper.id}`,
      payload: { name: 'Renamed by super' },
    });
    expect(renamed.statusCode).toBe(200);
    const password = await call(h.app, superAdmin, {
      method: 'PUT',
      url: `/api/auth/users/password/${otherSuper.id}`,
      payload: { password: 'a new long password' },
    });
    expect(password.statusCode).toBe(200);
  });
});
