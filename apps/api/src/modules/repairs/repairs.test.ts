/**
 * Repairs through the API: opened when an asset goes to repair (by any action) with the questionnaire
 * version of that moment (kept after the questionnaire is edited), answered page by page (422 naming
 * the question), the summary's exact costs, closing (asset back in stock with its history, or removed
 * on REMOVE_STOCK), the list's filters and search, and 404 across companies.
 */
import { MESSAGES } from '@rentloop/domain/messages';
import { REPAIR_TEXTS } from '@rentloop/domain/repairs';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../context.ts';
import { call, createCompany, createUser, type TestUser, useHarness } from '../../testing/harness.ts';

const clock = fixedClock('2026-12-01T09:00:00Z');
const h = useHarness({ clock });
let cid: number;
let staff: TestUser;
let variantId: number;
let otherCid: number;
let otherStaff: TestUser;

type Repair = {
  id: number;
  product_tracking_id: number;
  status: string;
  questionnaire_id: number;
  questionnaire_version: number;
  answers: Record<string, string>;
  total_cost: string | null;
  outcome: string | null;
  pages: { name: string; questions: { name: string; text: string }[] }[];
  summary: {
    hours: string;
    total: string;
    lines: { name: string; amount: string }[];
    removes_from_stock: boolean;
  };
};

const api = (c: number, path: string) => `/api/${c}/rentloopdb/${path}`;
const req = (method: 'GET' | 'POST', url: string, payload?: object, as = staff) =>
  call(h.app, as, { method, url, payload });
async function ok<T = Repair>(res: Awaited<ReturnType<typeof req>>, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as { data: T; message: string };
}

let serial = 0;
async function asset(status: 'in stock' | 'to repair' = 'in stock') {
  const made = await ok<{ id: number }>(
    await req('POST', api(cid, 'product-tracking'), {
      serial_number: `EB-R${++serial}`,
      variant_id: variantId,
    }),
    201,
  );
  if (status === 'to repair')
    await ok(
      await req('POST', api(cid, `product-tracking/${made.data.id}/actions`), {
        action: 'send_to_repair',
        reason: 'Returned not complete',
      }),
    );
  return made.data.id;
}
const repairsOf = async (assetId: number, c = cid, as = staff) => {
  const qs = new URLSearchParams({ filters: JSON.stringify({ product_tracking_id: assetId }) });
  return (await ok<Repair[]>(await req('GET', `/read-replica/${c}/rentloopdb/repairs?${qs}`, undefined, as)))
    .data;
};
const answer = (id: number, page: number, answers: object) =>
  req('POST', api(cid, `repairs/${id}/answers`), { page, answers });

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Repair Shop', currency: 'EUR' });
  cid = company.id;
  staff = await createUser(h, { company, role: 'admin' });
  const product = await ok<{ variants: { id: number }[] }>(
    await req('POST', api(cid, 'products'), {
      name: 'E-bike',
      rental_prices: { monthly: '89.00' },
      variants: [{ sku: 'EB-1', name: 'Large', price: '2400.00' }],
    }),
    201,
  );
  variantId = product.data.variants[0]!.id;
  const other = await createCompany(h.database, { name: 'Other Shop', currency: 'EUR' });
  otherCid = other.id;
  otherStaff = await createUser(h, { company: other, role: 'admin' });
});

