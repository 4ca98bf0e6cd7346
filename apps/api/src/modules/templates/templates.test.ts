/**
 * Email and invoice templates: company overrides over the operators' defaults, the template-locale
 * calls, cleaning and inlining on save, the preview, and the mails the product sends made from them
 * (an invitation in the company's language with its own text, through the real SMTP path).
 */
import { MESSAGES } from '@rentloop/domain/messages';
import { TEMPLATE_KINDS, TEMPLATE_TEXTS } from '@rentloop/domain/templates';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailEntries } from '../../db/schema/index.ts';
import {
  call,
  createCompany,
  createUser,
  customerBody,
  type TestUser,
  useHarness,
} from '../../testing/harness.ts';
import { shippedTemplate } from './shipped.ts';

const h = useHarness({ mail: true, defaultTemplates: true });
let companyId: number;
let otherId: number;
let owner: TestUser;
let member: TestUser;
let outsider: TestUser;
let operator: TestUser;

const base = (company = companyId) => `/api/${company}/rentloopdb/templates`;
const get = (user: TestUser, url: string) => call(h.app, user, { method: 'GET', url });
const send = (user: TestUser, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  call(h.app, user, { method, url, payload });
const content = (text: string) => ({
  subject: `Willkommen {{user.name}}: ${text}`,
  html_raw: `<div class="box"><p>${text} {{inviter.name}}</p><a href="{{action_url}}">Los</a></div>`,
  css_raw: '.box{color:#123456;}',
});

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Berg Verleih' });
  const other = await createCompany(h.database, { name: 'Other Co' });
  companyId = company.id;
  otherId = other.id;
  owner = await createUser(h, { company, role: 'owner' });
  member = await createUser(h, { company, role: 'user' });
  outsider = await createUser(h, { company: other, role: 'owner' });
  operator = await createUser(h, { globalRole: 'super-admin' });
});

