import type { EMAIL_ENTRY_SORTS, EmailEntry } from '@rentloop/domain/email';
import { getTableColumns, sql } from 'drizzle-orm';
import { type Ctx, isOperator, type UserActor } from '../../context.ts';
import { defineList, ph } from '../../db/define-list.ts';
import { customers, emailEntries } from '../../db/schema/index.ts';
import type { ListParams } from '../../lists.ts';

// Never `delivery_html`: the unredacted body (with a still-valid link) stays with the delivery job.
const { updated_at: _u, delivery_html: _d, ...columns } = getTableColumns(emailEntries);

type Sort = (typeof EMAIL_ENTRY_SORTS)[number];
type Filters = { status?: EmailEntry['status']; kind?: string; customer_id?: number };

/**
 * The Email History as a list (db/define-list.ts). No entity_counts trigger (platform mail has no
 * company to count under): totals count the matching rows on `(company_id, id)`.
 */
export const emailEntryList = defineList<Sort, Filters, EmailEntry>({
  name: 'email_entries',
  table: emailEntries,
  id: emailEntries.id,
  scopes: {
    company: sql`${emailEntries.company_id} = ${ph('companyId')}`,
    // Operators: the company's mail and the platform's (password resets, operator invitations).
    withPlatform: sql`(${emailEntries.company_id} = ${ph('companyId')} or ${emailEntries.company_id} is null)`,
  },
  columns,
  // Entries are appended in time order, so created_at and id sort alike; id is the index.
  sorts: { id: emailEntries.id, created_at: emailEntries.id },
  filters: {
    status: (v) => sql`${emailEntries.status} = ${v}`,
    kind: (v) => sql`${emailEntries.kind} = ${v}`,
    // Mail is addressed, not linked to a record: a customer's mails are those sent to their address.
    customer_id: (v) =>
      sql`lower(${emailEntries.to}) = (SELECT lower(${customers.email}) FROM ${customers}
            WHERE ${customers.company_id} = ${ph('companyId')} AND ${customers.id} = ${v})`,
  },
  search: (pattern) =>
    sql`(lower(${emailEntries.to}) LIKE ${pattern} OR lower(${emailEntries.subject}) LIKE ${pattern})`,
  trail: { entity: 'email_entries', scopes: { company: 'company', withPlatform: 'company+platform' } },
});

/** The company's sent mail; operators also see platform mail (password resets, operator invitations). */
export function listEmailEntries(
  ctx: Ctx<UserActor>,
  p: ListParams<Sort, Filters>,
): Promise<{ rows: EmailEntry[]; total: number }> {
  return emailEntryList.list(ctx, p, scopeOf(ctx));
}

/** The same entries, every one, in batches (http/list-export.ts). */
export const exportEmailEntries = (ctx: Ctx<UserActor>, p: ListParams<Sort, Filters>, ids?: number[]) =>
  emailEntryList.batches(ctx, p, { scope: scopeOf(ctx), ids });

// Operators see the platform's mails (to accounts, outside any company) beside the company's.
const scopeOf = (ctx: Ctx<UserActor>) => (isOperator(ctx.actor.globalRole) ? 'withPlatform' : 'company');
