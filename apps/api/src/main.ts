/** Process entry: config -> database (lock, migrate) -> first-start bootstrap -> jobs -> listen. */
// First: V8's settings before any other module's code runs.
import './v8-flags.ts';
import { readFileSync } from 'node:fs';
import { Redis } from 'ioredis';
import type PgBoss from 'pg-boss';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { type Database, migrate, openPglite, openPostgres } from './db/client.ts';
import { redactedUrl, startFailureLine } from './db/connection-errors.ts';
import { lockDataDir } from './db/data-dir-lock.ts';
import { refuseTransactionPooler } from './db/pooler-check.ts';
import { createMailer } from './integrations/email/mailer.ts';
import { gatewayConfigFrom } from './integrations/payments/adapters.ts';
import { createSecrets, loadSecretsKey } from './integrations/secrets.ts';
import { ALL_JOBS } from './jobs/definitions.ts';
import { createBoss, registerQueues, startWorkers } from './jobs/queue.ts';
import { openNotificationBus } from './modules/notifications/bus.ts';
import { ensureDefaultTemplates } from './modules/templates/service.ts';
import { bootstrap } from './seed/bootstrap.ts';

const version = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'))
  .version as string;

/** The database a failed start names (the URL without its password, or PGlite's directory). */
let databaseTarget: string | null = null;

async function main() {
  const config = loadConfig();
  databaseTarget = config.databaseUrl ? redactedUrl(config.databaseUrl) : `PGlite in ${config.dataDir}`;
  let unlock: (() => Promise<void>) | undefined;
  let database: Database;
  if (config.databaseUrl) {
    await refuseTransactionPooler(config.databaseUrl);
    database = await openPostgres(config.databaseUrl, {
      replicaUrl: config.readReplicaUrl,
      replicaMaxLagMs: config.readReplicaMaxLagMs,
      poolSize: config.poolSize,
    });
  } else {
    unlock = await lockDataDir(config.dataDir);
    database = await openPglite(config.dataDir, undefined, { thread: config.pgliteThread });
  }
  await migrate(database);
  // The default templates of kinds (or languages) this version ships and the database lacks.
  await ensureDefaultTemplates(database);

  // The app is built before the queue starts (it only keeps the boss for later), so the queue's error
  // handler has the app's logger from the first error on, a failing start included.
  const boss: PgBoss = createBoss(database);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  const secrets = createSecrets(loadSecretsKey({ secretsKey: config.secretsKey, dataDir: config.dataDir }));
  const notificationBus = await openNotificationBus(config.redisUrl, {
    error: (obj, msg) => process.stderr.write(`${msg ?? 'error'}: ${JSON.stringify(obj)}\n`),
  });
  // The rate limits' counters, shared by every instance (app.ts). No offline queue: with Redis away a
  // command fails at once and the limit is skipped, instead of the sign-in waiting for Redis.
  const rateLimitRedis = config.redisUrl
    ? new Redis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 })
    : undefined;
  rateLimitRedis?.on('error', (err) =>
    process.stderr.write(`rate limits: redis error: ${err instanceof Error ? err.message : String(err)}\n`),
  );
  const app = await buildApp({
    rateLimitRedis,
    notificationBus,
    database,
    boss,
    mailer,
    appUrl: config.appUrl,
    secrets,
    authRateLimitPerMinute: config.authRateLimitPerMinute,
    allowPrivateShopUrls: config.allowPrivateShopUrls,
    logLevel: config.logLevel,
    corsOrigins: config.corsOrigins,
    trustProxy: config.trustProxy,
    sessionCache: config.sessionCache,
    webDistDir: config.webDistDir,
    version,
    gateways: gatewayConfigFrom(config),
  });
  boss.on('error', (err) => app.log.error({ err }, 'job queue error'));
  await boss.start();
  await registerQueues(boss, ALL_JOBS, database);

  const result = await bootstrap(database, boss, {
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
    seedDemo: config.seedDemo,
    demoBillingDays: config.demoBillingDays,
  });
  if (result.createdOperator) printCredentials(result.createdOperator, result.seededDemo);

  if (config.runJobs) {
    await startWorkers(boss, ALL_JOBS, {
      database,
      mailer,
      // Links in the mails jobs send (an invoices download) point at the app, as the requests' do.
      appUrl: config.appUrl,
      secrets,
      allowPrivateShopUrls: config.allowPrivateShopUrls,
      notifications: notificationBus,
      gateways: gatewayConfigFrom(config),
      log: app.log,
    });
  }

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: database.kind, dataDir: config.databaseUrl ? undefined : config.dataDir },
    'Rentloop ready',
  );

  // SIGTERM (a rolling deploy, a scale-in): the server stops accepting connections, ends the push
  // streams and answers the requests in flight (Fastify's close waits for them); the jobs this process
  // runs (RUN_JOBS) finish, up to 10 s as `npm run worker` allows; then the connections close.
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    // A keep-alive connection whose request was in flight goes idle after the close began; Node closes
    // only the connections idle at that moment, so the others would hold the close for their keep-alive
    // time (72 s): they are closed as each goes idle.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    await app.close();
    clearInterval(sweep);
    app.log.info({ signal }, 'requests finished');
    await boss.stop({ graceful: true, timeout: 10_000, wait: true });
    await notificationBus.close();
    await rateLimitRedis?.quit().catch(() => {});
    await database.close();
    await unlock?.();
    app.log.info({ signal }, 'shut down');
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

function printCredentials(op: { email: string; password: string; generated: boolean }, demo: boolean) {
  const lines = [
    'Rentloop: first operator account created',
    `  email:    ${op.email}`,
    `  password: ${op.generated ? op.password : '(the ADMIN_PASSWORD you set)'}`,
    ...(demo
      ? [
          'Demo staff (same password): owner@northwind.demo, admin@northwind.demo, user@northwind.demo,',
          '  owner@alpine.demo, admin@alpine.demo, user@alpine.demo',
        ]
      : []),
    op.generated ? 'This password is shown only once.' : '',
  ].filter(Boolean);
  const width = Math.max(...lines.map((l) => l.length)) + 2;
  const bar = `+${'-'.repeat(width)}+`;
  process.stdout.write(`\n${bar}\n${lines.map((l) => `| ${l.padEnd(width - 1)}|`).join('\n')}\n${bar}\n\n`);
}

// One line that says which database and what failed (a refused connection has an empty message).
main().catch((err) => {
  process.stderr.write(`${startFailureLine(err, databaseTarget)}\n`);
  process.exit(1);
});
