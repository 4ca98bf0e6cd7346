/**
 * The template preview filled from a record (issue 25 item 7): by default the latest record that has
 * what the template needs, or the one the merchant picked (`record_id`); another company's record, or
 * one of the wrong kind (a quote for an order confirmation), is refused on `record_id`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type CompanyRecords, seedCompanyRecords } from '../../testing/company-records.ts';
import { call, createCompany, createUser, type TestUser, useHarness } from '../../testing/harness.ts';

const h = useHarness({ defaultTemplates: true });
let rec: CompanyRecords;
let other: CompanyRecords;

const preview = (user: TestUser, kind: string, body: object, company = rec.companyId) =>
  call(h.app, user, {
    method: 'POST',
    url: `/api/${company}/rentloopdb/templates/${kind}/preview`,
    payload: { lang: 'en', css_raw: '', ...body },
  });

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Preview Rentals' });
  const owner = await createUser(h, { company, role: 'owner' });
  const member = await createUser(h, { company, role: 'user' });
  rec = await seedCompanyRecords(h, { companyId: company.id, marker: 'prevmark', owner, member });
  const company2 = await createCompany(h.database, { name: 'Other Preview' });
  const owner2 = await createUser(h, { company: company2, role: 'owner' });
  const member2 = await createUser(h, { company: company2, role: 'user' });
  other = await seedCompanyRecords(h, {
    companyId: company2.id,
    marker: 'othermark',
    owner: owner2,
    member: member2,
  });
});

describe('template preview records', () => {
  it('fills an order confirmation from the latest placed order by default', async () => {
    const res = await preview(rec.owner, 'order_confirmation', {
      subject: 'Order {{order.number}}',
      html_raw: '<p>{{customer.name}}: {{order.total}}</p>',
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.record).toMatchObject({ type: 'order', id: rec.order });
    expect(data.subject).toMatch(/^Order \S+/);
    expect(data.html).toContain('prevmark');
    expect(data.source).not.toMatch(/no order yet/);
  });

  it('fills a quote from a draft order, and a subscription mail from a subscription', async () => {
    const quote = (
      await preview(rec.owner, 'quote', { subject: '{{quote.number}}', html_raw: '<p>x</p>' })
    ).json().data;
    expect(quote.record).toMatchObject({ type: 'quote', id: rec.draft });
    expect(quote.subject).toBe(`Q-${rec.draft}`);
    const ending = (
      await preview(rec.owner, 'subscription_ending', {
        subject: '{{subscription.product}} ends {{subscription.end_date}}',
        html_raw: '<p>x</p>',
        record_id: rec.subscription,
      })
    ).json().data;
    expect(ending.record).toMatchObject({ type: 'subscription', id: rec.subscription });
    expect(ending.subject).toMatch(/prevmark.* ends \d/);
  });

  it('fills an invoice mail from the picked invoice', async () => {
    const res = await preview(rec.owner, 'invoice', {
      subject: '{{invoice.number}} {{invoice.total}}',
      html_raw: '<p>{{invoice.due_date}}</p>',
      record_id: rec.invoice,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.record).toMatchObject({ type: 'invoice', id: rec.invoice });
    expect(res.json().data.subject).toMatch(/\S+ \S+/);
  });

  it('refuses a record of another company or of the wrong kind on record_id', async () => {
    const foreign = await preview(rec.owner, 'order_confirmation', {
      subject: 'x',
      html_raw: '<p>x</p>',
      record_id: other.order,
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toHaveProperty('record_id');
    expect(foreign.body).not.toContain('othermark');
    const draft = await preview(rec.owner, 'order_confirmation', {
      subject: 'x',
      html_raw: '<p>x</p>',
      record_id: rec.draft,
    });
    expect(draft.statusCode).toBe(422);
    const bad = await preview(rec.owner, 'quote', { subject: 'x', html_raw: '<p>x</p>', record_id: -3 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('record_id');
  });
});
