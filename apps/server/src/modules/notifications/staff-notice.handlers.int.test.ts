import { randomUUID } from 'node:crypto';
import { notificationPreferenceDefaults } from '@ecolage/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../test/school-fixture';
import { useTestApp } from '../../test/test-app';
import { paymentAttempts } from '../payments/payments.tables';
import {
  addStaff,
  deactivate,
  emailsOf,
  itemsOf,
  publishAndDispatch,
  schoolWithAdmin,
  type StaffMember,
} from './notifications.test-support';

/** Amounts are written with (narrow) no-break spaces; the expectations with plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/**
 * The bell's handlers on the real database: who gets an item (active members whose role may read
 * the thing, and whose setting lets it through), the e-mail copies, and the same event twice.
 */
describe('Staff notifications from the school’s events', () => {
  const { app, database } = useTestApp();
  let school: Awaited<ReturnType<typeof schoolWithAdmin>>;
  let other: Awaited<ReturnType<typeof schoolWithAdmin>>;
  let finance: StaffMember;
  let cashier: StaffMember;
  let registrar: StaffMember;
  let gone: StaffMember;
  let studentId: string;
  let guardianId: string;

  beforeAll(async () => {
    const db = database().db;
    school = await schoolWithAdmin(app(), db, 'Collège Les Flamboyants');
    other = await schoolWithAdmin(app(), db, 'Lycée Voisin');
    finance = await addStaff(app(), db, school, 'Kodjo Finance', { roleKey: 'finance' });
    cashier = await addStaff(app(), db, school, 'Ama Caisse', { roleKey: 'cashier' });
    registrar = await addStaff(app(), db, school, 'Yawa Scolarité', {
      permissions: ['read:students'],
    });
    gone = await addStaff(app(), db, school, 'Parti Finance', { roleKey: 'finance' });
    await deactivate(db, school.organizationId, gone.userId);
    const student = await ok(
      school.call('POST', '/api/students', { fullName: 'Kossi Agbéko' }),
      201,
    );
    studentId = student.id;
    const link = await ok(
      school.call('POST', `/api/students/${student.id}/guardians`, {
        fullName: 'Afi Agbéko',
        phone: '90112233',
        relation: 'mother',
        mainPayer: true,
      }),
      201,
    );
    guardianId = link.id;
  });

  const succeeded = (paymentId: string, provider: 'mtn' | 'desk' = 'mtn') => ({
    paymentId,
    guardianId,
    amount: 85_000,
    wallet: provider === 'desk' ? ('CASH' as const) : ('MTN' as const),
    provider,
    providerRef: null,
    providerTxnId: null,
    payerPhone: '+22890112233',
    succeededAt: new Date().toISOString(),
    allocations: [{ invoiceId: randomUUID(), studentId, amount: 85_000 }],
    creditAmount: 0,
    late: false,
  });

  async function recipientsOf(dedupeKey: string) {
    const items = await itemsOf(database().db, school.organizationId);
    return items
      .filter((item) => item.dedupeKey === dedupeKey)
      .map((item) => ({ ...item, body: plain(item.body) }));
  }

  async function setPreferences(
    member: StaffMember,
    settings: Partial<typeof notificationPreferenceDefaults>,
    notificationEmail = '',
  ) {
    await ok(
      member.call('PUT', '/api/profile/notifications', {
        settings: { ...notificationPreferenceDefaults, ...settings },
        notificationEmail,
      }),
    );
  }

  it('« Paiement reçu » reaches every active member who reads payments, once, with the e-mail copy', async () => {
    const db = database().db;
    const paymentId = randomUUID();
    await publishAndDispatch(db, school.organizationId, 'payment.succeeded', succeeded(paymentId));
    // The same event handled again (a redelivery, a second publisher) adds nothing.
    await publishAndDispatch(db, school.organizationId, 'payment.succeeded', succeeded(paymentId));

    const items = await recipientsOf(`payment.succeeded:${paymentId}`);
    expect(items.map((item) => item.userId).sort()).toEqual(
      [school.admin.userId, finance.userId, cashier.userId].sort(),
    );
    expect(items[0]).toMatchObject({
      kind: 'payment_received',
      title: 'Paiement reçu',
      body: '85 000 FCFA de Afi Agbéko pour Kossi Agbéko (MTN MoMo, sur demande).',
      link: `/admin/paiements?paiement=${paymentId}`,
      readAt: null,
    });
    const emails = (await emailsOf(db, school.organizationId, 'notifications.payment_received'))
      .filter((email) => email.body.includes(paymentId))
      .map((email) => email.recipient)
      .sort();
    expect(emails).toEqual([school.admin.email, finance.email, cashier.email].sort());
    expect(await itemsOf(db, other.organizationId)).toEqual([]);
  });

  it('follows each member’s settings: « nouvelle-vente » alone hears of sales online only', async () => {
    const db = database().db;
    await setPreferences(finance, { 'paiement-recu': false, 'nouvelle-vente': true });
    await setPreferences(cashier, { 'paiement-recu': false, 'nouvelle-vente': false });
    await setPreferences(school.admin, {}, 'direction@flamboyants.tg');

    const requested = randomUUID();
    await publishAndDispatch(db, school.organizationId, 'payment.succeeded', succeeded(requested));
    expect((await recipientsOf(`payment.succeeded:${requested}`)).map((i) => i.userId)).toEqual([
      school.admin.userId,
    ]);

    // A payment the payer started alone (a payment link, the pay page): no member asked for it.
    const online = randomUUID();
    await db.insert(paymentAttempts).values({
      id: online,
      organizationId: school.organizationId,
      guardianId,
      provider: 'mtn',
      wallet: 'MTN',
      amount: 85_000,
      status: 'succeeded',
      createdBy: 'Payeur en ligne : Afi Agbéko',
      createdByUserId: null,
      expiresAt: new Date(Date.now() + 600_000),
    });
    await publishAndDispatch(db, school.organizationId, 'payment.succeeded', succeeded(online));
    const items = await recipientsOf(`payment.succeeded:${online}`);
    expect(items.map((item) => item.userId).sort()).toEqual(
      [school.admin.userId, finance.userId].sort(),
    );
    expect(items[0]!.body).toContain('en ligne');
    const emails = (await emailsOf(db, school.organizationId, 'notifications.payment_received'))
      .filter((email) => email.body.includes(online))
      .map((email) => [email.recipient, plain(email.subject ?? '')]);
    expect(emails.sort()).toEqual(
      [
        ['direction@flamboyants.tg', 'Nouvelle vente en ligne : 85 000 FCFA'],
        [finance.email, 'Nouvelle vente en ligne : 85 000 FCFA'],
      ].sort(),
    );
  });

  it('« Paiement échoué » only to those who turned it on (off by default)', async () => {
    const db = database().db;
    const failed = (paymentId: string) => ({
      paymentId,
      guardianId,
      amount: 40_000,
      wallet: 'MTN' as const,
      provider: 'mtn' as const,
      payerPhone: '+22890112233',
      outcome: 'expired' as const,
      reason: 'Le payeur n’a pas validé à temps',
      failedAt: new Date().toISOString(),
      invoices: [{ invoiceId: randomUUID(), studentId }],
    });
    const first = randomUUID();
    await publishAndDispatch(db, school.organizationId, 'payment.failed', failed(first));
    expect(await recipientsOf(`payment.failed:${first}`)).toEqual([]);

    await setPreferences(cashier, { 'paiement-echoue': true });
    const second = randomUUID();
    await publishAndDispatch(db, school.organizationId, 'payment.failed', failed(second));
    const items = await recipientsOf(`payment.failed:${second}`);
    expect(items.map((item) => [item.userId, item.title, item.body])).toEqual([
      [
        cashier.userId,
        'Paiement échoué',
        '40 000 FCFA de Afi Agbéko pour Kossi Agbéko (MTN MoMo) : expiré — Le payeur n’a pas validé à temps.',
      ],
    ]);
    expect(
      (await emailsOf(db, school.organizationId, 'notifications.payment_failed')).map(
        (email) => email.recipient,
      ),
    ).toEqual([cashier.email]);
  });

  it('« Nouvelle pré-inscription » to those who read students and want it', async () => {
    const db = database().db;
    await setPreferences(finance, {
      'paiement-recu': false,
      'nouvelle-vente': true,
      'nouvelle-inscription': false,
    });
    const admissionId = randomUUID();
    await publishAndDispatch(db, school.organizationId, 'admission.received', {
      admissionId,
      studentId,
      studentName: 'Kossi Agbéko',
      applicantName: 'Kossi Agbéko',
      applicantPhone: '+22890112233',
      programmeId: null,
      levelId: null,
      receivedAt: new Date().toISOString(),
    });
    const items = await recipientsOf(`admission.received:${admissionId}`);
    expect(items.map((item) => item.userId).sort()).toEqual(
      [school.admin.userId, cashier.userId, registrar.userId].sort(),
    );
    expect(items[0]).toMatchObject({
      title: 'Nouvelle pré-inscription',
      body: 'Kossi Agbéko, demandée par Kossi Agbéko (+22890112233).',
      link: '/admin/etudiants/inscriptions',
    });
    const emails = await emailsOf(db, school.organizationId, 'notifications.admission_received');
    expect(emails.map((email) => email.recipient).sort()).toEqual(
      ['direction@flamboyants.tg', cashier.email, registrar.email].sort(),
    );
  });

  it('« Paiement à examiner » to every reader of payments, whatever their settings', async () => {
    const db = database().db;
    const reviewId = randomUUID();
    const paymentId = randomUUID();
    await publishAndDispatch(db, school.organizationId, 'payment.review_opened', {
      reviewId,
      paymentId,
      reason: 'late_success',
      label: 'Paiement réussi après son expiration : honoré, à vérifier',
      openedAt: new Date().toISOString(),
    });
    const items = await recipientsOf(`payment.review_opened:${reviewId}`);
    expect(items.map((item) => item.userId).sort()).toEqual(
      [school.admin.userId, finance.userId, cashier.userId].sort(),
    );
    expect(items[0]).toMatchObject({
      kind: 'payment_review',
      title: 'Paiement à examiner',
      body: 'Paiement réussi après son expiration : honoré, à vérifier.',
      link: `/admin/paiements?paiement=${paymentId}`,
    });
  });

  it('« Écart de caisse » to the desk’s supervisors only, and nothing when the drawer balanced', async () => {
    const db = database().db;
    const closed = (sessionId: string, counted: number) => ({
      sessionId,
      cashierUserId: cashier.userId,
      cashierName: 'Ama Caisse',
      expected: 120_000,
      counted,
      difference: counted - 120_000,
      comment: counted === 120_000 ? null : 'Monnaie rendue en trop',
      closedAt: new Date().toISOString(),
    });
    const balanced = randomUUID();
    await publishAndDispatch(
      db,
      school.organizationId,
      'cash_session.closed',
      closed(balanced, 120_000),
    );
    expect(await recipientsOf(`cash_session.closed:${balanced}`)).toEqual([]);

    const short = randomUUID();
    await publishAndDispatch(
      db,
      school.organizationId,
      'cash_session.closed',
      closed(short, 119_500),
    );
    const items = await recipientsOf(`cash_session.closed:${short}`);
    expect(items.map((item) => item.userId).sort()).toEqual(
      [school.admin.userId, finance.userId].sort(),
    );
    expect(items[0]).toMatchObject({
      title: 'Écart de caisse',
      body: 'Caisse de Ama Caisse clôturée avec 500 FCFA manquant (attendu 120 000 FCFA, compté 119 500 FCFA) : « Monnaie rendue en trop ».',
      link: '/admin/caisse?statut=cloturees',
    });
  });
});
