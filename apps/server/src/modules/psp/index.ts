/**
 * Payment provider adapters (PayGate Global, FedaPay, MTN MoMo, Orange Money, Wave) behind one
 * `PaymentProvider` interface. They translate protocols and never write to the database.
 */
export type {
  Authenticity,
  AuthFailure,
  Channel,
  CollectRequest,
  CollectResult,
  Currency,
  InboundWebhook,
  Money,
  NextAction,
  ParsedEvent,
  PaymentFailure,
  PaymentProvider,
  PaymentStatus,
  ProviderCapabilities,
  ProviderContext,
  ProviderId,
  ProviderLogger,
  ProviderSecrets,
  RefundQuery,
  RefundRequest,
  ReportedMoney,
  StatusQuery,
  StatusResult,
  Wallet,
  WebhookExpectations,
} from './provider';
export { PAYMENT_STATUSES, PROVIDER_IDS, WALLETS } from './provider';
export {
  isOutcomeUnknown,
  ProviderError,
  ProviderNotFoundError,
  ProviderRejectedError,
  ProviderRequestError,
  ProviderTimeoutError,
  ProviderUnavailableError,
} from './errors';
export { describeFailure, failureOf, FAILURE_REASONS, type FailureCode } from './failure-reasons';
export {
  createHttpClient,
  DEFAULT_PROVIDER_TIMEOUT_MS,
  type FetchLike,
  type HttpClient,
  type HttpRequest,
  type HttpResponse,
} from './http-client';
export { createTokenCache, type TokenCache } from './token-cache';
export { loadPspConfig, type PspConfig } from './config';
export {
  createPaymentProviders,
  createPaymentProvidersFromEnv,
  type PaymentProviders,
  type ProviderDependencies,
} from './registry';
