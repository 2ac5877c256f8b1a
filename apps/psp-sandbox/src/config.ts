// Fixed sandbox credentials and the settings a demo or a test may change (/__sim/config).
import type { ProviderId } from './state';

/**
 * The credentials every provider expects. These fixed values exist only for this local sandbox
 * (README lists them); they are not secrets and unlock nothing outside 127.0.0.1.
 * The MTN pair and the two webhook secrets are those of research/psp-signature-vectors.js, so the
 * published vectors can be replayed against the sandbox.
 */
export interface SandboxCredentials {
  mtn: {
    subscriptionKey: string;
    apiUser: string;
    apiKey: string;
    callbackHost: string;
    /** Disbursement (refunds) is another product: its own subscription key and API user. */
    disbursementSubscriptionKey: string;
    disbursementApiUser: string;
    disbursementApiKey: string;
  };
  orange: { clientId: string; clientSecret: string; merchantKey: string };
  wave: { apiKey: string; webhookSecret: string };
  fedapay: { secretKey: string; webhookSecret: string };
  paygate: { authToken: string };
  /** Twilio: the account's SID and auth token (Basic auth, and the key of X-Twilio-Signature). */
  twilio: { accountSid: string; authToken: string };
  /** Infobip: `Authorization: App <apiKey>`. */
  infobip: { apiKey: string };
  /** The local aggregator (KING SMS PRO's shape): `APIKEY` and `CLIENTID` headers. */
  aggregator: { apiKey: string; clientId: string };
  /** WhatsApp Cloud API: the system user's token, the app secret that signs webhooks… */
  whatsapp: {
    accessToken: string;
    appSecret: string;
    verifyToken: string;
    phoneNumberId: string;
    businessAccountId: string;
    displayPhoneNumber: string;
  };
}

export const DEMO_CREDENTIALS: SandboxCredentials = {
  mtn: {
    subscriptionKey: '0f3c5a7e9b1d4c6e8a2f4b6d8e0a1c3e',
    apiUser: 'c72025f5-5cd1-4630-99e4-8ba4722fad56',
    apiKey: 'f1db798c98df4bcf83b538175893bbf0',
    callbackHost: 'localhost',
    disbursementSubscriptionKey: '7a9c1e3b5d7f4a2c8e0b6d4f2a8c1e5b',
    disbursementApiUser: '5b1e7a52-3f0d-4c1b-8a7e-2d9c6f4e1a30',
    disbursementApiKey: 'd4e7a1c9b3f8402e9a6c5b1d7e3f9a20',
  },
  orange: {
    clientId: 'ecolage-sandbox-orange-client',
    clientSecret: 'ecolage-sandbox-orange-secret',
    merchantKey: '5a1e0c01',
  },
  wave: { apiKey: 'wave_sn_prod_sandbox_ecolage_demo', webhookSecret: 'wave_sn_WHS_test_secret' },
  fedapay: { secretKey: 'sk_sandbox_ecolage_demo', webhookSecret: 'wh_sandbox_test_secret' },
  paygate: { authToken: '8b7d5c3a-1e2f-4a6b-9c8d-0e1f2a3b4c5d' },
  twilio: {
    accountSid: 'AC5ec01a6e0d1f4b2c8a9e7d3b1c5f0a2e',
    authToken: '3d6f0b9e2a7c4e1f8b5d0a9c6e3f2b17',
  },
  infobip: { apiKey: 'ecolage-sandbox-infobip-4f1c9e2a7b3d' },
  aggregator: { apiKey: 'ecolage-sandbox-kingsms-apikey', clientId: 'ecolage-sandbox-client' },
  whatsapp: {
    accessToken: 'EAAGecolageSandboxWhatsAppToken0000demo',
    appSecret: 'ecolage-sandbox-whatsapp-app-secret',
    verifyToken: 'ecolage-sandbox-verify-token',
    phoneNumberId: '106540352242922',
    businessAccountId: '102290129340398',
    displayPhoneNumber: '22870000000',
  },
};

/** A WhatsApp template the sandbox knows as approved (`{{name}}` placeholders, NAMED format). */
export interface WhatsAppTemplateDefinition {
  language: string;
  body: string;
  /** A URL button: its label and its address, whose `{{1}}` the request's parameter fills. */
  button?: { text: string; url: string };
}

/** What /__sim/config may change while the sandbox runs. */
export interface SandboxConfig {
  /** Name shown to payers in prompts and hosted pages (the merchant account's name). */
  merchantName: string;
  /** Base of the links the sandbox hands out (payment_url, wave_launch_url…); the request's origin when unset. */
  publicUrl?: string;
  /** Webhook URLs that real providers take from their dashboards. */
  webhookUrls: { wave?: string; fedapay?: string; paygate?: string };
  mtn: {
    /** MTN may call back with POST or PUT. */
    callbackMethod: 'POST' | 'PUT';
    /** Numbers outside the magic table succeed at once (MTN's sandbox) instead of ringing the téléphone page. */
    autoApprove: boolean;
    /** Older and sandbox responses carry `reason` as `{code, message}`. */
    reasonAsObject: boolean;
  };
  wave: { webhookAuth: 'signature' | 'bearer' };
  /** Time a payer has to answer, per provider. */
  expirySeconds: Record<ProviderId, number>;
  /** Waits between retries of a signed webhook (Wave, FedaPay) that got no 2xx. */
  retryDelaysMs: number[];
  /** WhatsApp's webhook: set per app in Meta's dashboard, verified by the GET hub.challenge. */
  whatsappWebhookUrl?: string;
  messaging: {
    /** Wait before each delivery report (sent, then delivered…): about a second, 0 in tests. */
    dlrDelayMs: number;
    /** How long the `timeout_after_accept` scenario holds the answer before cutting it. */
    hangMs: number;
  };
  whatsapp: {
    /** Templates known as approved; their parameters are checked (132000). */
    templates: Record<string, WhatsAppTemplateDefinition>;
    /** Refuse a template the sandbox does not know (132001), as Meta does; off by default. */
    strictTemplates: boolean;
  };
}

