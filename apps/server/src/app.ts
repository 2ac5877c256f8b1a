import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DatabaseHandle } from './platform/db/database';
import { createErrorHandler, sendApiNotFound } from './platform/http/error-handler';
import { registerStorableTextGuard } from './platform/http/storable-text';
import { conflictCodes } from './db-conflicts';
import { healthRoutes } from './platform/http/health.routes';
import { instrumentHttp, metricsRoutes, requestIdOptions } from './platform/observability';
import { startApplicationGauges } from './composition/database-gauges';
import type { Readiness } from './platform/observability/readiness';
import { testClockRoutes } from './platform/test-clock/test-clock.routes';
import { registerOpenApi } from './platform/http/openapi';
import { registerRateLimit } from './platform/http/rate-limit';
import { AccessLog } from './platform/http/access-log';
import { registerSecurityHeaders } from './platform/http/security';
import { registerWebApp } from './platform/http/web-app';
import { defaultWebDistDir } from './platform/paths';
import cookie from '@fastify/cookie';
import {
  accessTokenKeys,
  authPlugin,
  authRoutes,
  defaultLoginPolicy,
  invitationRoutes,
  memberDirectory,
  passwordResetRoutes,
  profileRoutes,
  streamTicketRoutes,
  type LoginPolicy,
} from './modules/auth';
import { countActiveMembers, teamRoutes } from './modules/access';
import { auditRoutes } from './modules/audit';
import { organizationRoutes } from './modules/organizations';
import { fileLinkRoutes, type FileStorage } from './platform/storage';
import { pageAnalyticsRoutes, publicRoutes } from './modules/public';
import { programmesRoutes } from './modules/programmes';
import {
  levelEnrolmentQueries,
  studentEventsRoutes,
  studentImportRoutes,
  studentsExportRoutes,
  studentsRoutes,
} from './modules/students';
import {
  billingRoutes,
  couponsRoutes,
  invoicesExportRoutes,
  issueEnrolmentInvoices,
  studentBalanceQueries,
} from './modules/billing';
import {
  incomingCreditsRoutes,
  paymentsListRoutes,
  paymentsRoutes,
  usePaymentReceipts,
  webhookRoutes,
  type PaymentsContext,
} from './modules/payments';
import { dashboardRoutes } from './modules/dashboard';
import { forecastRoutes, statisticsRoutes } from './modules/analytics';
import { payoutRoutes, type PayoutRail } from './modules/accounting';
import { accountingReportsRoutes } from './modules/accounting';
import { settlementListRoutes } from './modules/accounting';
import { journalRoutes } from './modules/accounting';
import { reconciliationRoutes } from './modules/accounting';
import { recordIncomingCredit } from './modules/payments';
import { operatorRoutes } from './modules/operator';
import { searchRoutes } from './modules/search';
import { createHttpClient, createPaymentProviders, loadPspConfig } from './modules/psp';
import { paymentReceipts, receiptsRoutes } from './modules/receipts';
import { cashDeskRoutes } from './modules/cash-desk';
import { createLinkSigner, payerRoutes, payLinksRoutes, sendMessagePage } from './modules/payer';
import { admissionsRoutes, campaignRegistrations } from './modules/admissions';
import { notificationsRoutes } from './modules/notifications';
import { configureMessageLinks, optOutRoutes, shortLinkRoutes } from './modules/messaging';
import {
  campaignsRoutes,
  campaignTouchFor,
  configureCampaignTouches,
  sendingRoutes,
} from './modules/marketing';
import { reminderRoutes, workflowRoutes, type WorkflowPlanning } from './modules/automations';
import { settingsFileRoutes, settingsRoutes } from './modules/settings';
import { readEntryAssets } from './platform/http/web-assets';
import { registerEventSubscribers } from './composition/event-handlers';
import { messagesRoutes, messageWebhookRoutes } from './modules/messaging';
import { liveUpdatesPlugin } from './platform/http/event-stream';
import { silentLiveBus, type LiveBus } from './platform/live';

