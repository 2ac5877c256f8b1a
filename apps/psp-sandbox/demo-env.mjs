// The settings that point Écolage's payment adapters, SMS, WhatsApp and e-mails at this sandbox
// (fixed, public sandbox values documented in README.md; the secrets are those the sandbox checks
// and signs with, src/config.ts). `npm start` applies them in demo mode, only where unset.

/**
 * @param {string} origin e.g. http://127.0.0.1:3100
 * @param {number} [smtpPort] the sandbox's SMTP port: its HTTP port + 1 unless set otherwise
 */
export function sandboxProviderEnv(origin, smtpPort = Number(new URL(origin).port) + 1) {
  return {
    MTN_BASE_URL: `${origin}/mtn`,
    MTN_TARGET_ENVIRONMENT: 'mtnbenin',
    MTN_COLLECTION_SUBSCRIPTION_KEY: '0f3c5a7e9b1d4c6e8a2f4b6d8e0a1c3e',
    MTN_COLLECTION_API_USER: 'c72025f5-5cd1-4630-99e4-8ba4722fad56',
    MTN_COLLECTION_API_KEY: 'f1db798c98df4bcf83b538175893bbf0',
    MTN_DISBURSEMENT_SUBSCRIPTION_KEY: '7a9c1e3b5d7f4a2c8e0b6d4f2a8c1e5b',
    MTN_DISBURSEMENT_API_USER: '5b1e7a52-3f0d-4c1b-8a7e-2d9c6f4e1a30',
    MTN_DISBURSEMENT_API_KEY: 'd4e7a1c9b3f8402e9a6c5b1d7e3f9a20',
    ORANGE_BASE_URL: `${origin}/orange`,
    ORANGE_CLIENT_ID: 'ecolage-sandbox-orange-client',
    ORANGE_CLIENT_SECRET: 'ecolage-sandbox-orange-secret',
    ORANGE_MERCHANT_KEY: '5a1e0c01',
    ORANGE_WEBPAY_COUNTRY: 'dev',
    WAVE_BASE_URL: `${origin}/wave`,
    WAVE_API_KEY: 'wave_sn_prod_sandbox_ecolage_demo',
    WAVE_WEBHOOK_SECRET: 'wave_sn_WHS_test_secret',
    FEDAPAY_BASE_URL: `${origin}/fedapay/v1`,
    FEDAPAY_SECRET_KEY: 'sk_sandbox_ecolage_demo',
    FEDAPAY_ENVIRONMENT: 'sandbox',
    FEDAPAY_WEBHOOK_SECRET: 'wh_sandbox_test_secret',
    // The sandbox has the refund endpoint FedaPay does not document (see its README).
    FEDAPAY_API_REFUNDS: 'true',
    PAYGATE_BASE_URL: `${origin}/paygate`,
    PAYGATE_AUTH_TOKEN: '8b7d5c3a-1e2f-4a6b-9c8d-0e1f2a3b4c5d',
    // Écolage's SMS go to the sandbox, which shows them on its téléphone page: through Twilio's
    // protocol (its status callbacks are signed); SMS_PROVIDER=infobip or http switch to the other
    // two, already configured. SMS_GATEWAY_URL is the simple JSON gateway, without reports.
    SMS_PROVIDER: 'twilio',
    SMS_SENDER_ID: 'ECOLAGE',
    SMS_GATEWAY_URL: `${origin}/__sim/sms`,
    TWILIO_BASE_URL: `${origin}/twilio`,
    TWILIO_ACCOUNT_SID: 'AC5ec01a6e0d1f4b2c8a9e7d3b1c5f0a2e',
    TWILIO_AUTH_TOKEN: '3d6f0b9e2a7c4e1f8b5d0a9c6e3f2b17',
    INFOBIP_BASE_URL: `${origin}/infobip`,
    INFOBIP_API_KEY: 'ecolage-sandbox-infobip-4f1c9e2a7b3d',
    // The product's own secret in its report path (the sandbox posts to the notifyUrl it is given).
    INFOBIP_WEBHOOK_TOKEN: 'ecolage-sandbox-infobip-dlr-path-token',
    SMS_HTTP_BASE_URL: `${origin}/kingsms/api/v1`,
    SMS_HTTP_API_KEY: 'ecolage-sandbox-kingsms-apikey',
    SMS_HTTP_CLIENT_ID: 'ecolage-sandbox-client',
    SMS_HTTP_WEBHOOK_TOKEN: 'ecolage-sandbox-kingsms-dlr-path-token',
    // WhatsApp Cloud API (Graph). The sandbox posts its webhooks to PSP_SANDBOX_WHATSAPP_WEBHOOK_URL
    // (or /__sim/config), after the GET handshake with this verify token.
    WHATSAPP_BASE_URL: `${origin}/whatsapp`,
    WHATSAPP_GRAPH_VERSION: 'v23.0',
    WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
    WHATSAPP_ACCESS_TOKEN: 'EAAGecolageSandboxWhatsAppToken0000demo',
    WHATSAPP_APP_SECRET: 'ecolage-sandbox-whatsapp-app-secret',
    WHATSAPP_VERIFY_TOKEN: 'ecolage-sandbox-verify-token',
    // Payouts to the schools' banks through the sandbox's bank-transfer API (paid after 5 s).
    PAYOUT_RAIL: 'sandbox',
    PAYOUT_BANK_BASE_URL: `${origin}/banque/v1`,
    // Écolage's e-mails go to the sandbox's SMTP server, which shows them on its Boîte mail page.
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  };
}
