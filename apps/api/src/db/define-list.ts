/**
 * One builder for every list: `defineList({...})` declares the table, the selected columns, the sorts,
 * the filters, the search and where the exact total comes from, and builds the statements the list runs
 * (docs/performance.md "How the lists stay cheap"):
 *
 * - one statement per page (one round trip, one snapshot) where every row carries the exact total:
 *   from entity_counts (kept by a trigger in the same transaction as every insert and delete) when the
 *   list declares `total: { entity }` and the page has no search or filter, else counted (an InitPlan,
 *   once, not per row);
 * - the page's ids from the index (scope, sort column, id) alone, then only those rows read (deferred
 *   join), so OFFSET walks index entries, not table rows;
 * - deep unfiltered pages of a list with a maintained total read from the nearer end of the index
 *   (db/list-pages.ts, `readPage`);
 * - a search collects its matches once (trigram index on the search expression) and takes both the
 *   count and a top-N sort of the page's ids from them; a list with a narrow search table collects them
 *   there when the page is sorted by id and unfiltered (`narrowSearch`);
 * - statements built once per process and shape (sort, direction, scope, search, which filters), the
 *   unfiltered ones named prepared statements (db/list-pages.ts, `statement`).
 *
 * Every list defined here is registered in `definedLists`, and `db/define-list.test.ts` checks each
 * against a plain `ORDER BY sort, id LIMIT OFFSET` query with `count(*)`.
 */
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { ListParams } from '../lists.ts';
import { likePattern } from '../lists.ts';
import type { Db } from './client.ts';
import { afterKey, type KeysetAfter, selectedIds } from './list-export.ts';
import { readPage, statement } from './list-pages.ts';
import { fieldIndex, type RowsMapperOf, rowMapper } from './row-mapper.ts';
import { entityCounts } from './schema/index.ts';
import { type TrailScope, trailTotal } from './trail-counts.ts';

/** The keyset's fields of an export's statement, read from its last row and left out of the rows. */
const KEYSET_FIELDS = new Set(['__key', '__id']);
/** One statement of an export's walk: the driver's rows, their mapper and where the keyset's fields are. */
type RawBatch = {
  raw: unknown[][];
  one: (row: unknown[]) => Record<string, unknown>;
  keyAt: number;
  idAt: number;
};
/** The walk's row mapper, made once per prepared statement from its fields. */
const statementRows: RowsMapperOf<RawBatch> = (fields, joins) => {
  const one = rowMapper(fields, KEYSET_FIELDS, joins);
  const keyAt = fieldIndex(fields, '__key');
  const idAt = fieldIndex(fields, '__id');
  return (raw) => ({ raw, one, keyAt, idAt });
};

type Placeholder = ReturnType<typeof sql.placeholder>;

/** A placeholder of the list's statements (`companyId`, `pattern`, `limit`, `offset`, `f_<filter>`). */
export const ph = (name: string) => sql.placeholder(name);

export interface ListDefinition<S extends string, F extends Record<string, unknown>, Row, Out> {
  /** Names the statements (and the list in the equivalence test). */
  name: string;
  table: PgTable;
  /** The table's id: the tie-break of every order and the key of the deferred join. */
  id: PgColumn;
  /**
   * Which rows a caller may see, by name; the first is the default. Each is a condition with the
   * `companyId` placeholder (or none: every row). A maintained total applies to `total.scope` only.
   */
  scopes: Record<string, SQL | undefined>;
  /** What a row returns; may use the `companyId` placeholder (a company's currency, say). */
  columns: SelectedFields;
  /** Tables joined to read the page's rows (never to choose them). */
  joins?: { table: PgTable; on: SQL; type: 'left' | 'inner' }[];
  sorts: Record<S, PgColumn>;
  /** One condition per filter, given the filter's placeholder. */
  filters: { [K in keyof F]-?: (value: Placeholder) => SQL };
  /** The search condition given the LIKE pattern's placeholder (lower-cased, wildcards escaped). */
  search?: (pattern: Placeholder) => SQL;
  /**
   * The list's narrow search table (db/schema/search.ts, decision 102): a search sorted by the id with no
   * filter takes its matches, their count and the page's ids from it alone, then reads the page's rows.
   * `id` is the row's id there, `scopes` the definition's scopes on that table (each naming the company),
   * `search` its search condition. `search` above stays what every other search shape runs.
   */
  narrowSearch?: {
    table: PgTable;
    id: PgColumn;
    scopes: Record<string, SQL>;
    search: (pattern: Placeholder) => SQL;
  };
  /** `{ entity, scope }`: the unfiltered total of that scope is entity_counts' row; else counted. */
  total?: { entity: string; scope: string };
  /**
   * An append-only trail (db/trail-counts.ts): the unfiltered total of each scope named here is the
   * trail's maintained count of the company, the company and the platform, or all; else counted.
   */
  trail?: { entity: string; scopes: Partial<Record<string, TrailScope>> };
  map?: (row: Row) => Out;
}

