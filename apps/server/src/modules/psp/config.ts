import { z } from 'zod';
import { DEFAULT_PROVIDER_TIMEOUT_MS } from './http-client';

/**
 * Each provider's configuration, read from the environment (README.md lists the variables). All
 * optional: a provider with none of its variables is simply not available; one with some but not
 * all of its required variables is a configuration error. Base URLs can be overridden so the same
 * adapters talk to the local sandbox (apps/psp-sandbox).
 */

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

// Keys travel in headers and bodies: plain http only to this machine (the sandbox).
const baseUrl = z
  .url()
  .refine((value) => {
    const url = new URL(value);
    return url.protocol === 'https:' || (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname));
  }, 'doit être en https (http seulement vers localhost, pour le bac à sable)')
  .transform((value) => value.replace(/\/+$/, ''));

const secret = z.string().trim().min(8, 'est trop court pour être un identifiant valide');

const paygateSchema = z
  .object({
    PAYGATE_AUTH_TOKEN: secret,
    PAYGATE_BASE_URL: baseUrl.default('https://paygateglobal.com'),
  })
  .transform((env) => ({ authToken: env.PAYGATE_AUTH_TOKEN, baseUrl: env.PAYGATE_BASE_URL }));

const fedapaySchema = z
  .object({
    FEDAPAY_SECRET_KEY: secret,
    FEDAPAY_ENVIRONMENT: z.enum(['sandbox', 'live']),
    // FedaPay's docs (and the sandbox's README) give base URLs ending in /v1; the adapter adds
    // /v1 to every path itself, so either form is accepted.
    FEDAPAY_BASE_URL: baseUrl.transform((value) => value.replace(/\/v1$/, '')).optional(),
    FEDAPAY_WEBHOOK_SECRET: secret.optional(),
    FEDAPAY_ACCOUNT_ID: z.string().trim().min(1).optional(),
    FEDAPAY_DEFAULT_COUNTRY: z
      .string()
      .regex(/^[a-z]{2}$/, 'doit être un code pays en minuscules (tg, bj…)')
      .default('tg'),
    // FedaPay documents no refund endpoint (research §5.1): opt in once FedaPay has confirmed the
    // one the adapter calls for the account; the sandbox has it.
    FEDAPAY_API_REFUNDS: z.enum(['true', 'false'], 'doit valoir true ou false').default('false'),
  })
  .transform((env) => ({
    secretKey: env.FEDAPAY_SECRET_KEY,
    environment: env.FEDAPAY_ENVIRONMENT,
    // The docs say sandbox-api, the current Node SDK sdx-api (research §10.11): override if needed.
    baseUrl:
      env.FEDAPAY_BASE_URL ??
      (env.FEDAPAY_ENVIRONMENT === 'live'
        ? 'https://api.fedapay.com'
        : 'https://sandbox-api.fedapay.com'),
    webhookSecret: env.FEDAPAY_WEBHOOK_SECRET,
    accountId: env.FEDAPAY_ACCOUNT_ID,
    defaultCountry: env.FEDAPAY_DEFAULT_COUNTRY,
    apiRefunds: env.FEDAPAY_API_REFUNDS === 'true',
  }));

const wireCurrency = z.enum(['EUR', 'OUV', 'XOF', 'XAF', 'GNF']).optional();

const mtnSchema = z
  .object({
    MTN_TARGET_ENVIRONMENT: z
      .string()
      .regex(
        /^(sandbox|mtn[a-z]+)$/,
        'doit valoir sandbox ou mtn<pays> (mtnbenin, mtnivorycoast…)',
      ),
    MTN_BASE_URL: baseUrl.optional(),
    MTN_COLLECTION_SUBSCRIPTION_KEY: secret,
    MTN_COLLECTION_API_USER: z.uuid('doit être un UUID'),
    MTN_COLLECTION_API_KEY: secret,
    MTN_DISBURSEMENT_SUBSCRIPTION_KEY: secret.optional(),
    MTN_DISBURSEMENT_API_USER: z.uuid('doit être un UUID').optional(),
    MTN_DISBURSEMENT_API_KEY: secret.optional(),
    MTN_WIRE_CURRENCY: wireCurrency,
  })
  .refine(
    (env) => {
      const set = [
        env.MTN_DISBURSEMENT_SUBSCRIPTION_KEY,
        env.MTN_DISBURSEMENT_API_USER,
        env.MTN_DISBURSEMENT_API_KEY,
      ].filter(Boolean).length;
      return set === 0 || set === 3;
    },
    {
      message: 'les trois variables MTN_DISBURSEMENT_* vont ensemble (remboursements)',
      path: ['MTN_DISBURSEMENT_*'],
    },
  )
  .transform((env) => ({
    targetEnvironment: env.MTN_TARGET_ENVIRONMENT,
    baseUrl:
      env.MTN_BASE_URL ??
      (env.MTN_TARGET_ENVIRONMENT === 'sandbox'
        ? 'https://sandbox.momodeveloper.mtn.com'
        : 'https://proxy.momoapi.mtn.com'),
    collection: {
      subscriptionKey: env.MTN_COLLECTION_SUBSCRIPTION_KEY,
      apiUser: env.MTN_COLLECTION_API_USER,
      apiKey: env.MTN_COLLECTION_API_KEY,
    },
    disbursement:
      env.MTN_DISBURSEMENT_SUBSCRIPTION_KEY &&
      env.MTN_DISBURSEMENT_API_USER &&
      env.MTN_DISBURSEMENT_API_KEY
        ? {
            subscriptionKey: env.MTN_DISBURSEMENT_SUBSCRIPTION_KEY,
            apiUser: env.MTN_DISBURSEMENT_API_USER,
            apiKey: env.MTN_DISBURSEMENT_API_KEY,
          }
        : undefined,
    // MTN's own sandbox accepts EUR only; amounts stay whole numbers either way.
    wireCurrency: env.MTN_WIRE_CURRENCY,
  }));