export interface BuildAppOptions {
  database: Pick<DatabaseHandle, 'db' | 'engine'>;
  /** pino logger of the process; tests leave it out (silent). */
  logger?: FastifyBaseLogger;
  version?: string;
  trustProxy?: boolean;
  /** Served over HTTPS (adds HSTS and upgrade-insecure-requests). */
  https?: boolean;
  /** Per-IP API requests per minute. */
  rateLimitPerMinute?: number;
  /** How payouts leave (PAYOUT_RAIL); the manual rail when absent. */
  payoutRail?: PayoutRail;
  /** Per-IP budget of each public form. */
  formRateLimit?: { max: number; timeWindow: string };
  /** Built web app to serve; `false` to serve none. */
  webDistDir?: string | false;
  /** Public address for links in e-mails (PUBLIC_URL); the request's origin when unset. */
  publicUrl?: string;
  /** Secret that signs access tokens (at least 32 characters). */
  jwtSecret: string;
  /** Where files are kept (`createFileStorage`: `<DATA_DIR>/uploads` or the S3 bucket). */
  storage: FileStorage;
  loginPolicy?: LoginPolicy;
  /** Per-IP budget of login and sign-up. */
  authRateLimit?: { max: number; timeWindow: string };
  /** Payment providers, clock and worker hook; none configured when left out. */
  payments?: PaymentsContext;
  /** The process's live bus (main.ts and the test app open one); a silent one when left out. */
  liveBus?: LiveBus;
  /** TEST_CLOCK=enabled only: `GET|PUT /api/test-clock`, and what runs once it moved. */
  testClock?: { onMoved: () => Promise<void> };
  /** « Automatisations »: plans a school's sends once a workflow is enabled or edited (main.ts: the `automations.plan` job). */
  automations?: { planning?: WorkflowPlanning };
  /** The process's phase for /api/health/ready (processes/*); ready once built when absent. */
  readiness?: Readiness;
  /** `/metrics`: METRICS_TOKEN, and whether this process reports the database gauges (default yes). */
  metrics?: { token?: string; databaseGauges?: boolean };
}

/** No provider configured: staff can see payments but not start any (tests, fresh installs). */
function paymentsWithoutProviders(
  db: DatabaseHandle['db'],
  logger: FastifyBaseLogger,
): PaymentsContext {
  return {
    db,
    providers: createPaymentProviders(loadPspConfig({}), {
      now: () => new Date(),
      http: createHttpClient({}),
      logger,
    }),
    now: () => new Date(),
    callbackBaseUrl: 'http://127.0.0.1',
    logger,
  };
}

/** Largest JSON body accepted by default; routes that need less say so. */
const BODY_LIMIT = 256 * 1024;

