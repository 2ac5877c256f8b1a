import { systemRoles } from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { logIn, registerSchool } from './test/auth-helpers';
import { schoolRecords } from './test/school-records';
import { useTestApp } from './test/test-app';

/**
 * Walks the OpenAPI document, so that every route added later is covered without touching this
 * file — except to give it a fixture, which the walk asks for by failing.
 */
type Operation = {
  security?: unknown[];
  'x-permission'?: string;
  /** The platform operator's console: walked by modules/operator/operator.routes.test.ts. */
  'x-operator'?: boolean;
  parameters?: { in: string; name: string }[];
};
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A valid body for each mutating route that takes ids, so that validation passes and the id is what is tested. */
const validBodies: Record<string, object> = {
  'POST /api/notifications/{notificationId}/read': {},
  'POST /api/messages/{messageId}/retry': {},
  'POST /api/accounting/payouts/{payoutId}/send': { transferId: 'VIR-BANQUE-1' },
  'POST /api/accounting/payouts/{payoutId}/mark-paid': {
    valueDate: '2030-09-02',
    bankReference: 'REL-1',
  },
  'POST /api/accounting/payouts/{payoutId}/mark-failed': { reason: 'Compte clôturé' },
  'PATCH /api/members/{userId}': { status: 'inactive' },
  'PATCH /api/roles/{roleId}': { name: 'Renommé' },
  'PATCH /api/academic-years/{yearId}': { current: true },
  'PATCH /api/programmes/{programmeId}': { name: 'Renommé' },
  'POST /api/programmes/{programmeId}/levels': { name: 'L2', registrationFee: 0, monthlyFee: 0 },
  'PATCH /api/levels/{levelId}': { name: 'L1', registrationFee: 0, monthlyFee: 0 },
  'PATCH /api/students/{studentId}': { fullName: 'Renommé' },
  'POST /api/students/{studentId}/guardians': {
    fullName: 'X',
    phone: '90000001',
    relation: 'other',
  },
  'PATCH /api/students/{studentId}/guardians/{guardianId}': { mainPayer: true },
  'PATCH /api/guardians/{guardianId}': { fullName: 'X', phone: '90000002' },
  'POST /api/students/{studentId}/enrolments': { levelId: '00000000-0000-4000-8000-000000000000' },
  'POST /api/enrolments/{enrolmentId}/withdraw': { reason: 'Intrusion' },
  'POST /api/invoices/{invoiceId}/issue': {},
  'POST /api/invoices/{invoiceId}/void': { reason: 'Intrusion' },
  'POST /api/invoices/{invoiceId}/lines/{lineId}/waive': { reason: 'Intrusion' },
  'POST /api/scholarships/{scholarshipId}/decision': { decision: 'granted' },
  'PUT /api/coupons/{couponId}': {
    code: 'VOLE-2030',
    kind: 'percent',
    value: 10,
    scope: 'all',
    validFrom: '2030-01-01',
    validUntil: '2030-12-31',
  },
  'POST /api/coupons/{couponId}/actions': { action: 'disable' },
  'POST /api/invoices/{invoiceId}/coupon': { code: 'ACCES-2030' },
  'POST /api/students/imports/{importId}/commit': { mode: 'skip_invalid' },
  'POST /api/payments/reviews/{reviewId}/resolve': { note: 'Vérifié auprès du prestataire' },
  'POST /api/payments/{paymentId}/refresh': {},
  'POST /api/payments/{paymentId}/cancel': {},
  'POST /api/payments/{paymentId}/refunds': { amount: 1000, reason: 'Intrusion' },
  'POST /api/cash-sessions/{sessionId}/payments': {
    studentId: '00000000-0000-4000-8000-000000000000',
    amount: 1000,
    method: 'CASH',
  },
  'POST /api/cash-sessions/{sessionId}/close': { countedAmount: 0 },
  'POST /api/students/{studentId}/payment-link': { send: false },
  'POST /api/admissions/{admissionId}/accept': {},
  'POST /api/admissions/{admissionId}/refuse': { reason: 'Intrusion' },
  'PUT /api/automations/{workflowId}': {
    name: 'Volé',
    trigger: 'invoice_due_in',
    params: { days: 3 },
    action: { channel: 'sms', recipients: 'main_payer', template: '{eleve}' },
  },
  'POST /api/automations/{workflowId}/enable': {},
  'POST /api/automations/{workflowId}/pause': {},
  'POST /api/automations/{workflowId}/duplicate': {},
  'PUT /api/marketing/campaigns/{campaignId}': {
    name: 'Renommée',
    channel: 'facebook',
    budget: 0,
    startsOn: '2030-09-01',
    endsOn: '2030-09-30',
  },
  'POST /api/marketing/campaigns/{campaignId}/actions': { action: 'pause' },
  'POST /api/marketing/campaigns/{campaignId}/links': { label: 'Intrusion' },
  // « Envoyer » takes no body.
  'POST /api/marketing/campaigns/{campaignId}/send': {},
  'POST /api/accounting/reconciliation/items/{reconciliationItemId}/resolve': {
    resolution: 'explained',
    note: 'Intrusion',
  },
  'POST /api/accounting/incoming-credits/{creditId}/assign': {
    studentId: '00000000-0000-4000-8000-000000000000',
  },
  'POST /api/accounting/incoming-credits/{creditId}/return': { note: 'Intrusion' },
};