const orangeSchema = z
  .object({
    ORANGE_BASE_URL: baseUrl.default('https://api.orange.com'),
    ORANGE_CLIENT_ID: secret,
    ORANGE_CLIENT_SECRET: secret,
    ORANGE_MERCHANT_KEY: secret,
    ORANGE_WEBPAY_COUNTRY: z.string().regex(/^[a-z]{2,3}$/, 'doit valoir dev, ci, sn, ml…'),
    ORANGE_WIRE_CURRENCY: wireCurrency,
    ORANGE_MERCHANT_LABEL: z.string().trim().min(1).max(30).optional(),
  })
  .transform((env) => ({
    baseUrl: env.ORANGE_BASE_URL,
    clientId: env.ORANGE_CLIENT_ID,
    clientSecret: env.ORANGE_CLIENT_SECRET,
    merchantKey: env.ORANGE_MERCHANT_KEY,
    country: env.ORANGE_WEBPAY_COUNTRY,
    // Orange's dev environment takes the test currency OUV.
    wireCurrency:
      env.ORANGE_WIRE_CURRENCY ?? (env.ORANGE_WEBPAY_COUNTRY === 'dev' ? 'OUV' : undefined),
    merchantLabel: env.ORANGE_MERCHANT_LABEL,
  }));

const waveSchema = z
  .object({
    WAVE_BASE_URL: baseUrl.default('https://api.wave.com'),
    WAVE_API_KEY: secret,
    WAVE_WEBHOOK_SECRET: secret.optional(),
    WAVE_SIGNING_SECRET: secret.optional(),
    WAVE_AGGREGATED_MERCHANT_ID: z.string().trim().min(1).optional(),
  })
  .transform((env) => ({
    baseUrl: env.WAVE_BASE_URL,
    apiKey: env.WAVE_API_KEY,
    webhookSecret: env.WAVE_WEBHOOK_SECRET,
    signingSecret: env.WAVE_SIGNING_SECRET,
    aggregatedMerchantId: env.WAVE_AGGREGATED_MERCHANT_ID,
  }));

const generalSchema = z.object({
  PSP_HTTP_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(120_000)
    .default(DEFAULT_PROVIDER_TIMEOUT_MS),
  PSP_TOGO_AGGREGATOR: z.enum(['paygate', 'fedapay']).optional(),
});

export type PayGateConfig = z.output<typeof paygateSchema>;
export type FedaPayConfig = z.output<typeof fedapaySchema>;
export type MtnConfig = z.output<typeof mtnSchema>;
export type OrangeConfig = z.output<typeof orangeSchema>;
export type WaveConfig = z.output<typeof waveSchema>;

export interface PspConfig {
  httpTimeoutMs: number;
  /** Which aggregator carries Togo's wallets when both are configured (PayGate by default). */
  togoAggregator?: 'paygate' | 'fedapay';
  paygate?: PayGateConfig;
  fedapay?: FedaPayConfig;
  mtn?: MtnConfig;
  orange?: OrangeConfig;
  wave?: WaveConfig;
}

const sections = {
  paygate: { prefix: 'PAYGATE_', schema: paygateSchema },
  fedapay: { prefix: 'FEDAPAY_', schema: fedapaySchema },
  mtn: { prefix: 'MTN_', schema: mtnSchema },
  orange: { prefix: 'ORANGE_', schema: orangeSchema },
  wave: { prefix: 'WAVE_', schema: waveSchema },
} as const;

/** Reads the providers' configuration; throws one French message listing every problem. */
export function loadPspConfig(source: NodeJS.ProcessEnv = process.env): PspConfig {
  const env = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const problems: string[] = [];
  const general = generalSchema.safeParse(env);
  if (!general.success) problems.push(...general.error.issues.map(describeIssue));
  const config: PspConfig = {
    httpTimeoutMs: general.data?.PSP_HTTP_TIMEOUT_MS ?? DEFAULT_PROVIDER_TIMEOUT_MS,
    togoAggregator: general.data?.PSP_TOGO_AGGREGATOR,
  };
  for (const [name, { prefix, schema }] of Object.entries(sections)) {
    if (!Object.keys(env).some((key) => key.startsWith(prefix))) continue;
    const parsed = schema.safeParse(env);
    if (parsed.success) Object.assign(config, { [name]: parsed.data });
    else problems.push(...parsed.error.issues.map(describeIssue));
  }
  if (problems.length > 0) {
    throw new Error(
      `Configuration des prestataires de paiement invalide :\n${problems.join('\n')}`,
    );
  }
  return config;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const message = issue.code === 'invalid_type' ? 'est obligatoire' : issue.message;
  return `  ${issue.path.join('.')}: ${message}`;
}
