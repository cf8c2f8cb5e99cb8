import Fastify, { type FastifyInstance } from 'fastify';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from './db/client';
import type { AppContext } from './context';
import { createMailer, type Mailer } from './mail/mailer';
import { enqueueMailRetry, registerMailRetry } from './mail/mail-retry';
import { createJobQueue, type JobQueue } from './jobs/queue';
import { jobRoutes } from './modules/jobs/jobs.routes';
import { DEFAULT_JOB_RETENTION_DAYS, jobFileUrl, mayLinkFile, registerJobRetention } from './modules/jobs';
import { createUploadStorage, resolveUploadSecret } from './modules/images';
import { registerProductImageJobs } from './modules/product-images';
import { answerFrameworkError, installErrorHandler, logSafeError } from './plugins/errors';
import { guardedValidatorCompiler } from './plugins/validator';
import { compiledSerializerCompiler, type SerializerOutcome } from './plugins/serializer';
import { authPlugin, resolveJwtSecret } from './plugins/auth';
import { permissionsPlugin } from './plugins/permissions';
import { registerDocs } from './plugins/docs';
import { registerSpa } from './plugins/spa';
import { registerSecurityHeaders } from './plugins/security-headers';
import { authRoutes } from './modules/auth/auth.routes';
import { userRoutes } from './modules/users/users.routes';
import { agencyRoutes } from './modules/agencies/agencies.routes';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { moneyRoutes } from './modules/money/money.routes';
import { publicProductRoutes } from './modules/public-products/public-products.routes';
import { catalogRoutes } from './modules/catalogs/catalogs.routes';
import { orderRoutes } from './modules/orders/orders.routes';
import { orderItemRoutes } from './modules/orders/order-items.routes';
import { orderCommandRoutes } from './modules/order-commands/order-commands.routes';
import { orderDetailRoutes } from './modules/order-detail/order-detail.routes';
import { orderChangeRoutes } from './modules/order-changes/order-changes.routes';
import { orderImportRoutes } from './modules/order-import/order-import.routes';
import { trackingRoutes } from './modules/tracking/tracking.routes';
import { designServiceRoutes } from './modules/design-service/design-service.routes';
import { refundRoutes } from './modules/refunds/refunds.routes';
import { orderReportRoutes } from './modules/order-reports/order-reports.routes';
import { userAdminRoutes } from './modules/users-admin/users-admin.routes';
import { proxyRoutes } from './modules/proxies/proxies.routes';
import { supplierPriceRoutes } from './modules/supplier-prices/supplier-prices.routes';
import { basecostRoutes } from './modules/basecosts/basecosts.routes';
import { categoryRoutes } from './modules/categories/categories.routes';
import { agencyAdminRoutes } from './modules/agencies-admin/agencies-admin.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { emailRoutes } from './modules/emails/emails.routes';
import { sellerTeamRoutes } from './modules/sellers/sellers.routes';
import { depositRoutes } from './modules/deposits/deposits.routes';
import { invoiceRoutes } from './modules/invoices/invoices.routes';
import { payoutRoutes } from './modules/payouts/payouts.routes';
import { warehouseRoutes } from './modules/warehouses/warehouses.routes';
import { warehouseProductRoutes } from './modules/warehouses/warehouse-products.routes';
import { inboundRoutes } from './modules/warehouses/inbound.routes';
import { warehouseOrderRoutes } from './modules/warehouses/warehouse-orders.routes';
import { profitRoutes } from './modules/profits/profits.routes';
import { profitRecordRoutes } from './modules/profits/profit-records.routes';
import { referralRoutes } from './modules/referrals/referrals.routes';
import { imageRoutes } from './modules/images/images.routes';
import type { S3Settings } from './storage/storage';
import { resolveSecretBox, type SecretKey } from './lib/secret-box';
import type { PlatformSettings } from './context';
import { storeRoutes } from './modules/stores/stores.routes';
import { wooCommerceRoutes } from './modules/stores/woocommerce.routes';
import { etsyRoutes } from './modules/stores/etsy.routes';
import { productRoutes } from './modules/products/products.routes';
import { mappingRoutes } from './modules/mapping/mapping.routes';
import { registerMappingImport } from './modules/mapping';
import { storeOrderRoutes } from './modules/store-orders/store-orders.routes';
import { registerStoreOrderFollowUps, registerStoreOrderJobs, scheduleStoreOrders } from './modules/store-orders';
import { registerProductJobs } from './modules/products';
import { migrateLegacyStoreConnections, registerStoreJobs, scheduleReencryption } from './modules/stores';
import { registerPrivacyJobs, schedulePrivacy } from './modules/privacy';
import { publishingRoutes } from './modules/publishing/publishing.routes';
import { registerPublishingJobs } from './modules/publishing';
import { registerOrderCommandJobs } from './modules/order-commands';
import { registerStockJobs, registerStorageCharges, scheduleStorageCharges } from './modules/warehouses';
import { registerCustomerBackfill, startCustomerBackfills } from './modules/customers';
import { registerKpiFold, scheduleKpiFold } from './modules/kpis';
import { customerRoutes } from './modules/customers/customers.routes';

