/**
 * The names of the records a page of the trail is about ("Daan Gagnon", "E-bike City 500",
 * "owner@northwind.demo"), so the screens do not read "Customers #484".
 *
 * One query per kind of record per page (ids collected from every entry of that kind), never one per
 * entry. A record that no longer exists keeps a readable name from the entry's own before/after (a
 * created or deleted entry holds the whole row), and says so (`entity_exists: false`).
 */
import type { HistoryLog } from '@rentloop/domain/history-logs';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import {
  availabilitySettings,
  bundles,
  companies,
  companyInvitations,
  companyUsers,
  customers,
  emailEntries,
  notes,
  productCollections,
  products,
  productVariants,
  repairQuestionnaireVersions,
  taxRules,
  users,
  userTokens,
} from '../../db/schema/index.ts';

export type HistoryLogRow = Omit<HistoryLog, 'entity_name' | 'entity_exists'>;

interface Found {
  id: string;
  /** The record's company (null for accounts): a name is only given to an entry of the same company. */
  company_id: number | null;
  name: string;
}

type Lookup = (db: Tx, ids: string[]) => Promise<Found[]>;

const numericIds = (ids: string[]) => ids.filter((id) => /^\d{1,15}$/.test(id)).map(Number);

/** A lookup by numeric id on a table with `id`, `company_id` and a name expression. */
function byId(
  table: PgTable,
  idColumn: PgColumn,
  companyColumn: PgColumn | null,
  name: SQL<string>,
  joins?: (q: ReturnType<typeof select>) => ReturnType<typeof select>,
): Lookup {
  function select(db: Tx) {
    return db
      .select({
        id: sql<string>`${idColumn}::text`,
        company_id: companyColumn ? sql<number | null>`${companyColumn}` : sql<null>`null::int8`,
        name,
      })
      .from(table)
      .$dynamic();
  }
  return async (db, ids) => {
    const numbers = numericIds(ids);
    if (numbers.length === 0) return [];
    const query = select(db);
    const rows = await (joins ? joins(query) : query).where(inArray(idColumn, numbers));
    return rows.map((r) => ({ ...r, company_id: r.company_id === null ? null : Number(r.company_id) }));
  };
}

const userEmail: Lookup = byId(users, users.id, null, sql<string>`${users.email}`);

/**
 * Per audited table (and `auth`, the sign-ins, named by the user's id). Tables not listed here
 * (settings rows, link tables) are named from the entry itself.
 */
const LOOKUPS: Record<string, Lookup> = {
  customers: byId(customers, customers.id, customers.company_id, sql<string>`${customers.name}`),
  products: byId(products, products.id, products.company_id, sql<string>`${products.name}`),
  product_variants: byId(
    productVariants,
    productVariants.id,
    productVariants.company_id,
    sql<string>`${products.name} || ' · ' || ${productVariants.name}`,
    (q) => q.innerJoin(products, eq(products.id, productVariants.product_id)),
  ),
  bundles: byId(bundles, bundles.id, bundles.company_id, sql<string>`${bundles.name}`),
  product_collections: byId(
    productCollections,
    productCollections.id,
    productCollections.company_id,
    sql<string>`${productCollections.name}`,
  ),
  tax_rules: byId(
    taxRules,
    taxRules.id,
    taxRules.company_id,
    sql<string>`coalesce(${taxRules.name}, ${taxRules.country} || coalesce('-' || ${taxRules.region}, '') || ' ' || ${taxRules.product_class})`,
  ),
  availability_settings: byId(
    availabilitySettings,
    availabilitySettings.id,
    availabilitySettings.company_id,
    sql<string>`${availabilitySettings.sku_name}`,
  ),
  companies: byId(companies, companies.id, companies.id, sql<string>`${companies.name}`),
  company_invitations: byId(
    companyInvitations,
    companyInvitations.id,
    companyInvitations.company_id,
    sql<string>`${companyInvitations.email}`,
  ),
  email_entries: byId(
    emailEntries,
    emailEntries.id,
    emailEntries.company_id,
    sql<string>`${emailEntries.subject}`,
  ),
  // A membership is named by the user's id; the email is only given while the user is still a member
  // (a company must not learn the address a former member uses now).
  company_users: async (db, ids) => {
    const numbers = numericIds(ids);
    if (numbers.length === 0) return [];
    const rows = await db
      .select({
        id: sql<string>`${companyUsers.user_id}::text`,
        company_id: companyUsers.company_id,
        name: users.email,
      })
      .from(companyUsers)
      .innerJoin(users, eq(users.id, companyUsers.user_id))
      .where(inArray(companyUsers.user_id, numbers));
    return rows.map((r) => ({ ...r, company_id: Number(r.company_id) }));
  },
  user_tokens: byId(userTokens, userTokens.id, null, sql<string>`${users.email}`, (q) =>
    q.innerJoin(users, eq(users.id, userTokens.user_id)),
  ),
  // A note by the start of its text (its record is named by its own entries).
  notes: byId(notes, notes.id, notes.company_id, sql<string>`left(${notes.text}, 60)`),
  // A saved questionnaire by its number ("Version 3"): the company has one questionnaire.
  repair_questionnaire_versions: byId(
    repairQuestionnaireVersions,
    repairQuestionnaireVersions.id,
    repairQuestionnaireVersions.company_id,
    sql<string>`'Version ' || ${repairQuestionnaireVersions.version}`,
  ),
  users: userEmail,
  auth: userEmail,
};

