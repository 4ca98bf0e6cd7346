import { MESSAGES } from '@rentloop/domain/messages';
import { NOTE_MAX_LENGTH, NOTE_TEXTS } from '@rentloop/domain/notes';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createCompany,
  createUser,
  customerBody,
  type TestUser,
  useHarness,
} from '../../testing/harness.ts';

const h = useHarness();
let companyId: number;
let otherCompanyId: number;
let author: TestUser;
let colleague: TestUser;
let admin: TestUser;
let outsider: TestUser;
let operator: TestUser;
let customer: number;
let otherCustomer: number;

const url = (company = companyId, id?: number) =>
  `/api/${company}/rentloopdb/notes${id === undefined ? '' : `/${id}`}`;
const list = (user: TestUser | null, query = '', company = companyId) =>
  call(h.app, user, { method: 'GET', url: `${url(company)}${query}` });
const create = (user: TestUser | null, body: object, company = companyId) =>
  call(h.app, user, { method: 'POST', url: url(company), payload: body });
const update = (user: TestUser | null, id: number, body: object, company = companyId) =>
  call(h.app, user, { method: 'PUT', url: url(company, id), payload: body });
const remove = (user: TestUser | null, id: number, company = companyId) =>
  call(h.app, user, { method: 'DELETE', url: url(company, id) });
const onCustomer = (id = customer) => `?entity=customer&entity_id=${id}`;

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Maple Rentals' });
  const other = await createCompany(h.database, { name: 'Other Co' });
  companyId = company.id;
  otherCompanyId = other.id;
  author = await createUser(h, { company, role: 'user' });
  colleague = await createUser(h, { company, role: 'user' });
  admin = await createUser(h, { company, role: 'admin' });
  outsider = await createUser(h, { company: other, role: 'owner' });
  operator = await createUser(h, { globalRole: 'super-admin' });
  const made = async (user: TestUser, company: number, email: string) => {
    const res = await call(h.app, user, {
      method: 'POST',
      url: `/api/${company}/rentloopdb/customers`,
      payload: customerBody({ name: 'Noted Customer', email }),
    });
    expect(res.statusCode).toBe(201);
    return res.json().data.id as number;
  };
  customer = await made(author, companyId, 'noted@maple.test');
  otherCustomer = await made(outsider, otherCompanyId, 'noted@other.test');
});

