/**
 * `npm run worker`: background workers as a separate process, for scale-out on PostgreSQL.
 * The embedded database belongs to one process (npm start runs its workers in-process).
 */
// First: V8's settings before any other module's code runs.
import './v8-flags.ts';
import pino from 'pino';
import { loadConfig } from './config.ts';
import { migrate, openPostgres } from './db/client.ts';
import { refuseTransactionPooler } from './db/pooler-check.ts';
import { createMailer } from './integrations/email/mailer.ts';
import { gatewayConfigFrom } from './integrations/payments/adapters.ts';
import { createSecrets, loadSecretsKey } from './integrations/secrets.ts';
import { ALL_JOBS } from './jobs/definitions.ts';
import { createBoss, registerQueues, startWorkers } from './jobs/queue.ts';
import { openNotificationBus } from './modules/notifications/bus.ts';

async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new Error(
      'npm run worker needs DATABASE_URL (PostgreSQL). With the embedded database, npm start runs the workers.',
    );
  }
  const log = pino({ level: config.logLevel });
  // Its jobs' own connections need sessions as the API's do (pg-boss, the notification bus's writers).
  await refuseTransactionPooler(config.databaseUrl);
  const database = await openPostgres(config.databaseUrl, { poolSize: config.poolSize });
  await migrate(database);
  const boss = createBoss(database);
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  await registerQueues(boss, ALL_JOBS, database);
  // Without REDIS_URL a separate worker's notifications reach browsers on their next reload only.
  const notifications = await openNotificationBus(config.redisUrl, log);
  await startWorkers(boss, ALL_JOBS, {
    database,
    notifications,
    // Links in the mails jobs send (an invoices download) point at the app, as the API's do.
    appUrl: config.appUrl,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }),
    // The same key as the API's (SECRETS_KEY): jobs read shop credentials the API stored.
    secrets: createSecrets(loadSecretsKey({ secretsKey: config.secretsKey, dataDir: config.dataDir })),
    allowPrivateShopUrls: config.allowPrivateShopUrls,
    gateways: gatewayConfigFrom(config),
    log,
  });
  log.info({ jobs: ALL_JOBS.map((j) => j.name) }, 'worker started');
  const stop = async () => {
    // The jobs in flight finish (up to 10 s; pg-boss then fails them for a retry) before the connections close.
    log.info({ signal: 'SIGTERM or SIGINT' }, 'worker stopping');
    await boss.stop({ graceful: true, timeout: 10_000, wait: true });
    await notifications.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
