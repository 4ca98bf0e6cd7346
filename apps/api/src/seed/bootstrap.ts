/**
 * What the first start does: create the first operator (from ADMIN_EMAIL / ADMIN_PASSWORD, or a
 * generated password printed once), and, on an empty database, the demo companies with their staff
 * and catalog, and (through a job enqueued in the same transaction) their customers and 18 months of
 * orders and subscriptions (demo-orders.ts).
 */
import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Database } from '../db/client.ts';
import { companies, companyUsers, users } from '../db/schema/index.ts';
import { seedDemoCustomersJob } from '../jobs/definitions.ts';
import { enqueue } from '../jobs/queue.ts';
import { passwordProblem } from '../modules/auth/password-policy.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { seedDemoCatalog } from './demo-catalog.ts';
import { DEMO_HISTORY_DAYS } from './demo-orders.ts';
import { seedDemoShipping } from './demo-shipping.ts';
import { seedDemoVouchers } from './demo-vouchers.ts';

export const DEFAULT_ADMIN_EMAIL = 'admin@rentloop.local';
const OPERATOR_NAME = 'Rentloop Admin';

export const DEMO_COMPANIES = [
  {
    key: 'northwind',
    name: 'Northwind Rentals',
    currency: 'CAD',
    market: 'canada',
    shop_system: 'woocommerce',
    payment_system: 'stripe',
  },
  {
    key: 'alpine',
    name: 'Alpine Leasing GmbH',
    currency: 'EUR',
    market: 'europe',
    shop_system: 'shopify',
    payment_system: 'mollie',
  },
] as const;

export const DEMO_CUSTOMERS_PER_COMPANY = 300;

/** Readiness's answer while the first start's demo job runs (GET /api/health/ready). */
export const DEMO_DATA_PENDING = 'The demo data is still being made. Try again in a minute.';

export interface BootstrapResult {
  /** Set when this start created the operator: the credentials to print once. */
  createdOperator?: { email: string; password: string; generated: boolean };
  seededDemo: boolean;
}

export async function bootstrap(
  database: Database,
  boss: PgBoss | null,
  opts: { adminEmail?: string; adminPassword?: string; seedDemo: boolean; demoBillingDays?: number },
): Promise<BootstrapResult> {
  const db = database.primary;
  const [operators] = await db.select({ n: count() }).from(users).where(eq(users.role, 'super-admin'));
  if (Number(operators?.n ?? 0) > 0) return { seededDemo: false };

  const email = (opts.adminEmail ?? DEFAULT_ADMIN_EMAIL).trim().toLowerCase();
  const generated = !opts.adminPassword;
  if (opts.adminPassword) {
    // The operator's password guards every company (and the demo staff share it): same rules as any other.
    const problem = await passwordProblem(opts.adminPassword, { email, name: OPERATOR_NAME });
    if (problem) throw new Error(`ADMIN_PASSWORD is refused: ${problem}`);
  }
  const password = opts.adminPassword ?? randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  const [existingCompanies] = await db.select({ n: count() }).from(companies);
  const seedDemo = opts.seedDemo && Number(existingCompanies?.n ?? 0) === 0;

  await db.transaction(async (tx) => {
    const now = new Date().toISOString();
    await tx.insert(users).values({
      name: OPERATOR_NAME,
      email,
      password_hash: passwordHash,
      role: 'super-admin',
      email_verified_at: now,
    });
    if (!seedDemo) return;
    for (const [index, demo] of DEMO_COMPANIES.entries()) {
      const [company] = await tx
        .insert(companies)
        .values({
          name: demo.name,
          currency: demo.currency,
          shop_system: demo.shop_system,
          payment_system: demo.payment_system,
          // Demo data, not a business: a test company, whose clock the lifecycle simulator may move.
          is_test: true,
        })
        .returning({ id: companies.id });
      if (!company) throw new Error('company not created');
      for (const role of ['owner', 'admin', 'user'] as const) {
        const [user] = await tx
          .insert(users)
          .values({
            name: `${demo.name.split(' ')[0]} ${role[0]!.toUpperCase()}${role.slice(1)}`,
            email: `${role}@${demo.key}.demo`,
            password_hash: passwordHash,
            email_verified_at: now,
          })
          .returning({ id: users.id });
        await tx.insert(companyUsers).values({ company_id: company.id, user_id: user!.id, role });
      }
      if (boss) {
        await enqueue(boss, tx, seedDemoCustomersJob, {
          companyId: company.id,
          count: DEMO_CUSTOMERS_PER_COMPANY,
          seed: 1000 * (index + 1),
          historyDays: DEMO_HISTORY_DAYS,
          ...(opts.demoBillingDays === undefined ? {} : { billingDays: opts.demoBillingDays }),
        });
      }
      // A dozen products: small enough to make here, so the catalog is there when the server opens.
      await seedDemoCatalog(tx, company.id, demo.market);
      await seedDemoVouchers(tx, company.id, demo.market);
      await seedDemoShipping(tx, company.id, demo.market);
    }
    // The Northwind owner also works for Alpine, so the ordinary company switcher has something to switch.
    const [northwindOwner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'owner@northwind.demo'));
    const [alpine] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.name, DEMO_COMPANIES[1].name));
    if (northwindOwner && alpine) {
      await tx
        .insert(companyUsers)
        .values({ company_id: alpine.id, user_id: northwindOwner.id, role: 'user' });
    }
  });
  return { createdOperator: { email, password, generated }, seededDemo: seedDemo };
}