describe('notes', () => {
  it('round trip: create, list newest first with author and time, edit, delete', async () => {
    const first = await create(author, {
      entity: 'customer',
      entity_id: customer,
      text: '  Called, will return.  ',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      status: true,
      message: MESSAGES.noteCreated,
      data: {
        entity: 'customer',
        entity_id: customer,
        text: 'Called, will return.',
        author_id: author.id,
        author_name: 'Test User',
        company_id: companyId,
      },
    });
    const second = await create(colleague, {
      entity: 'customer',
      entity_id: customer,
      text: 'Line one\nLine two',
    });
    expect(second.statusCode).toBe(201);

    const listed = await list(author, onCustomer());
    expect(listed.statusCode).toBe(200);
    const body = listed.json();
    expect(body.data.map((n: { text: string }) => n.text)).toEqual([
      'Line one\nLine two',
      'Called, will return.',
    ]);
    expect(body.meta.total).toBe(2);
    expect(body.data[0].created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    // The same through `filters`.
    const filtered = await list(
      author,
      `?filters=${encodeURIComponent(JSON.stringify({ entity: 'customer', entity_id: customer }))}`,
    );
    expect(filtered.json().meta.total).toBe(2);

    const id = first.json().data.id as number;
    const edited = await update(author, id, { text: 'Called twice.' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      message: MESSAGES.noteUpdated,
      data: { id, text: 'Called twice.' },
    });

    const deleted = await remove(author, id);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ status: true, message: MESSAGES.noteDeleted, data: null });
    expect((await list(author, onCustomer())).json().meta.total).toBe(1);
    expect((await remove(author, id)).statusCode).toBe(404);
  });

  it('lets only the author, an admin or owner, or an operator change a note', async () => {
    const res = await create(author, { entity: 'customer', entity_id: customer, text: 'Mine.' });
    const id = res.json().data.id as number;
    const refused = await update(colleague, id, { text: 'Not yours.' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(NOTE_TEXTS.notAuthor);
    expect((await remove(colleague, id)).statusCode).toBe(403);
    expect((await update(admin, id, { text: 'Tidied by an admin.' })).statusCode).toBe(200);
    expect((await update(operator, id, { text: 'Tidied by an operator.' })).statusCode).toBe(200);
    expect((await remove(admin, id)).statusCode).toBe(200);
  });

  it('answers 404 for a note of another company, and never lists it', async () => {
    const theirs = await create(
      outsider,
      { entity: 'customer', entity_id: otherCustomer, text: 'Theirs.' },
      otherCompanyId,
    );
    expect(theirs.statusCode).toBe(201);
    const id = theirs.json().data.id as number;
    expect((await update(admin, id, { text: 'Taken over.' })).statusCode).toBe(404);
    expect((await remove(admin, id)).statusCode).toBe(404);
    const all = (await list(admin, '?per_page=100')).json().data as { id: number }[];
    expect(all.some((n) => n.id === id)).toBe(false);
    // Through their company's URL, a stranger gets 404 like a missing company.
    expect((await list(author, '', otherCompanyId)).statusCode).toBe(404);
    expect((await list(null)).statusCode).toBe(401);
  });

  it('answers 422 naming entity_id for a record that does not exist in the company', async () => {
    for (const entity_id of [otherCustomer, 999_999]) {
      const res = await create(author, { entity: 'customer', entity_id, text: 'Nobody.' });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(MESSAGES.noteCreateFailed);
      expect(res.json().errors).toEqual({ entity_id: [NOTE_TEXTS.noSuchRecord('customer')] });
    }
  });

  it('answers 422 naming the field for a missing or too long text and an unknown kind of record', async () => {
    const empty = await create(author, { entity: 'customer', entity_id: customer, text: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.text).toEqual([MESSAGES.required]);
    const long = await create(author, {
      entity: 'customer',
      entity_id: customer,
      text: 'x'.repeat(NOTE_MAX_LENGTH + 1),
    });
    expect(long.statusCode).toBe(422);
    expect(Object.keys(long.json().errors)).toEqual(['text']);
    const kind = await create(author, { entity: 'planet', entity_id: customer, text: 'Hi.' });
    expect(kind.statusCode).toBe(422);
    expect(Object.keys(kind.json().errors)).toEqual(['entity']);
    const id = (await create(author, { entity: 'customer', entity_id: customer, text: 'Ok.' })).json().data
      .id;
    const bad = await update(author, id, { text: '' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({
      message: MESSAGES.noteUpdateFailed,
      errors: { text: [MESSAGES.required] },
    });
  });

  it("deletes a customer's notes with the customer", async () => {
    const res = await call(h.app, admin, {
      method: 'POST',
      url: `/api/${companyId}/rentloopdb/customers`,
      payload: customerBody({ name: 'Short Lived', email: 'short@maple.test' }),
    });
    const id = res.json().data.id as number;
    expect((await create(author, { entity: 'customer', entity_id: id, text: 'Soon gone.' })).statusCode).toBe(
      201,
    );
    const gone = await call(h.app, admin, {
      method: 'DELETE',
      url: `/api/${companyId}/rentloopdb/customers/${id}`,
    });
    expect(gone.statusCode).toBe(200);
    expect((await list(admin, onCustomer(id))).json().meta.total).toBe(0);
  });

  it('is in the history logs, named by the start of its text', async () => {
    const res = await create(author, { entity: 'customer', entity_id: customer, text: 'Audited note.' });
    const id = res.json().data.id as number;
    const filters = encodeURIComponent(JSON.stringify({ entity: 'notes', entity_id: String(id) }));
    const logs = await call(h.app, admin, {
      method: 'GET',
      url: `/api/${companyId}/utils/history-logs?filters=${filters}`,
    });
    expect(logs.statusCode).toBe(200);
    expect(logs.json().data).toMatchObject([
      { entity_type: 'notes', entity_id: String(id), action: 'created', entity_name: 'Audited note.' },
    ]);
  });
});
