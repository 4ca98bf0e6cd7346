/**
 * Starts the API server (which serves the built web app) for the browser tests, on a fresh embedded
 * database in a temporary folder that is removed when the server stops. Run from the repository root
 * by Playwright's `webServer` after `npm run build` (the web app and the API bundle).
 *
 * With `E2E_DATABASE_URL` (a PostgreSQL server), the server runs on a fresh database
 * `rentloop_e2e_<port>` created on that server instead (dropped first if an earlier run left it).
 *
 * Payments: a local fake of Stripe (apps/api/src/integrations/payments/testing/fake-stripe.ts) runs in
 * this process, and the server is pointed at it (STRIPE_API_BASE); a test company given the fake's
 * credentials charges and stores methods there.
 *
 * Mail: a real SMTP server (smtp-server) runs in this process; the API delivers to it through
 * SMTP_URL exactly as in production, and every message it receives is written, parsed, as JSON into
 * `artifacts/mail/<port>/` for the tests to read (`waitForMail` in helpers.ts). Links in the mails
 * point at this server (APP_URL). It refuses mail to `refused.test` addresses (550), for the screens'
 * "not sent" paths.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AddressObject, simpleParser } from 'mailparser';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { startFakeStripe } from '../../apps/api/src/integrations/payments/testing/fake-stripe.ts';
import { REFUSED_DOMAIN, REFUSED_REPLY } from '../../apps/api/src/testing/mail.ts';
import { pauseBusinessDay } from './business-day.ts';
import { ADMIN_EMAIL, PASSWORD, PORT } from './credentials.ts';
import { mailDir, type ReceivedMail, sessionDir } from './mailbox.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'rentloop-e2e-'));

// A fresh database: no mail and no session of an earlier run may be read as this run's.
for (const dir of [mailDir(PORT), sessionDir(PORT)]) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
}

/** A fresh PostgreSQL database for this run, or '' for embedded PGlite. */
async function freshPostgres(serverUrl: string | undefined): Promise<string> {
  if (!serverUrl) return '';
  const name = `rentloop_e2e_${PORT}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
const databaseUrl = await freshPostgres(process.env.E2E_DATABASE_URL);

const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  [field ?? []].flat().flatMap((a) => a.value.map((v) => v.address?.toLowerCase() ?? ''));

let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  // As the API tests' server: mail to REFUSED_DOMAIN is refused as an unknown mailbox (550).
  onRcptTo(address, _session, callback) {
    if (!address.address.toLowerCase().endsWith(`@${REFUSED_DOMAIN}`)) return callback();
    callback(Object.assign(new Error(REFUSED_REPLY), { responseCode: 550 }));
  },
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        const message: ReceivedMail = {
          to: addresses(mail.to),
          subject: mail.subject ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
          text: mail.text ?? '',
          receivedAt: new Date().toISOString(),
        };
        received += 1;
        const name = `${Date.now()}-${String(received).padStart(5, '0')}.json`;
        // Written whole, then renamed: a reader never sees half a message.
        const partial = join(mailDir(PORT), `.${name}.tmp`);
        writeFileSync(partial, JSON.stringify(message, null, 2));
        renameSync(partial, join(mailDir(PORT), name));
        callback();
      })
      .catch(callback);
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpAddress = smtp.server.address();
const smtpPort = typeof smtpAddress === 'object' && smtpAddress ? smtpAddress.port : 0;

// A local Stripe (its wire format, its test payment methods) for companies the tests give its credentials.
const stripe = await startFakeStripe();

// The API bundle that `npm run build` made, under plain node, as `npm start` runs it.
const child = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // Embedded PGlite unless E2E_DATABASE_URL asked for PostgreSQL; never a server the environment
    // happens to point at through DATABASE_URL.
    DATABASE_URL: databaseUrl,
    READ_REPLICA_URL: '',
    ADMIN_EMAIL,
    ADMIN_PASSWORD: PASSWORD,
    SEED_DEMO: 'true',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'Rentloop <no-reply@rentloop.test>',
    APP_URL: `http://127.0.0.1:${PORT}`,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    // Every test signs in from 127.0.0.1: the per-address limit (tested in the API suite) would make
    // tests running side by side refuse each other's sign-ins at random.
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    // Fake shops in the browser tests listen on 127.0.0.1.
    ALLOW_PRIVATE_SHOP_URLS: 'true',
    STRIPE_API_BASE: stripe.url,
  },
});

// Once the server is ready, the hourly business day goes off (business-day.ts): npm test starts this server
// minutes before its browser pass (scripts/e2e-servers.mjs), and the cron must not act on the demo meanwhile.
const base = `http://127.0.0.1:${PORT}`;
void (async () => {
  while (child.exitCode === null) {
    const ready = await fetch(`${base}/api/health/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) {
      await pauseBusinessDay(base).catch((error: unknown) => {
        console.error(`Could not turn the business day off: ${String(error)}`);
      });
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
})();

const stop = (signal: NodeJS.Signals) => {
  if (child.exitCode === null) child.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

child.on('exit', (code, signal) => {
  void stripe.close();
  smtp.close(() => {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(code ?? (signal ? 0 : 1));
  });
});