export interface DefinedList<S extends string, F extends Record<string, unknown>, Out> {
  definition: ListDefinition<S, F, never, Out>;
  list(
    ctx: { db: Db; companyId?: number | null },
    p: ListParams<S, Partial<F>>,
    scope?: string,
  ): Promise<{ rows: Out[]; total: number }>;
  /** The conditions of a page, for the equivalence test's plain query. */
  conditions(scope: string, search: boolean, filters: string[]): SQL[];
  values(companyId: number | null, p: ListParams<S, Partial<F>>): Record<string, unknown>;
  /**
   * Every row of the list (page and per_page ignored), in the list's order, `size` rows a statement:
   * for exports (http/list-export.ts). `ids` keeps only those rows (an export of a selection).
   */
  batches(
    ctx: { db: Db; companyId?: number | null },
    p: ListParams<S, Partial<F>>,
    options?: { scope?: string; size?: number; ids?: number[] },
  ): AsyncGenerator<Out[]>;
  /**
   * `batches` as text: each statement's rows made into `format`'s texts (one a row) as soon as they are
   * read (a data export's file). No row object outlives its statement, so none of a million rows'
   * garbage lives long enough to be promoted out of V8's young generation, and no text is one of the
   * large objects a batch joined into one string would be (docs/performance.md "Data export").
   */
  texts(
    ctx: { db: Db; companyId?: number | null },
    p: ListParams<S, Partial<F>>,
    options: { scope?: string; size?: number; ids?: number[] },
    format: (row: Out) => string,
  ): AsyncGenerator<string[]>;
}

// biome-ignore lint/suspicious/noExplicitAny: a registry of lists of every row type
export const definedLists: DefinedList<string, Record<string, unknown>, any>[] = [];

interface Shape {
  sort: string;
  desc: boolean;
  scope: string;
  search: boolean;
  filters: string[];
}

export function defineList<
  S extends string,
  F extends Record<string, unknown>,
  Row = Record<string, unknown>,
  Out = Row,
