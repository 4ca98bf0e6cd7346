/**
 * buildApp: the Fastify instance with every plugin and route. Used by main.ts and by the tests
 * (through app.inject), so tests exercise exactly what production serves.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@rentloop/domain/messages';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type PgBoss from 'pg-boss';
import { type Clock, type Deps, systemClock } from './context.ts';
import { type Database, SETTINGS_CHANNEL } from './db/client.ts';
import { type RouteEntry, registerAccessControl, requireAccessRules } from './http/access.ts';
import { AppError, registerErrorHandler } from './http/errors.ts';
import { registerHealthRoutes } from './http/health.ts';
import { registerOpenApi } from './http/openapi.ts';
import { parseQueryString } from './http/querystring.ts';
import { type SessionCache, startSessionCache } from './http/session-cache.ts';
import { registerRequestDatabase } from './http/transactions.ts';
import { clientErrorHandler, frameworkErrors, registerJsonBodyParser } from './http/wire.ts';
import type { Mailer } from './integrations/email/mailer.ts';
import type { GatewayConfig } from './integrations/payments/adapters.ts';
import { createSecrets, type Secrets } from './integrations/secrets.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { catalogRoutes } from './modules/catalog/routes.ts';
import { companyRoutes } from './modules/companies/routes.ts';
import { cronRoutes } from './modules/crons/routes.ts';
import { cumulatedInvoiceRoutes } from './modules/cumulated-invoices/routes.ts';
import { customerRoutes } from './modules/customers/routes.ts';
import { dataExportRoutes } from './modules/data-export/routes.ts';
import { debtCollectionRoutes } from './modules/debt-collection/routes.ts';
import { emailRoutes } from './modules/email/routes.ts';
import { emailSendRoutes } from './modules/email/send-routes.ts';
import { eventRoutes } from './modules/events/routes.ts';
import { historyLogRoutes } from './modules/history-logs/routes.ts';
import { insightsRoutes } from './modules/insights/routes.ts';
import { invoiceCorrectionRoutes } from './modules/invoices/correction-routes.ts';
import { invoiceRoutes } from './modules/invoices/routes.ts';
import { noteRoutes } from './modules/notes/routes.ts';
import { inProcessBus, type NotificationBus } from './modules/notifications/bus.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { draftOrderRoutes } from './modules/orders/routes/drafts.ts';
import { orderItemRoutes } from './modules/orders/routes/items.ts';
import { orderRoutes } from './modules/orders/routes/orders.ts';
import { debitReturnRoutes } from './modules/payments/debit-return-routes.ts';
import { paymentMethodRoutes } from './modules/payments/method-routes.ts';
import { oneTimePaymentRoutes } from './modules/payments/one-time-routes.ts';
import { refundRoutes } from './modules/payments/refund-routes.ts';
import { paymentWebhookRoutes } from './modules/payments/webhook-routes.ts';
import { assetImportRoutes } from './modules/product-tracking/import-routes.ts';
import { productTrackingRoutes } from './modules/product-tracking/routes.ts';
import { recurringPaymentRoutes } from './modules/recurring-payments/routes.ts';
import { repairQuestionRoutes } from './modules/repair-questions/routes.ts';
import { repairRoutes } from './modules/repairs/routes.ts';
import { returnRoutes } from './modules/returns/routes.ts';
import { followSettingsChanges } from './modules/settings/cache.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { shippingRoutes } from './modules/shipping/routes.ts';
import { subscriptionImportRoutes } from './modules/subscriptions/import-routes.ts';
import { subscriptionRoutes } from './modules/subscriptions/routes.ts';
import { companyTemplateRoutes } from './modules/templates/routes/company.ts';
import { defaultTemplateRoutes } from './modules/templates/routes/defaults.ts';
import { userRoutes } from './modules/users/routes.ts';
import { userStatusRoutes } from './modules/users/status-routes.ts';
import { voucherRoutes } from './modules/vouchers/routes.ts';
import { webhookRoutes } from './modules/webhooks/routes.ts';

export interface AppDeps {
  database: Database;
  boss?: PgBoss | null;
  mailer?: Mailer | null;
  /** Public address of the web app, for links in emails; else http://localhost:PORT. */
  appUrl?: string;
  /** Allow shop URLs on private networks (self-hosted shops on a LAN); ALLOW_PRIVATE_SHOP_URLS. */
  allowPrivateShopUrls?: boolean;
  /** Encryption of stored credentials; tests and main pass one (see integrations/secrets.ts). */
  secrets?: Secrets;
  /** Where "now" comes from (default the system clock); tests move time with `fixedClock`. */
  clock?: Clock;
  /** Sign-in and reset requests allowed per IP address per minute (default 20; AUTH_RATE_LIMIT_PER_MINUTE). */
  authRateLimitPerMinute?: number;
  /** A Redis client (ioredis) for the per-address rate limits shared by every instance; unset: in process. */
  rateLimitRedis?: Redis;
  logLevel?: string;
  corsOrigins?: string[];
  /**
   * Proxies in front of the server whose X-Forwarded-For is believed (TRUST_PROXY): the sign-in
   * throttle and the rate limits key on the client's address, which behind a load balancer is only
   * known from that header. Never `true`: a client could then claim any address.
   */
  trustProxy?: false | number | string[];
  /**
   * Keep resolved sessions in memory, dropped when the database announces a change (default true;
   * `SESSION_CACHE=off`). See http/session-cache.ts.
   */
  sessionCache?: boolean;
  /** The built web app (apps/web/dist); served with an SPA fallback when present. */
  webDistDir?: string;
  version?: string;
  /**
   * The push channel of notifications (REDIS_URL: Redis pub/sub across instances; default in process).
   * The caller closes a bus it passes; one made here is closed with the app.
   */
  notificationBus?: NotificationBus;
  /** The payment adapters' endpoints and time-out (config.ts STRIPE_API_BASE, MOLLIE_API_BASE). */
  gateways?: GatewayConfig;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route with its access rule (see http/access.ts). */
    routeTable: RouteEntry[];
    /** Services the modules use beyond the database. */
    deps: Deps;
    /** The only source of "now" for services (context.ts); tests pass a fixed clock. */
    clock: Clock;
    authRateLimit: { max: number; timeWindow: number };
    /** The per-instance session cache; null with `SESSION_CACHE=off`. */
    sessionCache: SessionCache | null;
  }
}

