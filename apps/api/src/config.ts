/**
 * Every environment variable the server reads, parsed once. Documented in README.md ("Configuration").
 */
import { resolve } from 'node:path';
import { z } from 'zod';

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalUrl = z.preprocess(emptyAsUndefined, z.string().url().optional());
const bool = (fallback: boolean) =>
  z
    .preprocess(emptyAsUndefined, z.enum(['true', 'false', '1', '0']).optional())
    .transform((v) => (v === undefined ? fallback : v === 'true' || v === '1'));

const envSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyAsUndefined,
    z.enum(['development', 'production', 'test']).default('production'),
  ),
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyAsUndefined, z.string().default('0.0.0.0')),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
  DATABASE_URL: optionalUrl,
  /** The embedded database on a worker thread of its own (db/pglite-worker.ts, decision 90); on unless false. */
  PGLITE_THREAD: bool(true),
  READ_REPLICA_URL: optionalUrl,
  /** The standby's delay past which every list reads the primary (db/read-router.ts). */
  READ_REPLICA_MAX_LAG_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  ),
  DATABASE_POOL_SIZE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(200).default(10)),
  ADMIN_EMAIL: z.preprocess(emptyAsUndefined, z.string().email().optional()),
  ADMIN_PASSWORD: z.preprocess(emptyAsUndefined, z.string().min(8).optional()),
  SEED_DEMO: bool(true),
  /**
   * How many of the demo history's last days the demo companies bill in Rentloop (seed/demo-orders.ts,
   * DEMO_BILLING_DAYS). Fewer makes a first start quicker: the browser tests' PostgreSQL pass, whose
   * screens show no invoices, uses 0.
   */
  DEMO_BILLING_DAYS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(540).optional()),
  RUN_JOBS: bool(true),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  SMTP_URL: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** Redis for the notifications' push across instances (pub/sub); unset: in process. */
  REDIS_URL: z.preprocess(emptyAsUndefined, z.string().url().optional()),
  MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().default('Rentloop <no-reply@rentloop.local>')),
  APP_URL: optionalUrl,
  AUTH_RATE_LIMIT_PER_MINUTE: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(1_000_000).default(20),
  ),
  ALLOW_PRIVATE_SHOP_URLS: bool(false),
  SECRETS_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  CORS_ORIGINS: z.preprocess(emptyAsUndefined, z.string().optional()),
  TRUST_PROXY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^(\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/, {
        message: 'a number of proxy hops (e.g. 1) or proxy addresses/CIDRs separated by commas',
      })
      .optional(),
  ),
  WEB_DIST_DIR: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** Another Stripe API origin (a local fake: http://127.0.0.1:port); unset: api.stripe.com. */
  STRIPE_API_BASE: optionalUrl,
  /** Another Mollie API root (https only: https://127.0.0.1:port/v2/); unset: api.mollie.com. */
  MOLLIE_API_BASE: z.preprocess(
    emptyAsUndefined,
    z.string().url().startsWith('https://', { message: 'the Mollie client speaks https only' }).optional(),
  ),
  SESSION_CACHE: z
    .preprocess(emptyAsUndefined, z.enum(['on', 'off', 'true', 'false', '1', '0']).optional())
    .transform((v) => v === undefined || v === 'on' || v === 'true' || v === '1'),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  readReplicaUrl: string | undefined;
  readReplicaMaxLagMs: number;
  poolSize: number;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  seedDemo: boolean;
  /** Days of the demo history billed in Rentloop (unset: the demo's own, seed/demo-orders.ts). */
  demoBillingDays?: number;
  runJobs: boolean;
  logLevel: string;
  corsOrigins: string[];
  webDistDir: string;
  smtpUrl: string | undefined;
  /** REDIS_URL: notifications pushed across instances through Redis pub/sub; unset: in process. */
  redisUrl: string | undefined;
  mailFrom: string;
  appUrl: string | undefined;
  secretsKey: string | undefined;
  authRateLimitPerMinute: number;
  allowPrivateShopUrls: boolean;
  /** Keep resolved sessions in memory per instance (http/session-cache.ts); SESSION_CACHE=off: no. */
  sessionCache: boolean;
  /** PGlite on a worker thread of its own (decision 90); PGLITE_THREAD=false runs it on the server's thread. */
  pgliteThread: boolean;
  /** Proxies whose X-Forwarded-For is believed (hops, or their addresses); false: the socket's address. */
  trustProxy: false | number | string[];
  /** STRIPE_API_BASE / MOLLIE_API_BASE: the payment adapters pointed at fakes (integrations/payments/adapters.ts). */
  stripeApiBase: string | undefined;
  mollieApiBase: string | undefined;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    pgliteThread: e.PGLITE_THREAD,
    readReplicaUrl: e.READ_REPLICA_URL,
    readReplicaMaxLagMs: e.READ_REPLICA_MAX_LAG_MS,
    poolSize: e.DATABASE_POOL_SIZE,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: e.SEED_DEMO,
    demoBillingDays: e.DEMO_BILLING_DAYS,
    runJobs: e.RUN_JOBS,
    logLevel: e.LOG_LEVEL,
    corsOrigins: e.CORS_ORIGINS
      ? e.CORS_ORIGINS.split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [],
    smtpUrl: e.SMTP_URL,
    redisUrl: e.REDIS_URL,
    mailFrom: e.MAIL_FROM,
    secretsKey: e.SECRETS_KEY,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    allowPrivateShopUrls: e.ALLOW_PRIVATE_SHOP_URLS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    sessionCache: e.SESSION_CACHE,
    stripeApiBase: e.STRIPE_API_BASE,
    mollieApiBase: e.MOLLIE_API_BASE,
    appUrl: e.APP_URL?.replace(/\/$/, ''),
    webDistDir: resolve(e.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname),
  };
}

/** TRUST_PROXY: unset = no proxy is believed; `1` = one hop (one load balancer); or its addresses/CIDRs. */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  if (!value) return false;
  if (/^\d+$/.test(value)) return Number(value) > 0 ? Number(value) : false;
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
