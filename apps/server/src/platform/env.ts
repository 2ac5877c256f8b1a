import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Every setting Écolage reads from the environment; `.env.example` documents each one. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL doit commencer par postgres:// ou postgresql://')
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * A direct connection to PostgreSQL (not through PgBouncer in transaction mode) for what needs a
   * session of its own: LISTEN (live updates, wake-ups) and the migrations. DATABASE_URL by default.
   */
  DATABASE_DIRECT_URL: z
    .string()
    .regex(
      /^postgres(ql)?:\/\//,
      'DATABASE_DIRECT_URL doit commencer par postgres:// ou postgresql://',
    )
    .optional(),
  /** Whether this process applies the migrations at start (`npm run db:migrate` otherwise). */
  MIGRATE_ON_START: booleanFlag.default(true),
  /** Port of the worker's own HTTP server (health and metrics only): `npm run worker`. */
  WORKER_PORT: z.coerce.number().int().min(0).max(65_535).default(3001),
  /** When set, `/metrics` asks for `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN : 16 caractères au moins.').optional(),
  /** Queries slower than this many milliseconds are logged (0: none). */
  SLOW_QUERY_MS: z.coerce.number().int().min(0).default(500),
  /** Where files go: `local` (DATA_DIR/uploads, one machine) or `s3` (S3-compatible storage). */
  STORAGE_DRIVER: z
    .enum(['local', 's3'], { error: 'STORAGE_DRIVER vaut local ou s3.' })
    .default('local'),
  /** S3-compatible endpoint (MinIO, Ceph, Garage, AWS…); unset with AWS itself. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(3).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style addresses (`endpoint/bucket/key`), what most S3-compatible servers want. */
  S3_FORCE_PATH_STYLE: booleanFlag.default(true),
  /** How long a signed download link stays valid, in seconds. */
  FILE_LINK_TTL_SECONDS: z.coerce.number().int().min(10).max(604_800).default(300),
  DATA_DIR: z.string().min(1).default('./data'),
  SEED_DEMO: booleanFlag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z.url().optional(),
  /** Origin the payment providers call back (the tunnel or the public address); PUBLIC_URL by default. */
  PSP_CALLBACK_BASE_URL: z.url().optional(),
  TRUST_PROXY: booleanFlag.default(false),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  WEB_DIST_DIR: z.string().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET doit contenir au moins 32 caractères.').optional(),
  /** HTTP endpoint the SMS are POSTed to (`{ to, from, body }`); unset: SMS stay captured. */
  SMS_GATEWAY_URL: z
    .url({ protocol: /^https?$/, error: 'SMS_GATEWAY_URL doit être une adresse http(s).' })
    .optional(),
  /** SMTP server the e-mails go through (`smtp://user:pass@host:587`, `smtps://…`); unset: captured. */
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: 'SMTP_URL doit être une adresse smtp:// ou smtps://.' })
    .optional(),
  /** SMS provider: twilio | infobip | http (unset: SMS_GATEWAY_URL's simple gateway, or captured). */
  SMS_PROVIDER: z
    .enum(['twilio', 'infobip', 'http'], { error: 'SMS_PROVIDER vaut twilio, infobip ou http.' })
    .optional(),
  /** The name phones show: 3 to 11 letters, digits or spaces, starting with a letter. */
  SMS_SENDER_ID: z
    .string()
    .regex(
      /^[A-Za-z][A-Za-z0-9 ]{2,10}$/,
      'SMS_SENDER_ID : 3 à 11 lettres, chiffres ou espaces, commençant par une lettre.',
    )
    .optional(),
  TWILIO_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  INFOBIP_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  INFOBIP_API_KEY: z.string().min(1).optional(),
  INFOBIP_WEBHOOK_TOKEN: z
    .string()
    .min(16, 'INFOBIP_WEBHOOK_TOKEN : 16 caractères au moins.')
    .optional(),
  SMS_HTTP_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  SMS_HTTP_API_KEY: z.string().min(1).optional(),
  SMS_HTTP_CLIENT_ID: z.string().min(1).optional(),
  SMS_HTTP_WEBHOOK_TOKEN: z
    .string()
    .min(16, 'SMS_HTTP_WEBHOOK_TOKEN : 16 caractères au moins.')
    .optional(),
  /** WhatsApp Cloud API (templates; the SMS goes instead when WhatsApp fails). */
  WHATSAPP_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  WHATSAPP_GRAPH_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, 'WHATSAPP_GRAPH_VERSION : v23.0 par exemple.')
    .optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().min(1).optional(),
  WHATSAPP_ACCESS_TOKEN: z.string().min(1).optional(),
  WHATSAPP_APP_SECRET: z.string().min(1).optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().min(1).optional(),
  /** Sender of the e-mails: `Écolage <no-reply@ecolage.tg>`. */
  MAIL_FROM: z.string().trim().min(3).default('Écolage <no-reply@ecolage.local>'),
  /** How payouts reach the school's bank: `manual` (the member types the bank's reference) or `sandbox`. */
  PAYOUT_RAIL: z
    .enum(['manual', 'sandbox'], { error: 'PAYOUT_RAIL vaut manual ou sandbox.' })
    .default('manual'),
  /** The sandbox's bank-transfer API (…/banque/v1) when PAYOUT_RAIL=sandbox. */
  PAYOUT_BANK_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Journeys and demos only: `enabled` lets `PUT /api/test-clock` move the application's now. */
  TEST_CLOCK: z
    .enum(['enabled', 'disabled'], { error: 'TEST_CLOCK vaut enabled ou disabled.' })
    .default('disabled'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  /** Absolute path of the data directory (embedded database, uploaded files). */
  dataDir: string;
}

