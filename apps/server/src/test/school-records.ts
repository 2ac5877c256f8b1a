import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../platform/db/database';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One record of each kind in a school, keyed by the name of the OpenAPI path parameter that takes
 * its id (`studentId`, `invoiceId`…): what the walks over every route (access control, fuzz) fill
 * the paths with. Created through the API (the payment at the cash desk: no provider is configured
 * in the test app), but for the payment's review, written directly.
 */
export async function schoolRecords(
  app: FastifyInstance,
  db: Database,
  school: { organizationId: string; userId: string; token: string },
): Promise<Record<string, string>> {
  const call = async (method: Method, url: string, payload?: object) => {
    const response = await app.inject({
      method,
      url,
      payload,
      headers: { authorization: `Bearer ${school.token}` },
    });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.json();
  };
  const { organizationId } = school;
  const year = await call('POST', '/api/academic-years', {
    label: '2030-2031',
    startsOn: '2030-09-01',
    endsOn: '2031-07-31',
  });
  const programme = await call('POST', '/api/programmes', { name: 'Licence Droit' });
  const level = await call('POST', `/api/programmes/${programme.id}/levels`, {
    name: 'L1',
    registrationFee: 50_000,
    monthlyFee: 150_000,
  });
  const student = await call('POST', '/api/students', { fullName: 'Kossi Agbéko' });
  const guardian = await call('POST', `/api/students/${student.id}/guardians`, {
    fullName: 'Akossiwa Agbéko',
    phone: '90112233',
    relation: 'mother',
  });
  const { enrolment } = await call('POST', `/api/students/${student.id}/enrolments`, {
    levelId: level.id,
    academicYearId: year.id,
  });
  const invoice = await call('POST', '/api/invoices', {
    studentId: student.id,
    matricule: student.matricule,
    label: 'Examen',
    dueOn: '2031-06-01',
    lines: [{ label: 'Examen', amount: 25_000 }],
    issue: false,
  });
  const scholarship = await call('POST', '/api/scholarships', {
    studentId: student.id,
    matricule: student.matricule,
    academicYearId: year.id,
    name: 'Bourse',
    kind: 'percent',
    value: 10,
    reason: 'Mérite',
  });
  // A coupon of the school (« Marketing › Coupons »).
  const coupon = await call('POST', '/api/coupons', {
    code: 'ACCES-2030',
    kind: 'percent',
    value: 10,
    scope: 'all',
    validFrom: '2030-01-01',
    validUntil: '2030-12-31',
  });
  const boundary = 'ecolage-acces';
  const upload = await app.inject({
    method: 'POST',
    url: '/api/students/imports',
    payload: [
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="eleves.csv"',
      'Content-Type: text/csv',
      '',
      'Nom complet',
      'Ama Mensah',
      `--${boundary}--`,
      '',
    ].join('\r\n'),
    headers: {
      authorization: `Bearer ${school.token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
  expect(upload.statusCode, upload.body).toBe(201);
  const role = await db.execute<{ id: string }>(
    sql`select id from roles where organization_id = ${organizationId} and key = 'cashier'`,
  );
  // A cash-desk payment: a real payment of the student's family, with its receipt.
  const cashSession = await call('POST', '/api/cash-sessions', { openingFloat: 0 });
  const desk = await app.inject({
    method: 'POST',
    url: `/api/cash-sessions/${cashSession.id}/payments`,
    payload: { studentId: student.id, amount: 1000, method: 'CASH' },
    headers: { authorization: `Bearer ${school.token}`, 'idempotency-key': randomUUID() },
  });
  expect(desk.statusCode, desk.body).toBe(201);
  const { payment, receiptId } = desk.json();
  const review = await db.execute<{ id: string }>(sql`
    insert into payment_reviews (organization_id, reason, provider, attempt_id)
    values (${organizationId}, 'late_success', 'desk', ${payment.id}) returning id`);
  const receipt = await db.execute<{ code: string }>(
    sql`select verification_code as code from receipts where id = ${receiptId}`,
  );
  const admissionId = await preRegister(app, db, organizationId, programme.id, level.id);
  // A dead SMS of the school (« Messages », « Renvoyer »).
  const message = await db.execute<{ id: string }>(sql`
    insert into outbound_messages (organization_id, channel, recipient, body, template, status, attempts)
    values (${organizationId}, 'sms', '+22890000000', 'Rappel', 'test.reminder', 'dead', 4) returning id`);
  // A payout of the school (« Comptabilité › Virements »), written directly.
  const payout = await db.execute<{ id: string }>(sql`
    insert into payouts (organization_id, reference, status, period_start, period_end, gross,
      commission, provider_fee, net, payment_count, account_masked, origin, scheduled_for)
    values (${organizationId}, 'VIR-2030-000001', 'pending', '2030-09-01', '2030-09-01', 0, 0, 0,
      0, 0, '•••• 0070', 'manual', '2030-09-01') returning id`);
  // A workflow of the school (« Automatisations »).
  const workflow = await app.inject({
    method: 'POST',
    url: '/api/automations',
    payload: {
      name: 'Rappel J-3',
      trigger: 'invoice_due_in',
      params: { days: 3 },
      action: { channel: 'sms', recipients: 'main_payer', template: 'Rappel {eleve}: {montant}' },
    },
    headers: { authorization: `Bearer ${school.token}` },
  });
  expect(workflow.statusCode, workflow.body).toBe(201);
  // A campaign of the school and its first tracking link (« Marketing › Campagnes »).
  const campaign = await call('POST', '/api/marketing/campaigns', {
    name: 'Rentrée 2030',
    channel: 'facebook',
    budget: 100_000,
    startsOn: '2030-08-01',
    endsOn: '2030-09-30',
  });
  const [campaignLink] = await call('GET', `/api/marketing/campaigns/${campaign.id}/links`);
  // A subscriber to the school's news (« Marketing › Abonnés »).
  const subscriber = await db.execute<{ id: string }>(sql`
    insert into marketing_subscribers (organization_id, email, source)
    values (${organizationId}, 'abonne@ecole-a.tg', 'form') returning id`);
  // An item of the member's bell (« Notifications »).
  const notification = await db.execute<{ id: string }>(sql`
    insert into staff_notifications (organization_id, user_id, kind, title, body, link, dedupe_key)
    values (${organizationId}, ${school.userId}, 'payment_received', 'Paiement reçu', 'Test',
      '/admin/paiements', 'test') returning id`);
  // A difference of the school's reconciliation queue (« Rapprochement »).
  const reconciliationItem = await db.execute<{ id: string }>(sql`
    insert into reconciliation_items (organization_id, source, kind, reference, statement_amount)
    values (${organizationId}, 'wave', 'provider_only', 'T_INCONNU', 5000) returning id`);
  // Money that arrived unasked, waiting « à affecter » (« Comptabilité › À affecter »).
  const credit = await db.execute<{ id: string }>(sql`
    insert into incoming_credits (id, organization_id, source, provider, provider_txn_id, amount,
      received_at, status)
    values (${randomUUID()}, ${organizationId}, 'provider_notification', 'wave', 'T_ACCES', 5000,
      now(), 'to_assign') returning id`);
  // A KYC document of the school (« Détails de l'organisation »).
  const kyc = await app.inject({
    method: 'POST',
    url: '/api/settings/kyc-documents',
    payload: [
      `--${boundary}`,
      'Content-Disposition: form-data; name="kind"',
      '',
      'statuts',
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="statuts.pdf"',
      'Content-Type: application/pdf',
      '',
      '%PDF-1.4 statuts',
      `--${boundary}--`,
      '',
    ].join('\r\n'),
    headers: {
      authorization: `Bearer ${school.token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
  expect(kyc.statusCode, kyc.body).toBe(201);
  return {
    userId: school.userId,
    roleId: role.rows[0]!.id,
    yearId: year.id,
    programmeId: programme.id,
    levelId: level.id,
    studentId: student.id,
    matricule: student.matricule,
    guardianId: guardian.id,
    enrolmentId: enrolment.id,
    invoiceId: invoice.id,
    lineId: invoice.lines[0].id,
    scholarshipId: scholarship.id,
    couponId: coupon.id,
    importId: upload.json().id,
    paymentId: payment.id,
    reviewId: review.rows[0]!.id,
    receiptId,
    code: receipt.rows[0]!.code,
    sessionId: cashSession.id,
    admissionId,
    messageId: message.rows[0]!.id,
    documentId: kyc.json().id,
    workflowId: workflow.json().id,
    notificationId: notification.rows[0]!.id,
    payoutId: payout.rows[0]!.id,
    reconciliationItemId: reconciliationItem.rows[0]!.id,
    creditId: credit.rows[0]!.id,
    campaignId: campaign.id,
    linkId: campaignLink.id,
    subscriberId: subscriber.rows[0]!.id,
  };
}

/** A pre-registration, through the school's public form; returns its id. */
async function preRegister(
  app: FastifyInstance,
  db: Database,
  organizationId: string,
  programmeId: string,
  levelId: string,
): Promise<string> {
  const slug = await db.execute<{ slug: string }>(
    sql`select slug from organizations where id = ${organizationId}`,
  );
  const form = new URLSearchParams({
    name: 'Ama Mensah',
    email: 'ama@exemple.tg',
    phone: '90445566',
    gender: 'female',
    country: 'TG',
    programmeId,
    levelId,
  });
  const posted = await app.inject({
    method: 'POST',
    url: `/inscription/${slug.rows[0]!.slug}`,
    payload: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(posted.statusCode, posted.body).toBe(200);
  const admission = await db.execute<{ id: string }>(
    sql`select id from admissions where organization_id = ${organizationId}`,
  );
  return admission.rows[0]!.id;
}
