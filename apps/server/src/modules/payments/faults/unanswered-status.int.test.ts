import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sandboxProviderEnv } from '../../../../../psp-sandbox/demo-env.mjs';
import { usePaymentsHarness } from '../../../test/payments-harness';
import { ok } from '../../../test/school-fixture';
import {
  createHttpClient,
  createPaymentProviders,
  loadPspConfig,
  ProviderTimeoutError,
  type HttpClient,
  type HttpRequest,
} from '../../psp';
import {
  askToPay,
  eventsOf,
  expectNothingCredited,
  openReviews,
  payerApproves,
  paymentOf,
  PROVIDERS,
  resetSandboxAfterEach,
  type School,
  useFamilies,
} from './faults.test-support';

type Failure = 'not_found' | 'http_4xx' | 'http_5xx' | 'timeout';
const FAILURES: readonly Failure[] = ['not_found', 'http_4xx', 'http_5xx', 'timeout'];

/**
 * Every way a provider can fail to give a payment's status — it does not know it any more (the
 * sandbox forgets: `POST /__sim/reset`), it refuses the question (4xx), it fails (5xx), it does not
 * answer (timeout) — for every provider: the payment is asked about again with the backoff, never
 * failed on a « not found » from a provider that had accepted it, and at its deadline it closes
 * (expired, watched for a late success) with a review carrying the evidence, so that the invoice
 * can be paid again.
 */
describe('A provider that gives no status', () => {
  const harness = usePaymentsHarness();
  const newFamily = useFamilies(harness);
  resetSandboxAfterEach(harness);

  /** Adapters on the harness's sandbox whose calls (tokens apart) end in `failure`. */
  function providersFailingWith(failure: Exclude<Failure, 'not_found'>) {
    const h = harness();
    const address = h.sandbox.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const real = createHttpClient({ timeoutMs: 1_500 });
    const http: HttpClient = {
      async request(request: HttpRequest) {
        if (/token/.test(new URL(request.url).pathname)) return real.request(request);
        if (failure === 'timeout')
          throw new ProviderTimeoutError(request.method, request.url, 1_500);
        const status = failure === 'http_4xx' ? 400 : 503;
        return { status, headers: {}, body: JSON.stringify({ message: 'Refusé' }) };
      },
    };
    return createPaymentProviders(loadPspConfig(sandboxProviderEnv(`http://127.0.0.1:${port}`)), {
      now: h.clock.now,
      http,
      logger: h.context.logger,
    });
  }

  async function deadlineOf(paymentId: string): Promise<Date> {
    const result = await harness().context.db.execute(
      sql`select expires_at from payment_attempts where id = ${paymentId}`,
    );
    return new Date((result.rows[0] as { expires_at: string }).expires_at);
  }

  /** Three minutes on (a creation that never landed would be failed by now), then the poller. */
  async function pollBeforeDeadline(school: School, paymentId: string) {
    const h = harness();
    h.clock.advance(180);
    await h.worker.reconcile();
    const payment = await paymentOf(school, paymentId);
    expect(payment.status).toBe('pending');
  }

  /** Past the deadline, a person asks again (« Actualiser »): it closes, with its review. */
  async function expectClosedForReview(school: School, paymentId: string, evidence: RegExp) {
    const h = harness();
    const deadline = await deadlineOf(paymentId);
    h.clock.advance(Math.ceil((deadline.getTime() - h.clock.now().getTime()) / 1000) + 1);
    await ok(school.call('POST', `/api/payments/${paymentId}/refresh`, {}));
    const payment = await paymentOf(school, paymentId);
    expect(payment.status).toBe('expired');
    expect(payment.failureReason).toBe('Délai expiré sans confirmation du prestataire');
    const reviews = (await openReviews(school, paymentId)) as { reason: string; detail?: string }[];
    expect(reviews.map((review) => review.reason)).toEqual(['unconfirmed']);
    expect(reviews[0]!.detail).toMatch(evidence);
    await expectNothingCredited(h, school, paymentId);
    // The poller stops asking except for the watch of a late success; nothing is repeated.
    await h.worker.reconcile();
    expect(await openReviews(school, paymentId)).toHaveLength(1);
  }

  const cases = PROVIDERS.flatMap((provider) => FAILURES.map((failure) => [provider, failure]));

  it.each(cases)(
    '%s, %s: asked again, then closed at the deadline for review',
    async (provider, failure) => {
      const h = harness();
      const school = await newFamily();
      const payment = await askToPay(h, school, provider as (typeof PROVIDERS)[number]);
      expect(payment.status).toBe('pending');
      const providers = h.context.providers;
      if (failure === 'not_found') h.sandbox.sandbox.reset();
      else h.context.providers = providersFailingWith(failure as Exclude<Failure, 'not_found'>);
      try {
        await pollBeforeDeadline(school, payment.id);
        await expectClosedForReview(school, payment.id, /Demande acceptée par le prestataire/);
      } finally {
        h.context.providers = providers;
      }
      // The invoice is free: the guardian can be asked again for it.
      const again = await askToPay(h, school, provider as (typeof PROVIDERS)[number]);
      expect(again.status).toBe('pending');
    },
  );

  it.each(PROVIDERS)(
    '%s: paid and notified, then forgotten by the provider: never failed, reviewed with its evidence',
    async (provider) => {
      const h = harness();
      const school = await newFamily();
      const payment = await askToPay(h, school, provider);
      payerApproves(h, payment.id);
      // The notifications are stored; the provider then loses everything (a restart without
      // memory) before the worker asks it for the status.
      await h.sandbox.sandbox.flush();
      expect((await eventsOf(h.context.db, payment.id)).length).toBeGreaterThan(0);
      h.sandbox.sandbox.reset();
      await h.worker.drainEvents();
      await pollBeforeDeadline(school, payment.id);
      const signed: Partial<Record<string, RegExp>> = {
        wave: /Notification de succès signée .*checkout\.session\.completed/,
        fedapay: /Notification de succès signée .*transaction\.approved/,
        orange: /Notification de succès authentifiée par son jeton/,
      };
      await expectClosedForReview(
        school,
        payment.id,
        signed[provider] ?? /Demande acceptée par le prestataire/,
      );
    },
  );

  it('a creation that never reached the provider still fails once the provider says so', async () => {
    const h = harness();
    const school = await newFamily();
    const providers = h.context.providers;
    const address = h.sandbox.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const real = createHttpClient({ timeoutMs: 1_500 });
    // The request to pay is lost on the way: the provider never gets it.
    h.context.providers = createPaymentProviders(
      loadPspConfig(sandboxProviderEnv(`http://127.0.0.1:${port}`)),
      {
        now: h.clock.now,
        logger: h.context.logger,
        http: {
          async request(request) {
            if (request.method === 'POST' && /requesttopay$/.test(request.url)) {
              throw new ProviderTimeoutError(request.method, request.url, 1_500);
            }
            return real.request(request);
          },
        },
      },
    );
    try {
      const payment = await askToPay(h, school, 'mtn');
      expect(payment.status).toBe('unknown');
      h.clock.advance(180);
      await h.worker.reconcile();
      const failed = await paymentOf(school, payment.id);
      expect(failed.status).toBe('failed');
      expect(failed.failureReason).toBe("Le prestataire n'a pas reçu la demande de paiement");
      expect(await openReviews(school, payment.id)).toHaveLength(0);
    } finally {
      h.context.providers = providers;
    }
  });
});
