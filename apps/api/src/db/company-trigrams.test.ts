/**
 * `company_trigrams` (migration 0079, decision 99): the big lists' searches (db/company-search.ts) narrow rows by keyed
 * trigrams before its LIKE, so the keys must never lose a match. For any text and any term the LIKE
 * matches, the term's keys are among the text's; and a company's keys are never another company's.
 */
import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { likePattern } from '../lists.ts';
import { useHarness } from '../testing/harness.ts';

const h = useHarness();

const rowsOf = async <T>(query: SQL) =>
  ((await h.database.primary.execute(query)) as unknown as { rows: T[] }).rows;

// Letters, digits, the separators serials and names use, LIKE's own characters and non-ASCII letters.
const char = fc.constantFrom(...'abcz019-_ /.%\\äéßøñж中'.split(''));
const text = fc.array(char, { minLength: 0, maxLength: 24 }).map((a) => a.join(''));

async function check(rows: { text: string; term: string }[]) {
  const values = sql.join(
    rows.map((r) => sql`(${r.text}::text, ${likePattern(r.term)}::text)`),
    sql`, `,
  );
  return rowsOf<{ t: string; p: string; likes: boolean; keyed: boolean }>(sql`
    select t, p, t like p as likes, company_trigrams(7, t) @> company_trigrams(7, p) as keyed
      from (values ${values}) as v(t, p)`);
}

describe('company_trigrams', () => {
  it("keeps every LIKE match: a matched term's keys are among the text's", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            // a term taken from the text (always a match) or any term (mostly not)
            text.chain((t) =>
              fc
                .tuple(fc.nat(t.length), fc.nat(t.length))
                .map(([a, b]) => ({ text: t, term: t.slice(Math.min(a, b), Math.max(a, b)) })),
            ),
            fc.record({ text, term: text }),
          ),
          { minLength: 1, maxLength: 40 },
        ),
        async (rows) => {
          const searched = rows.filter((x) => x.term !== ''); // an empty term is no search
          if (searched.length === 0) return;
          for (const r of await check(searched))
            if (r.likes) expect(r.keyed, `${r.t} LIKE ${r.p}`).toBe(true);
        },
      ),
      { numRuns: process.env.CI ? 30 : 100 },
    );
  });

  it('narrows: a serial-like term keys on its inner trigrams, the escapes and wildcards add none', async () => {
    const [keys] = await rowsOf<{ k: string[] }>(
      sql`select company_trigrams(7, ${likePattern('SN-012345')}) as k`,
    );
    expect([...keys!.k].sort()).toEqual(['7:012', '7:123', '7:234', '7:345']);
    const rows = await check([
      { text: 'sn-0123450 cargo bike', term: 'sn-012345' },
      { text: 'sn-0123460 cargo bike', term: 'sn-012345' },
      { text: '50% off', term: '50%' },
      // Found by the property on PGlite: a padded trigram of "äz", hashed, looked like a plain one.
      { text: 'bäz1ß', term: 'äz' },
    ]);
    expect(rows.map((r) => [r.likes, r.keyed])).toEqual([
      [true, true],
      [false, false],
      [true, true],
      [true, true],
    ]);
  });

  it("keys a company's rows apart from another company's", async () => {
    const r = await rowsOf<{ same: boolean; overlap: boolean }>(sql`
      select company_trigrams(1, 'cargo bike') = company_trigrams(1, 'cargo bike') as same,
             company_trigrams(1, 'cargo bike') && company_trigrams(11, 'cargo bike') as overlap`);
    expect(r[0]).toEqual({ same: true, overlap: false });
  });

  it("company_search_keys leaves out a common text's keys and never a match", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            text,
            cut: fc.tuple(fc.nat(24), fc.nat(24)),
            common: fc.option(fc.oneof(text, fc.constantFrom('ord-', 'inv-2026-')), { nil: null }),
          }),
          { minLength: 1, maxLength: 30 },
        ),
        async (rows) => {
          // A term taken from the text: always a LIKE match, so its kept keys must be among the text's.
          const cases = rows
            .map((r) => ({ ...r, term: r.text.slice(Math.min(...r.cut), Math.max(...r.cut)) }))
            .filter((r) => r.term !== '');
          if (cases.length === 0) return;
          const values = sql.join(
            cases.map((r) => sql`(${r.text}::text, ${likePattern(r.term)}::text, ${r.common}::text)`),
            sql`, `,
          );
          const out = await rowsOf<{
            t: string;
            p: string;
            keyed: boolean;
            subset: boolean;
            kept: boolean;
          }>(sql`
            select t, p,
                   company_trigrams(7, t) @> company_search_keys(7, p, c) as keyed,
                   company_search_keys(7, p, c) <@ company_trigrams(7, p) as subset,
                   cardinality(company_search_keys(7, p, c)) > 0 or cardinality(company_trigrams(7, p)) = 0 as kept
              from (values ${values}) as v(t, p, c)`);
          for (const r of out)
            expect([r.t, r.p, r.keyed, r.subset, r.kept]).toEqual([r.t, r.p, true, true, true]);
        },
      ),
      { numRuns: process.env.CI ? 30 : 100 },
    );
    const [keys] = await rowsOf<{ number: string[]; only: string[]; none: string[] }>(sql`
      select company_search_keys(7, ${likePattern('ORD-12345')}, 'ord-') as number,
             company_search_keys(7, ${likePattern('ord-')}, 'ord-') as only,
             company_search_keys(7, ${likePattern('ORD-12345')}, null) as none`);
    expect([...keys!.number].sort()).toEqual(['7:123', '7:234', '7:345']);
    // Every key common: all kept (no key at all would read every row of the index).
    expect(keys!.only).toEqual(['7:ord']);
    expect([...keys!.none].sort()).toEqual(['7:123', '7:234', '7:345', '7:ord']);
  });
});