describe('opening a repair', () => {
  it('opens one when an asset is sent to repair, pinning the current questionnaire version', async () => {
    const id = await asset('to repair');
    const [repair] = await repairsOf(id);
    expect(repair).toMatchObject({ status: 'open', questionnaire_version: 1, total_cost: null });
    const detail = await ok(await req('GET', api(cid, `repairs/${repair!.id}`)));
    expect(detail.data.pages.map((p) => p.name)).toEqual(['Inspection', 'Repair', 'Summary']);
    // By hand for the same asset: it has an open one.
    const again = await req('POST', api(cid, 'repairs'), { product_tracking_id: id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REPAIR_TEXTS.alreadyOpen);
  });

  it('opens one by hand, sending an asset in stock to repair', async () => {
    const id = await asset();
    const res = await ok(
      await req('POST', api(cid, 'repairs'), { product_tracking_id: id, reason: 'Noisy brakes' }),
      201,
    );
    expect(res.message).toBe(REPAIR_TEXTS.created);
    const a = await ok<{ status: string }>(await req('GET', api(cid, `product-tracking/${id}`)));
    expect(a.data.status).toBe('to repair');
    expect(await repairsOf(id)).toHaveLength(1);
  });

  it('cancels the open repair when the asset leaves repair another way', async () => {
    const id = await asset('to repair');
    await ok(await req('POST', api(cid, `product-tracking/${id}/actions`), { action: 'mark_stolen' }));
    expect((await repairsOf(id))[0]!.status).toBe('cancelled');
  });

  it('keeps the version it opened with after the questionnaire is edited', async () => {
    const id = await asset('to repair');
    const [before] = await repairsOf(id);
    const q = await ok<{ version: number | null; pages: { questions: { text: string }[] }[] }>(
      await req('GET', api(cid, 'repairs-questions')),
    );
    q.data.pages[0]!.questions[0]!.text = 'Is everything there?';
    await ok(
      await req('POST', api(cid, 'repairs-questions'), { pages: q.data.pages, version: q.data.version }),
    );
    const pinned = await ok(await req('GET', api(cid, `repairs/${before!.id}`)));
    expect(pinned.data.pages[0]!.questions[0]!.text).toBe('Is the product complete?');
    const later = await asset('to repair');
    const fresh = await ok(await req('GET', api(cid, `repairs/${(await repairsOf(later))[0]!.id}`)));
    expect(fresh.data.questionnaire_version).toBe(pinned.data.questionnaire_version + 1);
    expect(fresh.data.pages[0]!.questions[0]!.text).toBe('Is everything there?');
  });
});

describe('answering and closing', () => {
  it('walks the e-bike: not complete, battery missing, 1.5 h and a part, exact total, back in stock', async () => {
    const id = await asset('to repair');
    const rid = (await repairsOf(id))[0]!.id;
    const missing = await answer(rid, 1, { is_complete: 'no', has_missing_parts: 'yes' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      'answers.missing_parts': [MESSAGES.required],
      'answers.has_damaged_parts': [MESSAGES.required],
    });
    await ok(
      await answer(rid, 1, {
        is_complete: 'no',
        has_missing_parts: 'yes',
        missing_parts: 'Battery',
        has_damaged_parts: 'no',
      }),
    );
    const bad = await answer(rid, 2, { repair_duration: '1.555', rentable_again: 'maybe' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual([
      'answers.rentable_again',
      'answers.repair_duration',
    ]);
    await ok(await answer(rid, 2, { repair_duration: 1.5, rentable_again: 'yes' }));
    const computed = await answer(rid, 3, { total_cost: '1.00' });
    expect(computed.json().errors).toEqual({ 'answers.total_cost': [REPAIR_TEXTS.computed] });
    const summary = await ok(await answer(rid, 3, { replaced_parts_cost: '349.90' }));
    expect(summary.data.summary).toMatchObject({ hours: '1.50', total: '409.90', removes_from_stock: false });
    expect(summary.data.summary.lines.map((l) => [l.name, l.amount])).toEqual([
      ['duration_cost', '60.00'],
      ['replaced_parts_cost', '349.90'],
      ['repaired_parts_cost', '0.00'],
      ['total_cost', '409.90'],
    ]);
    const closed = await ok(await req('POST', api(cid, `repairs/${rid}/close`), {}));
    expect(closed.message).toBe(REPAIR_TEXTS.closed);
    expect(closed.data).toMatchObject({ status: 'closed', total_cost: '409.90', outcome: 'in stock' });
    const a = await ok<{
      status: string;
      history: { from_status: string; to_status: string; action: string }[];
    }>(await req('GET', api(cid, `product-tracking/${id}`)));
    expect(a.data.status).toBe('in stock');
    expect(a.data.history[0]).toMatchObject({
      from_status: 'to repair',
      to_status: 'in stock',
      action: 'repaired',
    });
    const twice = await req('POST', api(cid, `repairs/${rid}/close`), {});
    expect(twice.statusCode).toBe(409);
    expect(
      (await ok<{ actions: unknown[] }>(await req('GET', api(cid, `repairs/${rid}/actions`)))).data,
    ).toBeTruthy();
    const edit = await answer(rid, 3, { repaired_parts_cost: '1' });
    expect(edit.statusCode).toBe(409);
  });

  it('refuses to close with a mandatory question unanswered, naming it', async () => {
    const rid = (await repairsOf(await asset('to repair')))[0]!.id;
    const res = await req('POST', api(cid, `repairs/${rid}/close`), {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'answers.is_complete': [MESSAGES.required],
      'answers.rentable_again': [MESSAGES.required],
    });
  });

  it('removes the asset from stock when the answers say REMOVE_STOCK', async () => {
    const id = await asset('to repair');
    const rid = (await repairsOf(id))[0]!.id;
    await ok(await answer(rid, 1, { is_complete: 'yes' }));
    const r = await ok(
      await answer(rid, 2, { rentable_again: 'no', sell_for_parts: 'no', delete_from_stock: 'yes' }),
    );
    expect(r.data.summary.removes_from_stock).toBe(true);
    const closed = await ok(
      await req('POST', api(cid, `repairs/${rid}/close`), { asset_status: 'in stock' }),
    );
    expect(closed.data).toMatchObject({ outcome: 'removed', total_cost: '0.00' });
    const a = await ok<{ status: string }>(await req('GET', api(cid, `product-tracking/${id}`)));
    expect(a.data.status).toBe('removed');
  });

  it('drops the answers of a branch no longer asked', async () => {
    const rid = (await repairsOf(await asset('to repair')))[0]!.id;
    await ok(await answer(rid, 1, { is_complete: 'no', has_missing_parts: 'no', has_damaged_parts: 'no' }));
    const r = await ok(await answer(rid, 1, { is_complete: 'yes' }));
    expect(r.data.answers).toEqual({ is_complete: 'yes' });
  });
});

describe('the list and other companies', () => {
  it('filters by status and searches by serial number', async () => {
    const qs = (o: Record<string, string>) => new URLSearchParams(o).toString();
    const open = (
      await ok<Repair[]>(
        await req(
          'GET',
          `/read-replica/${cid}/rentloopdb/repairs?${qs({ filters: JSON.stringify({ status: 'closed' }) })}`,
        ),
      )
    ).data;
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((r) => r.status === 'closed')).toBe(true);
    const found = (
      await ok<(Repair & { serial_number: string })[]>(
        await req('GET', `/read-replica/${cid}/rentloopdb/repairs?${qs({ search: 'eb-r1' })}`),
      )
    ).data;
    expect(found.map((r) => r.serial_number)).toContain('EB-R1');
  });

  it('answers 404 for another company’s repair and 422 for its asset', async () => {
    const rid = (await repairsOf(await asset('to repair')))[0]!.id;
    const id = (await repairsOf(await asset('to repair')))[0]!.product_tracking_id;
    for (const [m, path, body] of [
      ['GET', `repairs/${rid}`, undefined],
      ['GET', `repairs/${rid}/actions`, undefined],
      ['POST', `repairs/${rid}/answers`, { page: 1, answers: {} }],
      ['POST', `repairs/${rid}/close`, {}],
    ] as const)
      expect((await req(m, api(otherCid, path), body, otherStaff)).statusCode).toBe(404);
    const res = await req('POST', api(otherCid, 'repairs'), { product_tracking_id: id }, otherStaff);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['product_tracking_id']);
    expect(await repairsOf(id, otherCid, otherStaff)).toEqual([]);
  });
});