/** Reads and validates the environment; throws one message listing every invalid variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(source).filter(([, value]) => value !== '')),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Configuration invalide :\n${lines.join('\n')}`);
  }
  if (
    parsed.data.TEST_CLOCK === 'enabled' &&
    parsed.data.NODE_ENV === 'production' &&
    !sandboxOnly(source)
  ) {
    throw new Error(
      "Configuration invalide :\n  TEST_CLOCK: l'horloge de test est refusée en production, sauf quand " +
        'tous les prestataires (paiement, SMS, e-mail) sont le simulateur local.',
    );
  }
  const missingForS3 = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  if (parsed.data.STORAGE_DRIVER === 's3' && missingForS3.some((name) => !parsed.data[name])) {
    const missing = missingForS3.filter((name) => !parsed.data[name]);
    throw new Error(
      `Configuration invalide :\n  STORAGE_DRIVER: le stockage s3 demande ${missing.join(', ')} ` +
        '(le compartiment et les clés d’accès).',
    );
  }
  // Relative to where the command was typed: `npm run db:seed` runs inside apps/server, but
  // ./data means the same folder as for `npm start` at the repository root.
  const base = source.INIT_CWD ?? process.cwd();
  return { ...parsed.data, dataDir: path.resolve(base, parsed.data.DATA_DIR) };
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const PROVIDER_PREFIXES = [
  'PAYGATE',
  'FEDAPAY',
  'MTN',
  'ORANGE',
  'WAVE',
  'TWILIO',
  'INFOBIP',
  'WHATSAPP',
];

function isLocalAddress(value: string): boolean {
  try {
    return LOCAL_HOSTS.has(new URL(value).hostname);
  } catch {
    return false;
  }
}

/**
 * True when nothing outside this machine is reached: every provider configured is pointed at a
 * local address (the sandbox), and so are the SMS gateway and the SMTP server. The test clock
 * may then run under NODE_ENV=production (the end-to-end journeys run the built product).
 */
export function sandboxOnly(source: NodeJS.ProcessEnv): boolean {
  const set = (name: string) => (source[name] ?? '') !== '';
  for (const prefix of PROVIDER_PREFIXES) {
    const configured = Object.keys(source).some(
      (name) => name.startsWith(`${prefix}_`) && !name.endsWith('_BASE_URL') && set(name),
    );
    if (configured && !isLocalAddress(source[`${prefix}_BASE_URL`] ?? '')) return false;
  }
  return Object.entries(source).every(
    ([name, value]) =>
      !value ||
      !/(_BASE_URL|_GATEWAY_URL|^SMTP_URL)$/.test(name) ||
      name === 'PSP_CALLBACK_BASE_URL' ||
      isLocalAddress(value),
  );
}

/**
 * The site's address for links made away from any request (receipts' QR codes, SMS and e-mails
 * sent by the worker): PUBLIC_URL, else this server on 127.0.0.1 and its PORT.
 */
export function publicBaseUrl(source: NodeJS.ProcessEnv = process.env): string {
  const configured = z.url().safeParse(source.PUBLIC_URL?.trim());
  if (configured.success) return configured.data.replace(/\/+$/, '');
  const port = Number(source.PORT);
  return `http://127.0.0.1:${Number.isInteger(port) && port > 0 ? port : 3000}`;
}