/** Templates approved in the sandbox's WhatsApp Business Account (README lists them). */
export const DEMO_WHATSAPP_TEMPLATES: Record<string, WhatsAppTemplateDefinition> = {
  rappel_echeance: {
    language: 'fr',
    body: 'Bonjour, {{ecole}} vous rappelle que {{montant}} sont dus pour {{eleve}} avant le {{echeance}}.',
    button: { text: 'Payer', url: '{{origin}}/s/{{1}}' },
  },
  retard_paiement: {
    language: 'fr',
    body: '{{ecole}} : la scolarité de {{eleve}} est en retard. Reste dû : {{montant}}.',
    button: { text: 'Payer', url: '{{origin}}/s/{{1}}' },
  },
  recu_paiement: {
    language: 'fr',
    body: '{{ecole}} a bien reçu {{montant}} pour {{eleve}}. Reçu n° {{recu}}.',
  },
};

export function defaultConfig(): SandboxConfig {
  return {
    merchantName: 'École Démo',
    webhookUrls: {},
    mtn: { callbackMethod: 'POST', autoApprove: false, reasonAsObject: false },
    wave: { webhookAuth: 'signature' },
    // MTN: about 5 min of PIN window; Wave: when_expires ≈ 30 min (psp-apis.md §2.3, §4.2, §7.4).
    expirySeconds: { mtn: 300, orange: 600, wave: 1800, fedapay: 900, paygate: 600 },
    retryDelaysMs: [2_000, 10_000, 30_000],
    messaging: { dlrDelayMs: 1_000, hangMs: 30_000 },
    whatsapp: { templates: { ...DEMO_WHATSAPP_TEMPLATES }, strictTemplates: false },
  };
}

/** Reads the sandbox's settings from the environment (main.ts). */
export function configFromEnv(env: NodeJS.ProcessEnv, port: number): Partial<SandboxConfig> {
  const base = defaultConfig();
  const method = env.PSP_SANDBOX_MTN_CALLBACK_METHOD?.toUpperCase();
  return {
    merchantName: env.PSP_SANDBOX_MERCHANT_NAME || base.merchantName,
    publicUrl: env.PSP_SANDBOX_PUBLIC_URL || `http://127.0.0.1:${port}`,
    webhookUrls: {
      wave: env.PSP_SANDBOX_WAVE_WEBHOOK_URL || undefined,
      fedapay: env.PSP_SANDBOX_FEDAPAY_WEBHOOK_URL || undefined,
      paygate: env.PSP_SANDBOX_PAYGATE_CALLBACK_URL || undefined,
    },
    mtn: {
      ...base.mtn,
      callbackMethod: method === 'PUT' ? 'PUT' : 'POST',
      autoApprove: env.PSP_SANDBOX_MTN_AUTO_APPROVE === 'true',
    },
    ...(env.PSP_SANDBOX_WHATSAPP_WEBHOOK_URL
      ? { whatsappWebhookUrl: env.PSP_SANDBOX_WHATSAPP_WEBHOOK_URL }
      : {}),
    messaging: { ...base.messaging, ...dlrDelayFromEnv(env.PSP_SANDBOX_DLR_DELAY_MS) },
  };
}

function dlrDelayFromEnv(value: string | undefined): { dlrDelayMs?: number } {
  const ms = Number(value);
  return value && Number.isInteger(ms) && ms >= 0 && ms <= 600_000 ? { dlrDelayMs: ms } : {};
}

/**
 * The port of the sandbox's SMTP server: PSP_SANDBOX_SMTP_PORT, else the HTTP port + 1 (3101 beside
 * 3100), as demo-env.mjs assumes.
 */
export function smtpPortFromEnv(env: NodeJS.ProcessEnv, httpPort: number): number {
  const configured = Number(env.PSP_SANDBOX_SMTP_PORT);
  if (
    env.PSP_SANDBOX_SMTP_PORT &&
    Number.isInteger(configured) &&
    configured >= 0 &&
    configured <= 65_535
  ) {
    return configured;
  }
  return httpPort + 1;
}

/** Merges a partial configuration into a full one, one level deep for the nested groups. */
export function mergeConfig(base: SandboxConfig, patch: Partial<SandboxConfig>): SandboxConfig {
  return {
    ...base,
    ...patch,
    webhookUrls: { ...base.webhookUrls, ...patch.webhookUrls },
    mtn: { ...base.mtn, ...patch.mtn },
    wave: { ...base.wave, ...patch.wave },
    expirySeconds: { ...base.expirySeconds, ...patch.expirySeconds },
    messaging: { ...base.messaging, ...patch.messaging },
    whatsapp: {
      ...base.whatsapp,
      ...patch.whatsapp,
      templates: { ...base.whatsapp.templates, ...patch.whatsapp?.templates },
    },
  };
}
