import type { Database } from '../../platform/db/database';
import type { PaymentProviders, ProviderLogger } from '../psp';

/** What the payments services need from outside: the database, the providers, the clock. */
export interface PaymentsContext {
  db: Database;
  providers: PaymentProviders;
  now(): Date;
  /** Origin providers call back (`http://127.0.0.1:3000`); callback paths carry the attempt id. */
  callbackBaseUrl: string;
  logger: ProviderLogger;
  /** Wakes the worker when an event has been stored (it also sweeps on a schedule). */
  onEventStored?(): void;
}