describe('company templates', () => {
  it('lists the company kinds with every language on the default, and not the platform mails', async () => {
    const res = await get(member, base());
    expect(res.statusCode).toBe(200);
    const kinds = res.json().data as {
      template_id: string;
      locales: { lang: string; customised: boolean }[];
    }[];
    const expected = TEMPLATE_KINDS.filter((k) => k.scope === 'company').map((k) => k.id);
    expect(kinds.map((k) => k.template_id)).toEqual(expected);
    expect(kinds.map((k) => k.template_id)).not.toContain('password_reset');
    expect(kinds.every((k) => k.locales.length === 5 && k.locales.every((l) => !l.customised))).toBe(true);
    const locales = await get(member, `${base()}/invitation/locales`);
    expect(
      locales.json().data.map((t: { lang: string; is_default: boolean }) => [t.lang, t.is_default]),
    ).toEqual([
      ['de', true],
      ['en', true],
      ['gr', true],
      ['nl', true],
      ['no', true],
    ]);
    expect(locales.json().data[0].subject).toBe(shippedTemplate('invitation', 'de').subject);
  });

  it('saves its own text of a language: cleaned, CSS inlined, then overriding the default; delete falls back', async () => {
    const url = `${base()}/invitation/locales/de`;
    const dirty = {
      ...content('Hallo'),
      html_raw: '<p onclick="steal()">Hallo</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
    };
    const saved = await send(owner, 'PUT', url, dirty);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe(MESSAGES.templateSaved);
    const t = saved.json().data;
    expect(t).toMatchObject({ is_default: false, lang: 'de', template_id: 'invitation', type: 'email' });
    expect(t.body).not.toMatch(/script|onclick|javascript:/);
    expect(t.body).toContain('Hallo');
    const styled = await send(owner, 'PUT', url, content('Hallo Team'));
    expect(styled.json().data.body).toContain('style="color: #123456;"');
    expect(styled.json().data.id).toBe(t.id);
    expect((await get(member, url)).json().data).toMatchObject({
      is_default: false,
      subject: content('x').subject.replace('x', 'Hallo Team'),
    });
    const list = (await get(member, base())).json().data as {
      template_id: string;
      locales: { lang: string; customised: boolean }[];
    }[];
    const invitation = list.find((k) => k.template_id === 'invitation')!;
    expect(invitation.locales.filter((l) => l.customised).map((l) => l.lang)).toEqual(['de']);
    // The other company still reads the default.
    expect((await get(outsider, `${base(otherId)}/invitation/locales/de`)).json().data.is_default).toBe(true);

    const removed = await send(owner, 'DELETE', url);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(MESSAGES.templateDeleted);
    expect((await get(member, url)).json().data.is_default).toBe(true);
    const again = await send(owner, 'DELETE', url);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(TEMPLATE_TEXTS.noOverride);
  });

  it('POST creates a language once (409 after), and needs an admin', async () => {
    const url = `${base()}/quote/locales`;
    const created = await send(owner, 'POST', url, { lang: 'nl', ...content('Offerte') });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      message: MESSAGES.templateCreated,
      data: { lang: 'nl', is_default: false },
    });
    const twice = await send(owner, 'POST', url, { lang: 'nl', ...content('Offerte') });
    expect(twice.statusCode).toBe(409);
    expect((await send(member, 'PUT', `${url}/nl`, content('Nope'))).statusCode).toBe(403);
    expect((await send(member, 'DELETE', `${url}/nl`)).statusCode).toBe(403);
    expect((await get(member, `${url}/nl`)).json().data.subject).toContain('Offerte');
  });

  it('names the field of bad content, refuses platform mails, and hides other companies', async () => {
    const url = `${base()}/invoice/locales/en`;
    const unclosed = await send(owner, 'PUT', url, { ...content('x'), html_raw: '<p>{{customer.name</p>' });
    expect(unclosed.statusCode).toBe(422);
    expect(Object.keys(unclosed.json().errors)).toEqual(['html_raw']);
    const blank = await send(owner, 'PUT', url, { ...content('x'), subject: '  ' });
    expect(blank.statusCode).toBe(422);
    expect(Object.keys(blank.json().errors)).toEqual(['subject']);
    const badLang = await send(owner, 'PUT', `${base()}/invoice/locales/fr`, content('x'));
    expect(badLang.statusCode).toBe(422);
    expect(Object.keys(badLang.json().errors)).toEqual(['locale']);
    expect((await get(owner, `${base()}/no_such_kind/locales`)).statusCode).toBe(404);
    const platform = await send(owner, 'PUT', `${base()}/password_reset/locales/en`, content('x'));
    expect(platform.statusCode).toBe(403);
    expect(platform.json().message).toBe(TEMPLATE_TEXTS.notCompanyKind);
    expect((await get(outsider, `${base()}/invitation/locales`)).statusCode).toBe(404);
    expect((await send(outsider, 'PUT', `${base()}/invitation/locales/en`, content('x'))).statusCode).toBe(
      404,
    );
  });

  it('previews unsaved content on the newest customer, and names unknown placeholders', async () => {
    const made = await call(h.app, owner, {
      method: 'POST',
      url: `/api/${companyId}/rentloopdb/customers`,
      payload: customerBody({ name: 'Greta <Gruber>', email: 'greta@berg.test' }),
    });
    expect(made.statusCode).toBe(201);
    const res = await send(owner, 'POST', `${base()}/invoice/preview`, {
      lang: 'de',
      subject: 'Rechnung für {{customer.name}}',
      html_raw: '<p>{{customer.name}} / {{company.name}} / {{invoice.number}} / {{customer.nmae}}</p>',
      css_raw: '',
    });
    expect(res.statusCode).toBe(200);
    const preview = res.json().data;
    expect(preview.subject).toBe('Rechnung für Greta <Gruber>');
    expect(preview.html).toContain('Greta &lt;Gruber&gt; / Berg Verleih /  / ');
    expect(preview.unknown_placeholders).toEqual(['customer.nmae']);
    expect(preview.source).toMatch(/customer Greta <Gruber> \(#\d+\).*no invoice yet/);
  });
});