/**
 * Builds the HTTP application: external plugins, then platform plugins, then module routes
 * (fastify/demo's boot order). Used by main.ts and by the tests through `app.inject`.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const webDistDir = options.webDistDir ?? defaultWebDistDir;
  // The server-rendered pages (payer, pre-registration) and their errors share the payer entry.
  const payerAssets = readEntryAssets(webDistDir, 'src/payer/payer.ts');
  const handleError = createErrorHandler({
    conflictCodes,
    sendErrorPage: (reply, page, statusCode) =>
      sendMessagePage(reply, { ...page, assets: payerAssets }, statusCode),
  });
  const app = Fastify({
    loggerInstance: options.logger,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: BODY_LIMIT,
    return503OnClosing: true,
    // One access-log line per request instead of Fastify's two (platform/http/access-log.ts).
    logController: new AccessLog(),
    // A malformed URL escape is answered by the error handler too (French, HTML outside /api).
    frameworkErrors: handleError,
    routerOptions: { ignoreTrailingSlash: true },
    // The caller's X-Request-Id when sane, else a UUID: echoed, and on every log line.
    ...requestIdOptions,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const version = options.version ?? '0.0.0';
  // First: the request id and its context for every later hook; the latency histogram.
  instrumentHttp(app);

  await registerSecurityHeaders(app, { https: options.https ?? false });
  await registerRateLimit(app, {
    perMinute: options.rateLimitPerMinute ?? 300,
    db: options.database.db,
  });
  await registerOpenApi(app, version);
  app.setErrorHandler(handleError);
  registerStorableTextGuard(app);
  await app.register(cookie);
  // Server-sent event streams hear the live bus (`app.live`); closing the app ends them.
  await app.register(liveUpdatesPlugin, { bus: options.liveBus ?? silentLiveBus() });

  // Reactions that commit with their fact (the receipt shows a refund at once).
  registerEventSubscribers();
  const { db, engine } = options.database;
  const keys = accessTokenKeys(options.jwtSecret);
  const files = options.storage;
  const https = options.https ?? false;
  await app.register(authPlugin, { db, keys });
  await app.register(healthRoutes, { db, engine, version, readiness: options.readiness });
  // Prometheus's /metrics; the queue and backlog gauges read through their owners (composition).
  if (options.metrics?.databaseGauges !== false) startApplicationGauges(db);
  await app.register(metricsRoutes, { token: options.metrics?.token });
  if (options.testClock) await app.register(testClockRoutes, { db, ...options.testClock });
  await app.register(publicRoutes, {
    db,
    formRateLimit: options.formRateLimit ?? { max: 10, timeWindow: '10 minutes' },
  });
  await app.register(organizationRoutes, { db, files });
  // The local directory's signed download links (S3 answers its own).
  await app.register(fileLinkRoutes, { storage: files });
  await app.register(passwordResetRoutes, {
    db,
    publicUrl: options.publicUrl,
    rateLimit: options.authRateLimit ?? { max: 20, timeWindow: '1 minute' },
  });
  await app.register(invitationRoutes, {
    db,
    publicUrl: options.publicUrl,
    rateLimit: options.authRateLimit ?? { max: 20, timeWindow: '1 minute' },
  });
  await app.register(profileRoutes, { db, files });
  // Tickets that open a member's event streams from a browser (decisions/0022).
  await app.register(streamTicketRoutes, { keys });
  // The journal's counters show the active members: access's count, handed over here (the
  // journal knows no module, docs/decisions/0015).
  await app.register(auditRoutes, { db, members: { countActiveMembers } });
  // The members screen shows the people behind memberships: auth (downstream of access)
  // implements access's port, handed over here (docs/decisions/0015).
  await app.register(teamRoutes, { db, members: memberDirectory });
  await app.register(programmesRoutes, { db, enrolments: levelEnrolmentQueries });
  await app.register(settingsRoutes, { db, loginPolicy: options.loginPolicy });
  await app.register(settingsFileRoutes, { db, files });
  // Students show billing's balances and the import has billing invoice its enrolments: billing
  // (downstream) implements students' ports, handed over here (docs/decisions/0016).
  await app.register(studentsRoutes, { db, balances: studentBalanceQueries });
  await app.register(studentImportRoutes, { db, issueInvoices: issueEnrolmentInvoices });
  await app.register(studentEventsRoutes, { db });
  await app.register(billingRoutes, { db });
  await app.register(couponsRoutes, { db });
  await app.register(studentsExportRoutes, { db, balances: studentBalanceQueries });
  await app.register(invoicesExportRoutes, { db });
  const payments = options.payments ?? paymentsWithoutProviders(db, app.log);
  // The payment screens show each payment's receipt: receipts (downstream) implements payments'
  // port, handed over here (docs/decisions/0015).
  usePaymentReceipts(paymentReceipts);
  await app.register(paymentsRoutes, { context: payments });
  // The public pages' beacon (cookie-less page analytics), on the payments' clock.
  await app.register(pageAnalyticsRoutes, { db, now: payments.now });
  await app.register(webhookRoutes, { context: payments });
  await app.register(paymentsListRoutes, { context: payments });
  // « Comptabilité › À affecter »: money that arrived unasked, assigned or returned by Finance.
  await app.register(incomingCreditsRoutes, { context: payments });
  await app.register(dashboardRoutes, { db, now: payments.now });
  await app.register(statisticsRoutes, { db, now: payments.now });
  await app.register(forecastRoutes, { db, now: payments.now });
  // The platform operator's console: schools, KYC review, the public site's inbox, provider fees.
  await app.register(operatorRoutes, { db, files });
  await app.register(searchRoutes, { db });
  // « Comptabilité › Virements »: payouts to the school's bank account, their schedule.
  await app.register(payoutRoutes, { db, files, rail: options.payoutRail });
  // « Comptabilité › Paiements »: the settlement lines, their filters and totals.
  await app.register(settlementListRoutes, { db });
  // « Comptabilité › Journal »: FEC, Sage 100, CSV, XLSX exports, closure, account mapping.
  await app.register(journalRoutes, { db });
  // « Comptabilité › Rapprochement »: statements imported, matched, the queue, the report.
  await app.register(reconciliationRoutes, { db, recordIncomingCredit });
  await app.register(notificationsRoutes, { db });
  await app.register(receiptsRoutes, { db, files });
  // « Comptabilité › Exporter »: grand livre, balance âgée, encaissements, virements (PDF, XLSX).
  await app.register(accountingReportsRoutes, { db, files });
  await app.register(cashDeskRoutes, { db });
  // Messages: the school's outbox (« Messages », with « Renvoyer ») and the providers' delivery
  // reports, stored then applied (decisions/0020).
  await app.register(messagesRoutes, { db });
  await app.register(messageWebhookRoutes, { db });
  const signer = createLinkSigner(options.jwtSecret);
  // Our short links `/s/<code>` and the opt-out pages (messaging), the opt-out links signed
  // with the same secret.
  configureMessageLinks(options.jwtSecret);
  // The campaign touches the pre-registration form renders and verifies, signed with it too.
  configureCampaignTouches(options.jwtSecret);
  await app.register(shortLinkRoutes, { db, assets: payerAssets });
  await app.register(optOutRoutes, { db, assets: payerAssets });
  // The pay page opened through a campaign's link hands out its touch: marketing (downstream)
  // makes it for payer, handed over here (decisions/0015).
  await app.register(payerRoutes, {
    context: payments,
    signer,
    assets: payerAssets,
    campaignTouch: campaignTouchFor,
  });
  await app.register(payLinksRoutes, { db, signer });
  await app.register(admissionsRoutes, {
    db,
    signer,
    assets: payerAssets,
    formRateLimit: options.formRateLimit ?? { max: 10, timeWindow: '10 minutes' },
    wallets: () => payments.providers.wallets(),
    publicUrl: options.publicUrl,
  });
  // « Marketing › Campagnes »: a campaign's conversions are the pre-registrations admissions
  // (downstream) attributes to it, read through marketing's port handed over here (decisions/0015).
  await app.register(campaignsRoutes, {
    db,
    now: payments.now,
    registrations: campaignRegistrations,
  });
  // E-mail and SMS campaigns sent through messaging, once; the school's news subscribers.
  await app.register(sendingRoutes, { db, now: payments.now });
  await app.register(workflowRoutes, { db, planning: options.automations?.planning });
  // « Simuler » and the run history (the reminder engine).
  await app.register(reminderRoutes, { db });
  await app.register(authRoutes, {
    db,
    keys,
    files,
    loginPolicy: options.loginPolicy ?? defaultLoginPolicy,
    https,
    authRateLimit: options.authRateLimit ?? { max: 20, timeWindow: '1 minute' },
    publicUrl: options.publicUrl,
  });

  const sendWebApp = webDistDir === false ? undefined : await registerWebApp(app, webDistDir);
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (request.url.startsWith('/api/') || request.url === '/api' || !isPage || !sendWebApp) {
      return sendApiNotFound(request, reply);
    }
    // The web app shows the page, or its not-found page with a 404 for an address it lacks.
    return sendWebApp(request, reply);
  });

  return app;
}