describe('access control over every route of /api/openapi.json', () => {
  const { app, database } = useTestApp({ rateLimitPerMinute: 100_000 });
  const schoolA = { token: '', ids: {} as Record<string, string> };
  const schoolB = { token: '', readerToken: '' };
  let operations: { method: Method; path: string; operation: Operation }[] = [];

  beforeAll(async () => {
    const a = await registerSchool(app(), { email: 'a@ecole-a.tg', schoolName: 'École A' });
    const sessionA = await logIn(app(), a.email, a.password);
    schoolA.token = sessionA.accessToken;
    schoolA.ids = await schoolRecords(app(), database().db, {
      organizationId: a.organizationId,
      userId: sessionA.body.user.id,
      token: sessionA.accessToken,
    });

    const b = await registerSchool(app(), { email: 'b@ecole-b.tg', schoolName: 'École B' });
    schoolB.token = (await logIn(app(), b.email, b.password)).accessToken;
    const reader = await registerSchool(app(), {
      email: 'lecteur@ecole-c.tg',
      schoolName: 'École C',
    });
    const readerSession = await logIn(app(), reader.email, reader.password);
    await database().db.execute(sql`
      update memberships m set role_id = r.id from roles r
      where r.organization_id = m.organization_id and r.key = 'reader' and m.user_id = ${readerSession.body.user.id}`);
    schoolB.readerToken = readerSession.accessToken;

    const document = (await app().inject({ method: 'GET', url: '/api/openapi.json' })).json();
    operations = Object.entries(
      document.paths as Record<string, Record<string, Operation>>,
    ).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase() as Method,
        path,
        operation,
      })),
    );
    // School routes only: operator routes refuse every school member (OPERATOR_ONLY), tested
    // route by route with the operator's own session in modules/operator/operator.routes.test.ts.
    operations = operations.filter((entry) => !entry.operation['x-operator']);
  });

  const fill = (path: string, ids: Record<string, string>) =>
    path.replace(/\{(\w+)\}/g, (_match, name: string) => {
      const id = ids[name];
      if (!id) throw new Error(`no fixture of school A for path parameter {${name}} (${path})`);
      return id;
    });

  it('finds the protected routes', () => {
    expect(operations.filter((entry) => entry.operation.security).length).toBeGreaterThan(8);
  });

  it('a member of school B gets 404 for every id of school A', async () => {
    // Path parameters that name a kind of thing, not a record of a school (« Exporter »'s report).
    const notRecords = new Set(['report']);
    const withIds = operations.filter(
      (entry) =>
        entry.operation.security &&
        [...entry.path.matchAll(/\{(\w+)\}/g)].some((match) => !notRecords.has(match[1]!)),
    );
    expect(withIds.length).toBeGreaterThan(0);
    for (const { method, path } of withIds) {
      const key = `${method} ${path}`;
      const payload = method === 'GET' || method === 'DELETE' ? undefined : validBodies[key];
      if (method !== 'GET' && method !== 'DELETE' && !payload)
        throw new Error(`no valid body for ${key}`);
      const response = await app().inject({
        method,
        url: fill(path, schoolA.ids),
        payload,
        headers: { authorization: `Bearer ${schoolB.token}` },
      });
      expect(response.statusCode, `${key}: ${response.body}`).toBe(404);
    }
  });

  it('a Lecteur gets 403 on every route whose permission Lecteur lacks, whatever the body', async () => {
    const reader = new Set<string>(systemRoles.find((role) => role.key === 'reader')?.permissions);
    const forbidden = operations.filter((entry) => {
      const permission = entry.operation['x-permission'];
      return permission !== undefined && !reader.has(permission);
    });
    expect(forbidden.some((entry) => entry.method !== 'GET')).toBe(true);
    for (const { method, path } of forbidden) {
      const response = await app().inject({
        method,
        url: fill(path, schoolA.ids),
        payload: method === 'GET' || method === 'DELETE' ? undefined : {},
        headers: { authorization: `Bearer ${schoolB.readerToken}` },
      });
      expect(response.statusCode, `${method} ${path}`).toBe(403);
    }
  });

  it('every mutating route needs a permission, or is a public call, or acts on one’s own account', () => {
    const withoutPermission = (publicOnly: boolean) =>
      operations
        .filter((entry) => entry.method !== 'GET' && !entry.operation['x-permission'])
        .filter((entry) =>
          publicOnly ? !entry.operation.security : Boolean(entry.operation.security),
        )
        .map((entry) => `${entry.method} ${entry.path}`)
        .sort();
    expect(withoutPermission(true)).toEqual([
      'POST /api/auth/login',
      'POST /api/auth/logout',
      'POST /api/auth/password-reset',
      'POST /api/auth/password-reset/confirm',
      'POST /api/auth/refresh',
      'POST /api/auth/registration',
      'POST /api/contact',
      'POST /api/invitations/accept',
      'POST /api/newsletter-subscribe',
      'POST /api/psp/{provider}/callback/{attemptId}',
      'POST /api/psp/{provider}/webhook',
      'POST /api/public/visits',
      'POST /api/webhooks/messages/http/{token}',
      'POST /api/webhooks/messages/infobip/{token}',
      'POST /api/webhooks/messages/twilio',
      'POST /api/webhooks/messages/whatsapp',
      'PUT /api/psp/{provider}/callback/{attemptId}',
    ]);
    // Session only: the signed-in person's own account, school switch, stream tickets, own bell.
    expect(withoutPermission(false)).toEqual([
      'DELETE /api/profile',
      'DELETE /api/profile/avatar',
      'PATCH /api/profile',
      'POST /api/auth/switch-school',
      'POST /api/live/ticket',
      'POST /api/notifications/read-all',
      'POST /api/notifications/{notificationId}/read',
      'POST /api/profile/email',
      'POST /api/profile/password',
      'PUT /api/profile/avatar',
      'PUT /api/profile/notifications',
      'PUT /api/profile/theme',
    ]);
  });
});
