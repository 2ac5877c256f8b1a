import { loadPspConfig, type PspConfig } from './config';
import { createFedapayProvider } from './fedapay/fedapay.provider';
import { createHttpClient, type HttpClient } from './http-client';
import { createMtnProvider } from './mtn/mtn.provider';
import { createOrangeProvider } from './orange/orange.provider';
import { createPaygateProvider } from './paygate/paygate.provider';
import type { PaymentProvider, ProviderId, ProviderLogger, Wallet } from './provider';
import { WALLETS } from './provider';
import { createWaveProvider } from './wave/wave.provider';

export interface ProviderDependencies {
  now(): Date;
  http: HttpClient;
  logger: ProviderLogger;
}

export interface PaymentProviders {
  /** The configured providers. */
  readonly available: readonly PaymentProvider[];
  get(id: ProviderId): PaymentProvider | undefined;
  /** Who carries a wallet, or undefined when no configured provider does. */
  forWallet(wallet: Wallet): PaymentProvider | undefined;
  /** The wallets a payer can choose, in display order. */
  wallets(): Wallet[];
}

/**
 * Builds the configured providers and routes each wallet to one of them: Togo's wallets through
 * PayGate or FedaPay (`PSP_TOGO_AGGREGATOR`, PayGate first by default, the other one if only it is
 * configured), MTN, Orange and Wave directly, cards through FedaPay's hosted page.
 */
export function createPaymentProviders(
  config: PspConfig,
  dependencies: ProviderDependencies,
): PaymentProviders {
  const context = <T>(providerConfig: T) => ({ ...dependencies, config: providerConfig });
  const byId = new Map<ProviderId, PaymentProvider>();
  if (config.paygate) byId.set('paygate', createPaygateProvider(context(config.paygate)));
  if (config.fedapay) byId.set('fedapay', createFedapayProvider(context(config.fedapay)));
  if (config.mtn) byId.set('mtn', createMtnProvider(context(config.mtn)));
  if (config.orange) byId.set('orange', createOrangeProvider(context(config.orange)));
  if (config.wave) byId.set('wave', createWaveProvider(context(config.wave)));

  const togo: ProviderId[] =
    config.togoAggregator === 'fedapay' ? ['fedapay', 'paygate'] : ['paygate', 'fedapay'];
  const routes: Record<Wallet, ProviderId[]> = {
    YAS_TG: togo,
    MOOV_TG: togo,
    MTN: ['mtn'],
    ORANGE: ['orange'],
    WAVE: ['wave'],
    CARD: ['fedapay'],
  };

  function forWallet(wallet: Wallet): PaymentProvider | undefined {
    for (const id of routes[wallet]) {
      const provider = byId.get(id);
      if (provider?.capabilities.wallets.includes(wallet)) return provider;
    }
    return undefined;
  }

  return {
    available: [...byId.values()],
    get: (id) => byId.get(id),
    forWallet,
    wallets: () => WALLETS.filter((wallet) => forWallet(wallet) !== undefined),
  };
}

/** The providers configured by the environment, over Node's fetch and the real clock. */
export function createPaymentProvidersFromEnv(
  logger: ProviderLogger,
  env: NodeJS.ProcessEnv = process.env,
): PaymentProviders {
  const config = loadPspConfig(env);
  return createPaymentProviders(config, {
    now: () => new Date(),
    http: createHttpClient({ timeoutMs: config.httpTimeoutMs }),
    logger,
  });
}