/** Tables whose id is their name (a settings group or key). */
const NAMED_BY_ID = new Set(['company_settings', 'platform_settings']);

/** What the entry itself says the record was called. */
const SNAPSHOT_FIELDS = ['name', 'email', 'subject', 'sku_name', 'title'];

function snapshotName(log: HistoryLogRow): string | null {
  for (const side of [log.after, log.before]) {
    if (!side) continue;
    for (const field of SNAPSHOT_FIELDS) {
      const value = side[field];
      if (typeof value === 'string' && value.trim() !== '' && value !== '[redacted]') return value;
    }
  }
  return null;
}

/** The rows with `entity_name` and `entity_exists`, one lookup per entity type present. */
export async function withRecordNames(db: Tx, rows: HistoryLogRow[]): Promise<HistoryLog[]> {
  const idsByType = new Map<string, Set<string>>();
  for (const row of rows) {
    if (row.entity_id === null || !LOOKUPS[row.entity_type]) continue;
    const ids = idsByType.get(row.entity_type) ?? new Set<string>();
    ids.add(row.entity_id);
    idsByType.set(row.entity_type, ids);
  }
  // `users` and `auth` are the same lookup: ask once for both.
  const lookups = new Map<Lookup, Set<string>>();
  for (const [type, ids] of idsByType) {
    const lookup = LOOKUPS[type]!;
    lookups.set(lookup, new Set([...(lookups.get(lookup) ?? []), ...ids]));
  }
  const found = new Map<Lookup, Map<string, Found[]>>();
  for (const [lookup, ids] of lookups) {
    const byKey = new Map<string, Found[]>();
    for (const record of await lookup(db, [...ids])) {
      byKey.set(record.id, [...(byKey.get(record.id) ?? []), record]);
    }
    found.set(lookup, byKey);
  }

  return rows.map((row) => {
    const lookup = LOOKUPS[row.entity_type];
    if (NAMED_BY_ID.has(row.entity_type)) {
      return { ...row, entity_name: row.entity_id, entity_exists: null };
    }
    if (!lookup || row.entity_id === null) {
      return { ...row, entity_name: snapshotName(row), entity_exists: null };
    }
    // Only a record of the entry's own company (or an account, for platform entries) names it.
    const record = found
      .get(lookup)
      ?.get(row.entity_id)
      ?.find((r) => r.company_id === null || r.company_id === row.company_id);
    return record
      ? { ...row, entity_name: record.name, entity_exists: true }
      : { ...row, entity_name: snapshotName(row), entity_exists: false };
  });
}
