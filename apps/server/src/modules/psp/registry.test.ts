import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadPspConfig } from './config';
import { createPaymentProviders, createPaymentProvidersFromEnv } from './registry';
import { createFakeClock, createFakeHttp, silentLogger } from './providers.test-support';

const PAYGATE = { PAYGATE_AUTH_TOKEN: 'paygate-test-auth-token' };
const FEDAPAY = { FEDAPAY_SECRET_KEY: 'sk_sandbox_test_key', FEDAPAY_ENVIRONMENT: 'sandbox' };
const WAVE = { WAVE_API_KEY: 'wave_sn_prod_test_key' };

function providers(env: Record<string, string>) {
  return createPaymentProviders(loadPspConfig(env), {
    now: createFakeClock().now,
    http: createFakeHttp({}).client,
    logger: silentLogger,
  });
}

describe('loadPspConfig', () => {
  it('configures no provider from an empty environment', () => {
    expect(loadPspConfig({})).toEqual({ httpTimeoutMs: 15_000, togoAggregator: undefined });
  });

  it('fills defaults per environment and strips trailing slashes', () => {
    const config = loadPspConfig({
      ...FEDAPAY,
      MTN_TARGET_ENVIRONMENT: 'sandbox',
      MTN_COLLECTION_SUBSCRIPTION_KEY: 'collection-key',
      MTN_COLLECTION_API_USER: 'c72025f5-5cd1-4630-99e4-8ba4722fad56',
      MTN_COLLECTION_API_KEY: 'f1db798c98df4bcf83b538175893bbf0',
      ORANGE_CLIENT_ID: 'orange-client-id',
      ORANGE_CLIENT_SECRET: 'orange-client-secret',
      ORANGE_MERCHANT_KEY: 'merchant-key',
      ORANGE_WEBPAY_COUNTRY: 'dev',
      WAVE_BASE_URL: 'http://localhost:4010/wave/',
      ...WAVE,
    });
    expect(config.fedapay?.baseUrl).toBe('https://sandbox-api.fedapay.com');
    expect(config.mtn?.baseUrl).toBe('https://sandbox.momodeveloper.mtn.com');
    expect(config.mtn?.disbursement).toBeUndefined();
    expect(config.orange?.wireCurrency).toBe('OUV');
    expect(config.wave?.baseUrl).toBe('http://localhost:4010/wave');
  });

  it('lists every problem of a half-configured provider in French', () => {
    expect(() =>
      loadPspConfig({
        MTN_TARGET_ENVIRONMENT: 'benin',
        MTN_COLLECTION_API_KEY: 'f1db798c98df4bcf83b538175893bbf0',
        MTN_DISBURSEMENT_API_KEY: 'disbursement-key',
        WAVE_API_KEY: 'wave_sn_prod_test_key',
        WAVE_BASE_URL: 'http://api.wave.com',
      }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [Error: Configuration des prestataires de paiement invalide :
        MTN_TARGET_ENVIRONMENT: doit valoir sandbox ou mtn<pays> (mtnbenin, mtnivorycoast…)
        MTN_COLLECTION_SUBSCRIPTION_KEY: est obligatoire
        MTN_COLLECTION_API_USER: est obligatoire
        WAVE_BASE_URL: doit être en https (http seulement vers localhost, pour le bac à sable)]
    `);
  });
});

describe('createPaymentProviders', () => {
  it('routes Togo wallets to PayGate by default and cards to FedaPay', () => {
    const registry = providers({ ...PAYGATE, ...FEDAPAY, ...WAVE });
    expect(registry.available.map((provider) => provider.id)).toEqual([
      'paygate',
      'fedapay',
      'wave',
    ]);
    expect(registry.forWallet('YAS_TG')?.id).toBe('paygate');
    expect(registry.forWallet('MOOV_TG')?.id).toBe('paygate');
    expect(registry.forWallet('CARD')?.id).toBe('fedapay');
    expect(registry.forWallet('MTN')).toBeUndefined();
    expect(registry.wallets()).toEqual(['YAS_TG', 'MOOV_TG', 'WAVE', 'CARD']);
  });

  it('routes Togo wallets to FedaPay when asked, or when it is the only aggregator', () => {
    expect(
      providers({ ...PAYGATE, ...FEDAPAY, PSP_TOGO_AGGREGATOR: 'fedapay' }).forWallet('YAS_TG')?.id,
    ).toBe('fedapay');
    expect(providers(FEDAPAY).forWallet('MOOV_TG')?.id).toBe('fedapay');
    expect(providers({ ...PAYGATE, PSP_TOGO_AGGREGATOR: 'fedapay' }).forWallet('MOOV_TG')?.id).toBe(
      'paygate',
    );
  });

  it('offers nothing without configuration', () => {
    const registry = providers({});
    expect(registry.available).toEqual([]);
    expect(registry.wallets()).toEqual([]);
  });

  it("builds from the environment with the application's pino logger", () => {
    const registry = createPaymentProvidersFromEnv(pino({ level: 'silent' }), WAVE);
    expect(registry.available.map((provider) => provider.id)).toEqual(['wave']);
  });
});