>(def: ListDefinition<S, F, Row, Out>): DefinedList<S, F, Out> {
  const filterNames = Object.keys(def.filters);
  const defaultScope = Object.keys(def.scopes)[0]!;
  const singleScope = Object.keys(def.scopes).length === 1;

  const conditions = (scope: string, search: boolean, filters: string[]): SQL[] => {
    const c: SQL[] = [];
    const scoped = def.scopes[scope];
    if (scoped) c.push(scoped);
    if (search && def.search) c.push(def.search(ph('pattern')));
    for (const name of filters) c.push(def.filters[name as keyof F](ph(`f_${name}`)));
    return c;
  };
  const shapeOf = (p: ListParams<S, Partial<F>>, scope: string): Shape => ({
    sort: p.sort,
    desc: p.desc,
    scope,
    search: Boolean(p.search) && Boolean(def.search),
    filters: filterNames.filter((n) => p.filters[n] !== undefined && p.filters[n] !== null),
  });
  const filtered = (s: Shape) => s.search || s.filters.length > 0;
  const trailScope = (s: Shape) => def.trail?.scopes[s.scope];
  const maintained = (s: Shape) =>
    !filtered(s) && ((def.total !== undefined && def.total.scope === s.scope) || trailScope(s) !== undefined);
  const whereOf = (s: Shape) => and(...conditions(s.scope, s.search, s.filters));
  const shapeKey = (s: Shape) =>
    `${def.name}${singleScope ? '' : `_${s.scope}`}_${s.sort}_${s.desc ? 'desc' : 'asc'}${
      filtered(s)
        ? `_f${Number(s.search)}${filterNames.map((n) => Number(s.filters.includes(n))).join('')}`
        : ''
    }`;

  const orderBy = (s: Shape, descending: boolean) => {
    const direction = descending ? desc : asc;
    const column = def.sorts[s.sort as S];
    return column === def.id ? [direction(def.id)] : [direction(column), direction(def.id)];
  };

  const maintainedTotal = (s: Shape): SQL<number> => {
    const trail = trailScope(s);
    if (trail) return trailTotal(def.trail!.entity, trail, ph('companyId'));
    return sql<number>`(select ${entityCounts.total} from ${entityCounts}
      where ${entityCounts.company_id} = ${ph('companyId')} and ${entityCounts.entity} = ${def.total!.entity})`;
  };

  /** The rows of the page's ids, with the joins, in the requested order. */
  const rowsOf = (db: Db, s: Shape, total: SQL<number>, pageIds: SQL | ReturnType<Db['select']>) => {
    let q = db
      .select({ ...def.columns, total: total.mapWith(Number) })
      .from(def.table)
      .$dynamic();
    for (const j of def.joins ?? [])
      q = j.type === 'left' ? q.leftJoin(j.table, j.on) : q.innerJoin(j.table, j.on);
    return q.where(inArray(def.id, pageIds as SQL)).orderBy(...orderBy(s, s.desc));
  };

  /** The narrow search table's matches when the shape can be answered from it alone, else none. */
  const narrowMatches = (db: Db, s: Shape) => {
    const narrow = def.narrowSearch;
    if (!narrow || !s.search || s.filters.length > 0 || def.sorts[s.sort as S] !== def.id) return undefined;
    return db
      .select({ id: sql<number>`${narrow.id}`.as('match_id'), key: sql`${narrow.id}`.as('sort_key') })
      .from(narrow.table)
      .where(and(narrow.scopes[s.scope], narrow.search(ph('pattern'))));
  };

  function listQuery(db: Db, s: Shape, reverse: boolean) {
    const where = whereOf(s);
    if (s.search) {
      // A search counts its matches anyway (a trigram bitmap scan that reads every matching row), so
      // the page is taken from those same matches: one scan, then a top-N sort of the matching ids,
      // instead of a second walk down the index that filters rows until the page is full. Referenced
      // twice, the CTE is computed once.
      const matches = db.$with('matches').as(
        narrowMatches(db, s) ??
          db
            .select({
              id: sql<number>`${def.id}`.as('match_id'),
              key: sql`${def.sorts[s.sort as S]}`.as('sort_key'),
            })
            .from(def.table)
            .where(where),
      );
      const direction = s.desc ? desc : asc;
      // Not `.with(matches)` here: the subquery reads the outer statement's CTE.
      const pageIds = db
        .select({ id: matches.id })
        .from(matches)
        .orderBy(direction(matches.key), direction(matches.id))
        .limit(ph('limit'))
        .offset(ph('offset'));
      const total = sql<number>`(select count(*) from ${matches})`;
      let q = db
        .with(matches)
        .select({ ...def.columns, total: total.mapWith(Number) })
        .from(def.table)
        .$dynamic();
      for (const j of def.joins ?? [])
        q = j.type === 'left' ? q.leftJoin(j.table, j.on) : q.innerJoin(j.table, j.on);
      return q.where(inArray(def.id, pageIds)).orderBy(...orderBy(s, s.desc));
    }
    const pageIds = db
      .select({ id: def.id })
      .from(def.table)
      .where(where)
      .orderBy(...orderBy(s, s.desc !== reverse))
      .limit(ph('limit'))
      .offset(ph('offset'));
    const total = maintained(s)
      ? maintainedTotal(s)
      : sql<number>`(select count(*) from ${def.table} where ${where ?? sql`true`})`;
    return rowsOf(db, s, total, pageIds as unknown as SQL);
  }

  /** The total alone, for a page past the end (no row to carry it) and to place a deep page. */
  function totalQuery(db: Db, s: Shape) {
    const narrow = narrowMatches(db, s);
    if (narrow) return db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(narrow.as('matches'));
    if (trailScope(s) && !filtered(s))
      return db.select({ n: maintainedTotal(s).mapWith(Number) }).from(sql`(select 1) as one`);
    return maintained(s)
      ? db
          .select({ n: entityCounts.total })
          .from(entityCounts)
          .where(
            and(eq(entityCounts.company_id, ph('companyId')), eq(entityCounts.entity, def.total!.entity)),
          )
      : db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(def.table)
          .where(whereOf(s));
  }

  const values = (companyId: number | null, p: ListParams<S, Partial<F>>) => {
    const v: Record<string, unknown> = {
      companyId,
      pattern: p.search ? likePattern(p.search) : null,
      common: p.searchCommon ?? null,
    };
    for (const n of filterNames) v[`f_${n}`] = p.filters[n] ?? null;
    return v;
  };

  /**
   * One batch of an export: the rows after the previous batch's last (sort key, id), never an
   * OFFSET, so each batch walks the same index from where the last one stopped and a row written
   * meanwhile cannot shift the rows into a duplicate or a gap.
   */
  function batchQuery(db: Db, s: Shape, after: KeysetAfter, ids: boolean) {
    const column = def.sorts[s.sort as S];
    const c = conditions(s.scope, s.search, s.filters);
    if (ids) c.push(selectedIds(def.id, ph('ids')));
    if (after !== 'first') c.push(afterKey(column, def.id, s.desc, after, ph('k_value'), ph('k_id')));
    const pageIds = db
      .select({ id: def.id })
      .from(def.table)
      .where(and(...c))
      .orderBy(...orderBy(s, s.desc))
      .limit(ph('limit'));
    let q = db
      .select({
        ...def.columns,
        // The sort key as text travels back as an untyped parameter, which PostgreSQL reads as the
        // column's own type: exact for timestamps (microseconds), numbers and text alike.
        __key: sql<string | null>`${column}::text`,
        __id: sql<string>`${def.id}::text`,
      })
      .from(def.table)
      .$dynamic();
    for (const j of def.joins ?? [])
      q = j.type === 'left' ? q.leftJoin(j.table, j.on) : q.innerJoin(j.table, j.on);
    // `= any(array(...))`, not `in (...)`: the batch's ids become one array read through the id's index.
    // For `in`, a batch of thousands is planned as a hash join over a scan of the whole table (on
    // 200,000 orders, 290 ms a batch of 5,000 against 22 ms), once per batch.
    return q.where(sql`${def.id} = any(array(${pageIds}))`).orderBy(...orderBy(s, s.desc));
  }

  const map = def.map ?? ((r: Row) => r as unknown as Out);

  /**
   * The statements of `batches` and `texts`: every row of the list in its order, `size` a statement,
   * each statement's rows as the driver's arrays with their mapper (`one`, the keyset's two fields
   * left out; db/row-mapper.ts). The keyset is read from the last array.
   */
  async function* statements(
    ctx: { db: Db; companyId?: number | null },
    p: ListParams<S, Partial<F>>,
    options: { scope?: string; size?: number; ids?: number[] },
  ): AsyncGenerator<RawBatch> {
    const { db } = ctx;
    const s = shapeOf(p, options.scope ?? defaultScope);
    const size = options.size ?? 500;
    const ids = options.ids;
    const v = { ...values(ctx.companyId ?? null, p), limit: size, ids: ids?.join(',') };
    let after: KeysetAfter = 'first';
    let key: Record<string, unknown> = {};
    for (;;) {
      const shape = `${shapeKey(s)}_export_${after}${ids ? '_ids' : ''}`;
      const batch = (await statement(
        db,
        shape,
        false,
        () => batchQuery(db, s, after, Boolean(ids)),
        statementRows,
      ).execute({ ...v, ...key })) as unknown as RawBatch;
      const n = batch.raw.length;
      if (n === 0) return;
      // The keyset is read before the rows go out: a consumer may drop them (`texts`).
      const last = batch.raw[n - 1]!;
      const lastKey = last[batch.keyAt] as string | null;
      const next = { k_value: lastKey, k_id: last[batch.idAt] };
      yield batch;
      if (n < size) return;
      after = lastKey === null ? 'null' : 'value';
      key = next;
    }
  }

  const defined: DefinedList<S, F, Out> = {
    definition: def as unknown as ListDefinition<S, F, never, Out>,
    conditions,
    values,
    async list(ctx, p, scope = defaultScope) {
      const { db } = ctx;
      const s = shapeOf(p, scope);
      const v = values(ctx.companyId ?? null, p);
      const named = !filtered(s);
      const { rows, total } = await readPage(p, !maintained(s), {
        page: async (reverse, window) =>
          (await statement(db, `${shapeKey(s)}${reverse ? '_rev' : ''}`, named, () =>
            listQuery(db, s, reverse),
          ).execute({ ...v, ...window })) as (Row & { total: number })[],
        total: async () => {
          // The maintained total is one statement for every sort (`customers_total`).
          const st = maintained(s)
            ? statement(db, `${def.name}${singleScope ? '' : `_${s.scope}`}_total`, true, () =>
                totalQuery(db, s),
              )
            : statement(db, `${shapeKey(s)}_count`, named, () => totalQuery(db, s));
          return Number((await st.execute(v))[0]?.n ?? 0);
        },
      });
      return { rows: rows.map(({ total: _t, ...r }) => map(r as Row)), total };
    },
    async *batches(ctx, p, options = {}) {
      for await (const { raw, one } of statements(ctx, p, options)) yield raw.map((r) => map(one(r) as Row));
    },
    async *texts(ctx, p, options, format) {
      for await (const batch of statements(ctx, p, options)) {
        const { raw, one } = batch;
        const texts = new Array<string>(raw.length);
        for (let i = 0; i < raw.length; i++) texts[i] = format(map(one(raw[i]!) as Row));
        // The driver's rows are let go now, not when the next statement is read: held over that wait
        // they outlived two scavenges and were promoted to the old generation (docs/performance.md).
        batch.raw = [];
        yield texts;
      }
    },
  };
  definedLists.push(defined as never);
  return defined;
}