export interface BuildAppOptions {
  database: Database;
  jwtSecret?: string;
  smtpUrl?: string;
  mailFrom?: string;
  publicUrl?: string;
  /** Folder of the built web app; when absent only the API is served. */
  webDist?: string;
  logLevel?: string;
  trustProxy?: boolean;
  /** Tests swap in their own mailer. */
  mailer?: Mailer;
  /** Local upload storage; when absent (tests) a fresh temporary folder. */
  uploadDir?: string;
  /** Presign uploads to S3 instead of the local disk. */
  s3?: S3Settings;
  /** Poll the job queue (the server does; tests drain it by hand through `app.jobs`). */
  runJobs?: boolean;
  /** Jobs this process runs at once (JOB_CONCURRENCY). */
  jobConcurrency?: number;
  /** Days finished jobs and their files are kept (JOB_RETENTION_DAYS, default 30). */
  jobRetentionDays?: number;
  /** Tests only (the fuzz walk): a 400 of schema validation carries `x-validation: <part>`. */
  markValidationErrors?: boolean;
  /** CREDENTIALS_KEYS: the keys store credentials are sealed with; absent, a development key kept in the database. */
  credentials?: { keys: readonly SecretKey[]; currentKeyId?: string };
  /** Store platforms: the Shopify app, and the local fakes' address (tests, local trials). */
  platforms?: PlatformSettings;
  /** Tests only: told how each route's response schema is serialised (plugins/serializer.ts). */
  onSerializerCompiled?: (outcome: SerializerOutcome) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

/**
 * The whole server, in an explicit order: error handler, validation, auth, permissions,
 * docs, then the feature modules, then the web app.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Errors are logged without the values of a failed statement (plugins/errors.ts).
    logger: { level: options.logLevel ?? 'info', serializers: { err: logSafeError } },
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
  });
  // 1. Errors first: nothing below may leak SQL or stacks.
  installErrorHandler(app, { markValidation: options.markValidationErrors });
  // 2. Zod validates requests (after the control-character rule, plugins/validator.ts); responses are
  // serialised by code compiled from their schemas: fields outside a schema never leave.
  app.setValidatorCompiler(guardedValidatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler(options.onSerializerCompiled));

  const { db } = options.database;
  const secret = await resolveJwtSecret(db, options.jwtSecret);
  // Browser hardening headers (CSP, frame, referrer, HSTS): before any route, so every answer has them.
  await registerSecurityHeaders(app, { publicUrl: options.publicUrl, s3: options.s3 });
  // 3. Token -> request.actor. 4. Every /api route must declare a permission.
  await app.register(authPlugin, { db, secret });
  await app.register(permissionsPlugin);
  // 5. OpenAPI from the schemas.
  await registerDocs(app);

  const jobs = createJobQueue({ db, log: app.log, embedded: options.database.kind === 'pglite', concurrency: options.jobConcurrency });
  const mailer =
    options.mailer ??
    createMailer({
      db,
      smtpUrl: options.smtpUrl,
      from: options.mailFrom ?? 'Fulfilment <no-reply@fulfilment.local>',
      log: app.log,
      onFailed: (message) => enqueueMailRetry(jobs, db, message),
    });
  registerMailRetry(jobs, db, mailer);
  const fileSecret = await resolveUploadSecret(db);
  const retentionDays = options.jobRetentionDays ?? DEFAULT_JOB_RETENTION_DAYS;
  const ctx: AppContext = {
    db,
    tokens: app.tokens,
    publicUrl: options.publicUrl,
    mailer,
    jobs,
    downloadUrl: (id) => jobFileUrl(fileSecret, id),
    keptFileUrl: (id, keptSince) => (mayLinkFile(retentionDays, keptSince) ? jobFileUrl(fileSecret, id) : null),
    secrets: await resolveSecretBox(db, options.credentials),
    platforms: options.platforms ?? {},
  };
  registerStoreJobs(ctx);
  registerProductJobs(ctx);
  registerMappingImport(ctx);
  // Catalog products published to the sellers' stores (docs/publishing.md).
  registerPublishingJobs(ctx);
  registerOrderCommandJobs(ctx);
  // Orders from connected stores: webhook reads, pulls and the daily reconciliation (docs/stores.md).
  registerStoreOrderJobs(ctx);
  registerStoreOrderFollowUps(ctx);
  await scheduleStoreOrders(ctx);
  const uploads = await createUploadStorage(db, { uploadDir: options.uploadDir ?? mkdtempSync(path.join(tmpdir(), 'fbo-uploads-')), s3: options.s3 });
  // Shop images copied into our storage at 992 x 992 (docs/stores.md, "Products").
  registerProductImageJobs(ctx, uploads);
  await scheduleReencryption(ctx);
  // Privacy erasures waiting for open orders to close (docs/stores.md, "Privacy").
  registerPrivacyJobs(ctx);
  await schedulePrivacy(ctx);
  // Warehouses: store stock pushed after movements, low-stock mails, monthly storage fees (docs/warehouses.md).
  registerStockJobs(ctx);
  registerStorageCharges(ctx);
  await scheduleStorageCharges(ctx);
  // Deployments from before the stores table kept a store's token in each order's metadata (docs/stores.md).
  await migrateLegacyStoreConnections(ctx);
  // Orders made before customers existed are linked in the background (docs/customers.md "Backfill").
  registerCustomerBackfill(ctx);
  await startCustomerBackfills(ctx);
  // KPI roll-ups: the deltas the database triggers append are folded every minute (docs/kpis.md).
  registerKpiFold(ctx);
  await scheduleKpiFold(ctx);
  await registerJobRetention(jobs, db, retentionDays);
  app.decorate('jobs', jobs);
  if (options.runJobs) {
    jobs.start();
    app.addHook('onClose', () => jobs.stop());
  }

  app.withTypeProvider<import('fastify-type-provider-zod').ZodTypeProvider>().get('/api/health', {
    config: { permission: 'public' },
    schema: { tags: ['health'], summary: 'Liveness and database check', response: { 200: z.object({ status: z.literal('ok'), database: z.string() }) } },
  }, async () => {
    await db.execute(sql`select 1`);
    return { status: 'ok' as const, database: options.database.kind };
  });

  // 6. Features.
  await app.register(async (scope) => {
    await authRoutes(scope, ctx);
    await userRoutes(scope, ctx);
    await agencyRoutes(scope, { db });
    await notificationRoutes(scope, ctx);
    await moneyRoutes(scope, ctx);
    await publicProductRoutes(scope, ctx);
    await catalogRoutes(scope, ctx);
    await orderRoutes(scope, ctx);
    await orderItemRoutes(scope, ctx);
    await orderCommandRoutes(scope, ctx);
    await orderDetailRoutes(scope, ctx);
    await orderChangeRoutes(scope, ctx);
    await orderImportRoutes(scope, ctx);
    await trackingRoutes(scope, ctx);
    await designServiceRoutes(scope, ctx);
    await refundRoutes(scope, ctx);
    await orderReportRoutes(scope, ctx);
    await userAdminRoutes(scope, ctx);
    await proxyRoutes(scope, ctx);
    await supplierPriceRoutes(scope, ctx);
    await basecostRoutes(scope, ctx);
    await categoryRoutes(scope, ctx);
    await agencyAdminRoutes(scope, ctx);
    await settingsRoutes(scope, ctx);
    await emailRoutes(scope, ctx);
    await sellerTeamRoutes(scope, ctx);
    await depositRoutes(scope, ctx);
    await invoiceRoutes(scope, ctx);
    await payoutRoutes(scope, ctx);
    await profitRoutes(scope, ctx);
    await profitRecordRoutes(scope, ctx);
    await referralRoutes(scope, ctx);
    await storeRoutes(scope, ctx);
    await wooCommerceRoutes(scope, ctx);
    await etsyRoutes(scope, ctx);
    await productRoutes(scope, ctx);
    await mappingRoutes(scope, ctx);
    await publishingRoutes(scope, ctx);
    await storeOrderRoutes(scope, ctx);
    await warehouseRoutes(scope, ctx);
    await warehouseProductRoutes(scope, ctx);
    await inboundRoutes(scope, ctx);
    await warehouseOrderRoutes(scope, ctx);
    await customerRoutes(scope, ctx);
    await jobRoutes(scope, ctx, fileSecret);
    await imageRoutes(scope, ctx, uploads);
  });

  // 7. The web app last.
  await registerSpa(app, options.webDist);
  return app;
}