describe('default templates (operators)', () => {
  it('are operators only', async () => {
    expect((await get(owner, '/api/rentloopdb/templates')).statusCode).toBe(403);
    expect(
      (await send(owner, 'PUT', '/api/rentloopdb/templates/invitation/locales/en', content('x'))).statusCode,
    ).toBe(403);
  });

  it('a changed default reaches companies without their own text; deleting it restores the shipped text', async () => {
    const url = '/api/rentloopdb/templates/subscription_ending/locales/en';
    const changed = await send(operator, 'PUT', url, { ...content('Platform text'), subject: 'Ends soon' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ is_default: true, subject: 'Ends soon' });
    const list = (await get(operator, '/api/rentloopdb/templates')).json().data as {
      template_id: string;
      locales: { lang: string; customised: boolean }[];
    }[];
    expect(list).toHaveLength(TEMPLATE_KINDS.length);
    expect(
      list.find((k) => k.template_id === 'subscription_ending')!.locales.find((l) => l.lang === 'en')!
        .customised,
    ).toBe(true);
    expect((await get(member, `${base()}/subscription_ending/locales/en`)).json().data.subject).toBe(
      'Ends soon',
    );

    const restored = await send(operator, 'DELETE', url);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data.subject).toBe(shippedTemplate('subscription_ending', 'en').subject);
    expect((await get(member, `${base()}/subscription_ending/locales/en`)).json().data.subject).toBe(
      shippedTemplate('subscription_ending', 'en').subject,
    );
    // Every kind and language exists from the start: creating one again is a conflict.
    const create = await send(operator, 'POST', '/api/rentloopdb/templates', {
      template_id: 'quote',
      lang: 'de',
      ...content('x'),
    });
    expect(create.statusCode).toBe(409);
    const unknown = await send(operator, 'POST', '/api/rentloopdb/templates', {
      template_id: 'nope',
      lang: 'de',
      ...content('x'),
    });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(['template_id']);
  });
});

describe('mails made from templates', () => {
  it('an invitation goes out in the company language with its own text, the link hidden in Email History', async () => {
    const settings = await send(owner, 'PUT', `/api/companies/${companyId}/settings/email`, {
      sender_name: '',
      reply_to: null,
      bcc: null,
      default_language: 'de',
    });
    expect(settings.statusCode).toBe(200);
    const saved = await send(owner, 'PUT', `${base()}/invitation/locales/de`, content('Servus vom Berg'));
    expect(saved.statusCode).toBe(200);

    const email = `neu.${Date.now().toString(36)}@example.test`;
    const invited = await send(owner, 'PUT', '/api/auth/users/roles', { email, id: companyId, role: 'user' });
    expect(invited.statusCode).toBeLessThan(300);
    const mail = await h.inbox.waitFor(email, { subject: /Willkommen/ });
    expect(mail.subject).toBe(`Willkommen ${email}: Servus vom Berg`);
    expect(mail.html).toContain('Servus vom Berg Test User');
    expect(mail.html).toContain('color: #123456');
    const link = /href="([^"]+)"/.exec(String(mail.html))![1]!;
    expect(link).toMatch(/^http:\/\/rentloop\.test\/auth\/password-create\?token=/);
    const [kept] = await h.database.primary.select().from(emailEntries).where(eq(emailEntries.to, email));
    expect(kept!.body_html).toContain('Servus vom Berg');
    expect(kept!.body_html).not.toContain('token=');

    // Back on the default (German), a colleague's invitation reads the shipped German text.
    await send(owner, 'DELETE', `${base()}/invitation/locales/de`);
    const second = `zwei.${Date.now().toString(36)}@example.test`;
    await send(owner, 'PUT', '/api/auth/users/roles', { email: second, id: companyId, role: 'user' });
    const shipped = await h.inbox.waitFor(second, { subject: /Einladung/ });
    expect(shipped.subject).toBe('Einladung zu Berg Verleih auf Rentloop');
  });
});
