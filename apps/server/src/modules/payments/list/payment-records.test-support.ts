import type { PaymentStatusValue } from '@ecolage/contracts';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../../app';
import type { Database } from '../../../platform/db/database';
import { testAppOptions } from '../../../test/test-app';
import { useTestDatabase } from '../../../test/test-database';
import { createHttpClient, createPaymentProviders, loadPspConfig } from '../../psp';
import { succeededStatuses } from './payment-figures.repository';
import type { PaymentsContext } from '../payments-context';
import { paymentAttemptInvoices, paymentAttempts } from '../payments.tables';

const silent = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * An app on a fresh database whose clock (the payments context's, which the list's totals and the
 * dashboard read) stands at `now`; no provider configured.
 */
export function useAppAt(now: Date) {
  const database = useTestDatabase();
  let app: FastifyInstance | undefined;
  let context: PaymentsContext | undefined;
  beforeAll(async () => {
    const clock = () => now;
    context = {
      db: database().db,
      providers: createPaymentProviders(loadPspConfig({}), {
        now: clock,
        http: createHttpClient({}),
        logger: silent,
      }),
      now: clock,
      callbackBaseUrl: 'http://127.0.0.1',
      logger: silent,
    };
    app = await buildApp({ ...testAppOptions(database()), payments: context });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });
  return {
    app: () => app!,
    db: () => database().db,
    context: () => context!,
  };
}

export interface PaymentFixture {
  organizationId: string;
  guardianId: string;
  createdAt: Date;
  amount?: number;
  status?: PaymentStatusValue;
  provider?: string;
  wallet?: string;
  succeededAt?: Date | null;
  refundedAmount?: number;
  providerRef?: string | null;
  /** The invoices it is for (with their student). */
  claims?: { invoiceId: string; studentId: string }[];
}

/**
 * A payment written as it stands, without going through a provider: the lists and figures read
 * rows, whatever brought them there. A succeeded one has succeeded a minute after it was asked for
 * unless `succeededAt` says otherwise.
 */
export async function insertPayment(db: Database, payment: PaymentFixture): Promise<string> {
  const id = randomUUID();
  const status = payment.status ?? 'succeeded';
  await db.insert(paymentAttempts).values({
    id,
    organizationId: payment.organizationId,
    guardianId: payment.guardianId,
    provider: payment.provider ?? 'mtn',
    wallet: payment.wallet ?? (payment.provider === 'desk' ? 'CASH' : 'MTN'),
    payerPhone: '+22890112233',
    amount: payment.amount ?? 50_000,
    status,
    providerRef: payment.providerRef ?? null,
    refundedAmount: payment.refundedAmount ?? 0,
    invoiceIds: (payment.claims ?? []).map((claim) => claim.invoiceId),
    createdBy: 'Test',
    expiresAt: new Date(payment.createdAt.getTime() + 15 * 60_000),
    succeededAt:
      payment.succeededAt !== undefined
        ? payment.succeededAt
        : succeededStatuses.includes(status)
          ? new Date(payment.createdAt.getTime() + 60_000)
          : null,
    createdAt: payment.createdAt,
    updatedAt: payment.createdAt,
  });
  if (payment.claims?.length) {
    await db.insert(paymentAttemptInvoices).values(
      payment.claims.map((claim) => ({
        organizationId: payment.organizationId,
        attemptId: id,
        invoiceId: claim.invoiceId,
        studentId: claim.studentId,
        guardianId: payment.guardianId,
        active: false,
      })),
    );
  }
  return id;
}