const SECRET_PARAMS = /([?&](?:token|password|current_password|refresh_token)=)[^&]*/gi;
export const redactQuery = (url: string) => url.replace(SECRET_PARAMS, '$1[redacted]');

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: deps.logLevel ?? 'info',
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: {
        // Tokens and passwords can arrive in the query (links from emails): never log them.
        req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
          method: req.method,
          url: redactQuery(req.url),
          ip: req.ip,
        }),
      },
    },
    // Keep a caller's request id (for tracing across services) when it is well-formed.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1_048_576,
    // A hop count believes that many proxies nearest the server (Fastify's types take it as a function).
    trustProxy:
      typeof deps.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (deps.trustProxy as number)
        : (deps.trustProxy ?? false),
    frameworkErrors,
    clientErrorHandler,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200, querystringParser: parseQueryString },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerJsonBodyParser(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // MUI (emotion) injects style tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Product images live in the merchant's shop or CDN.
        imgSrc: ["'self'", 'data:', 'https:'],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        // Served over plain http on a LAN address, an upgrade to https would break every request.
        upgradeInsecureRequests: null,
      },
    },
  });
  // Cross-origin calls are refused unless an origin is configured (CORS_ORIGINS).
  await app.register(cors, {
    origin: deps.corsOrigins && deps.corsOrigins.length > 0 ? deps.corsOrigins : false,
  });

  // Per-IP limits on the unauthenticated account routes (sign-in, reset): in Redis when the app has one
  // (REDIS_URL), so that every instance counts the same requests (decision 87); else in this process.
  // Redis away: the limit is skipped rather than sign-in refused; the per-email sign-in throttling is in
  // the database (modules/auth/throttle.ts), shared by all instances whatever happens to Redis.
  await app.register(rateLimit, {
    global: false,
    ...(deps.rateLimitRedis
      ? { redis: deps.rateLimitRedis, nameSpace: 'rentloop:rate-limit:', skipOnError: true }
      : {}),
    // The plugin sets Retry-After; the answer is the product's 429 envelope, with the wait in words.
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'rate_limited',
        `Too many requests from this address. Please try again in ${context.after}.`,
      ),
  });
  app.decorate('authRateLimit', { max: deps.authRateLimitPerMinute ?? 20, timeWindow: 60_000 });

  // Answers of 1 KB or more (API JSON, the API description) are compressed when the client accepts it:
  // a page of 10 customers is 8.5 KB of JSON, 1.2 KB compressed. Brotli at quality 4, not 11: it runs
  // on every request, and for that page 11 takes 12 ms of CPU against 0.09 ms for 15% fewer bytes.
  // The web app's files are compressed once at build time (`preCompressed` below): they carry a
  // Content-Encoding, which this plugin leaves alone. Without Accept-Encoding (the bench, health
  // checks) nothing is compressed. Request bodies are not decompressed: no client of ours sends them
  // compressed, and inflating them would only widen what one request can cost.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    globalDecompression: false,
  });

  await registerOpenApi(app, { version: deps.version });

  const routeTable = requireAccessRules(app);
  app.decorate('routeTable', routeTable);
  app.decorate('deps', {
    boss: deps.boss ?? null,
    mailer: deps.mailer ?? null,
    appUrl: deps.appUrl,
    // Without a key (tests that do not touch credentials), a throwaway one: nothing sealed with it outlives the process.
    secrets: deps.secrets ?? createSecrets(randomBytes(32)),
    allowPrivateShopUrls: deps.allowPrivateShopUrls ?? false,
    notifications: deps.notificationBus ?? inProcessBus(),
    gateways: deps.gateways ?? {},
  });
  app.decorate('clock', deps.clock ?? systemClock);
  registerErrorHandler(app);
  // One change listener per app (db/notify.ts): the session cache's auth changes and the settings cache's
  // company settings changes, so a change on another instance takes effect here at once (decision 87).
  const settingsChanges = followSettingsChanges(app.deps);
  const listening = await startSessionCache(
    deps.database,
    app.log,
    { cache: deps.sessionCache !== false },
    {
      onChange: (payload, channel) => {
        if (channel === SETTINGS_CHANNEL) settingsChanges.onChange(payload);
      },
      onReset: settingsChanges.onReset,
      setLive: settingsChanges.setLive,
    },
  );
  app.addHook('onClose', () => listening.close());
  app.decorate('sessionCache', listening.cache);
  registerAccessControl(app, deps.database.primary, listening.cache, deps.clock ?? systemClock);
  registerRequestDatabase(app, deps.database);

  registerHealthRoutes(app, deps.database, deps.boss ?? null);

  await app.register(authRoutes);
  await app.register(companyRoutes);
  await app.register(customerRoutes);
  await app.register(productTrackingRoutes);
  await app.register(returnRoutes);
  await app.register(noteRoutes);
  await app.register(notificationRoutes);
  await app.register(cronRoutes);
  await app.register(historyLogRoutes);
  await app.register(insightsRoutes);
  await app.register(userRoutes);
  await app.register(emailRoutes);
  await app.register(emailSendRoutes);
  await app.register(settingsRoutes);
  await app.register(companyTemplateRoutes);
  await app.register(defaultTemplateRoutes);
  await app.register(catalogRoutes);
  await app.register(eventRoutes);
  await app.register(userStatusRoutes);
  await app.register(voucherRoutes);
  await app.register(webhookRoutes);
  await app.register(repairQuestionRoutes);
  await app.register(repairRoutes);
  await app.register(orderRoutes);
  await app.register(draftOrderRoutes);
  await app.register(orderItemRoutes);
  await app.register(subscriptionRoutes);
  await app.register(subscriptionImportRoutes);
  await app.register(assetImportRoutes);
  await app.register(shippingRoutes);
  await app.register(invoiceRoutes);
  await app.register(invoiceCorrectionRoutes);
  await app.register(cumulatedInvoiceRoutes);
  await app.register(recurringPaymentRoutes);
  await app.register(paymentMethodRoutes);
  await app.register(refundRoutes);
  await app.register(debitReturnRoutes);
  await app.register(oneTimePaymentRoutes);
  await app.register(paymentWebhookRoutes);
  await app.register(debtCollectionRoutes);
  await app.register(dataExportRoutes);

  // One not-found handler: client-side routes (/cms/customers/12) get the web app's index.html when it
  // is built; API paths, missing files, and everything when it is not built, get the JSON 404 envelope.
  const dist = deps.webDistDir;
  const spa = Boolean(dist && existsSync(join(dist, 'index.html')));
  const isFilePath = spa ? staticFilePaths(dist!) : () => false;
  if (spa) {
    await app.register(fastifyStatic, {
      root: dist!,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes file.br and file.gz beside each text file (apps/web/vite.config.ts): sent
      // as they are to a browser that accepts them, index.html included (the fallback below too).
      preCompressed: true,
      // They are variants of their file, not files of their own: no route of their own.
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (res, path) => {
        res.setHeader('cache-control', cacheControlOf(dist!, path));
        // A cache (a CDN, a proxy) must keep one copy per encoding.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path.startsWith('/api') || path.startsWith('/read-replica');
    // HEAD answers as GET does (RFC 9110): monitors and link checkers probe pages with it.
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (spa && read && !isApi && !isFilePath(path)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ status: false, message: MESSAGES.notFound, code: 'not_found', request_id: request.id });
  });
  return app;
}

// Vite names every file it emits under assets/ after its content hash (assets/index-B5xq3zUe.js).
const HASHED_ASSET = /^assets[/\\][^/\\]+-[A-Za-z0-9_-]{8,}\.[a-z0-9.]+$/;

/**
 * A hashed asset never changes under its name: cached for a year. Everything else (index.html, the
 * favicon) is revalidated on every load, so a deploy reaches the browser at once. `filePath` may be a
 * precompressed copy (`assets/index-B5xq3zUe.js.br`): it is cached like its file.
 */
export const cacheControlOf = (dist: string, filePath: string) =>
  HASHED_ASSET.test(relative(dist, filePath)) ? 'public, max-age=31536000, immutable' : 'no-cache';

/**
 * Paths that ask for a file, never for a client route: under a folder of the build (assets/) or a
 * file name at the root (/favicon.ico). A missing one is a 404, not the app's HTML: a browser holding
 * an old index.html then fails to load a chunk of the previous build, and the app reloads itself.
 */
function staticFilePaths(dist: string): (path: string) => boolean {
  const folders = readdirSync(dist, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `/${entry.name}/`);
  return (path) => folders.some((folder) => path.startsWith(folder)) || /^\/[^/]*\.[^/]*$/.test(path);
}
