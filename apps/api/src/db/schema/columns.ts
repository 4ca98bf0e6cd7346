import { sql } from 'drizzle-orm';
import { bigint, customType, index, type PgColumn } from 'drizzle-orm/pg-core';

/**
 * timestamptz read as an ISO 8601 UTC string ("2026-11-22T08:29:27.556Z"), the API's format,
 * whatever the driver hands over (node-postgres and PGlite differ).
 */
const timestamptz = customType<{ data: string; driverData: string | Date }>({
  dataType: () => 'timestamp with time zone',
  fromDriver: (value) => isoTimestamp(value),
  toDriver: (value) => value,
});

/** PostgreSQL's text of a timestamptz in UTC (DateStyle ISO): "2026-11-22 08:29:27.556789+00". */
const PG_UTC = /^([1-9]\d{3}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;

/**
 * `new Date(value).toISOString()`, the milliseconds cut as it cuts them; PostgreSQL's UTC text is
 * rewritten without the date parser (a sixth of the time: a list or an export reads many of them).
 * The pattern only checks the shape (`test` makes no match array: an export of 1,000,000 orders made
 * 420 MB of them); the parts are at fixed places once it holds: "2026-11-22 08:29:27.556789+00".
 */
export function isoTimestamp(value: string | Date): string {
  if (typeof value === 'string' && PG_UTC.test(value)) {
    // Digits after the dot at 19 (none: the text ends "+00" right after the seconds).
    const fraction = value.length - 23;
    const ms =
      fraction >= 3
        ? value.slice(19, 23)
        : fraction <= 0
          ? '.000'
          : `${value.slice(19, 20 + fraction)}${'00'.slice(fraction - 1)}`;
    return `${value.slice(0, 10)}T${value.slice(11, 19)}${ms}Z`;
  }
  return new Date(value).toISOString();
}

export const createdAt = () => timestamptz('created_at').notNull().default(sql`now()`);
export const updatedAt = () => timestamptz('updated_at').notNull().default(sql`now()`);
export const tsOrNull = (name: string) => timestamptz(name);

/** Primary keys are bigint identities read as JS numbers (safe up to 2^53). */
export const idColumn = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
export const refColumn = (name: string) => bigint(name, { mode: 'number' });

/**
 * An amount of money: integer minor units (cents for CAD, whole yen for JPY) of the company's
 * currency, as `bigint` in the database and in JS (`@rentloop/domain/money`). The currency is not
 * stored per row: it is the company's, frozen once a priced row exists (migration 0017). The API
 * shows and takes decimal strings; `apps/api/src/money.ts` converts.
 */
export const money = (name: string) => bigint(name, { mode: 'bigint' });

/** Binary content (an invoice's PDF), read and written as a Node Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
  toDriver: (value) => value,
});

/**
 * A company's list search index: the company's keyed trigrams of `searchText` (SQL `company_trigrams`,
 * migration 0079), read by `companySearch` (db/company-search.ts, decision 99).
 */
export const companySearchIndex = (name: string, companyId: PgColumn, searchText: PgColumn) =>
  index(name).using('gin', sql`company_trigrams(${companyId}, ${searchText})`);
