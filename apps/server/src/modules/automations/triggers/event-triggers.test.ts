import { parseEventPayload, type EventName, type EventPayloadInput } from '@ecolage/contracts';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PublishedEvent } from '../../../platform/outbox/outbox';
import { ok, setUpProgrammes, signUpSchool, type Call } from '../../../test/school-fixture';
import { useTestApp } from '../../../test/test-app';
import { memberOfSystemRole, reminderJ3 } from '../automations.test-support';
import { placeholderValuesForSend } from '../templates/send-values';
import { automationEventHandlers } from './event-triggers';
import { planWeeklySummarySends } from './weekly';

describe('Workflows triggered by events: their sends, planned once', () => {
  const { app, database } = useTestApp({ rateLimitPerMinute: 100_000 });
  let school: Awaited<ReturnType<typeof signUpSchool>>;
  let programmes: Awaited<ReturnType<typeof setUpProgrammes>>;
  let finance: Call;
  let kossi: { id: string };
  let ama: { id: string };
  let directorRoleId: string;

  async function handle<Name extends EventName>(name: Name, payload: EventPayloadInput<Name>) {
    const handler = automationEventHandlers.find((candidate) => candidate.event === name)!;
    const event = {
      id: 1,
      name,
      organizationId: school.organizationId,
      aggregateId: randomUUID(),
      payload: parseEventPayload(name, payload),
      createdAt: new Date(),
    } as PublishedEvent<Name>;
    await database().db.transaction((tx) =>
      (handler.handle as (tx: unknown, event: PublishedEvent<Name>) => Promise<void>)(tx, event),
    );
  }

  async function sends(workflowId: string) {
    return (
      await database().db.execute<{
        recipient: string;
        status: string;
        skip_reason: string | null;
        student_id: string | null;
        guardian_id: string | null;
        subject_kind: string;
        subject_id: string;
        occurrence: string;
        channel: string;
      }>(sql`select recipient, status, skip_reason, student_id, guardian_id, subject_kind,
                    subject_id, occurrence, channel
             from workflow_sends where workflow_id = ${workflowId} order by recipient`)
    ).rows;
  }

  async function workflow(body: object, enabled = true) {
    return ok(finance('POST', '/api/automations', { ...body, enabled }), 201);
  }

  beforeAll(async () => {
    school = await signUpSchool(app(), 'Institut Les Flamboyants');
    programmes = await setUpProgrammes(school.call);
    finance = await memberOfSystemRole(app(), database().db, school.organizationId, 'finance');
    kossi = await ok(
      school.call('POST', '/api/students', {
        fullName: 'Kossi AGBÉKO',
        programmeId: programmes.licence.id,
      }),
      201,
    );
    await ok(
      school.call('POST', `/api/students/${kossi.id}/guardians`, {
        fullName: 'Édouard Agbéko',
        phone: '91 00 00 01',
        relation: 'father',
        mainPayer: true,
      }),
      201,
    );
    await ok(
      school.call('POST', `/api/students/${kossi.id}/guardians`, {
        fullName: 'Afi Agbéko',
        phone: '91 00 00 02',
        relation: 'mother',
      }),
      201,
    );
    await ok(
      school.call('POST', `/api/students/${kossi.id}/enrolments`, { levelId: programmes.l1.id }),
      201,
    );
    ama = await ok(school.call('POST', '/api/students', { fullName: 'Ama Mensah' }), 201);
    await ok(
      school.call('POST', `/api/students/${ama.id}/guardians`, {
        fullName: 'Yawa Mensah',
        phone: '92 00 00 03',
        relation: 'mother',
        mainPayer: true,
      }),
      201,
    );
    await ok(
      school.call('POST', `/api/students/${ama.id}/enrolments`, { levelId: programmes.m1.id }),
      201,
    );
    const roles = await ok(school.call('GET', '/api/roles'));
    directorRoleId = roles.find((role: { name: string }) => role.name === 'Directeur').id;
  });

  it('payment.succeeded: an SMS to the main payer of the students who meet the conditions, once', async () => {
    const thanks = await workflow({
      name: 'Merci L1',
      trigger: 'payment_succeeded',
      conditions: { levelId: programmes.l1.id },
      action: {
        channel: 'sms',
        recipients: 'main_payer',
        template:
          '{ecole}: merci, {montant_paye} reçus pour {eleve}. Reçu {recu}. Reste: {montant}',
      },
    });
    const byEmail = await workflow({
      name: 'Merci par e-mail',
      trigger: 'payment_succeeded',
      action: {
        channel: 'email',
        recipients: 'all_guardians',
        subject: 'Paiement reçu pour {eleve}',
        template: 'Bonjour {responsable}, merci.',
      },
    });
    const paused = await workflow(
      {
        name: 'En pause',
        trigger: 'payment_succeeded',
        action: { channel: 'sms', recipients: 'main_payer', template: '{eleve}' },
      },
      false,
    );
    const paymentId = randomUUID();
    const payload: EventPayloadInput<'payment.succeeded'> = {
      paymentId,
      guardianId: randomUUID(),
      amount: 50_000,
      wallet: 'MOOV_TG',
      provider: 'desk',
      providerRef: null,
      providerTxnId: null,
      payerPhone: null,
      succeededAt: new Date().toISOString(),
      allocations: [
        { invoiceId: randomUUID(), studentId: kossi.id, amount: 25_000 },
        { invoiceId: randomUUID(), studentId: ama.id, amount: 25_000 },
      ],
      creditAmount: 0,
      late: false,
    };
    await handle('payment.succeeded', payload);
    await handle('payment.succeeded', payload);

    const sms = await sends(thanks.id);
    expect(sms).toEqual([
      expect.objectContaining({
        recipient: '+22891000001',
        status: 'planned',
        student_id: kossi.id,
        subject_kind: 'payment',
        subject_id: paymentId,
        occurrence: `payment:${paymentId}`,
        channel: 'sms',
      }),
    ]);
    // No e-mail address: skipped, the history says why; three guardians, once each.
    const mails = await sends(byEmail.id);
    expect(mails.map((row) => [row.status, row.skip_reason])).toEqual([
      ['skipped', 'no_email'],
      ['skipped', 'no_email'],
      ['skipped', 'no_email'],
    ]);
    expect(await sends(paused.id)).toEqual([]);

    const [send] = await database()
      .db.execute<{
        organization_id: string;
        subject_kind: 'payment';
        subject_id: string;
        occurrence: string;
        guardian_id: string | null;
        student_id: string | null;
        invoice_id: string | null;
      }>(sql`select * from workflow_sends where workflow_id = ${thanks.id}`)
      .then((r) => r.rows);
    const values = await placeholderValuesForSend(
      database().db,
      'payment_succeeded',
      {
        organizationId: send!.organization_id,
        subjectKind: send!.subject_kind,
        subjectId: send!.subject_id,
        occurrence: send!.occurrence,
        guardianId: send!.guardian_id,
        studentId: send!.student_id,
        invoiceId: send!.invoice_id,
      },
      new Date(),
    );
    expect(values).toMatchObject({
      eleve: 'Kossi A.',
      eleve_complet: 'Kossi AGBÉKO',
      classe: 'L1',
      programme: 'Licence Informatique',
      ecole: 'Institut Les Flamboyants',
      responsable: 'Édouard Agbéko',
    });
    expect(values.montant).toMatch(/^\d{1,3}( \d{3})* FCFA$/);
  });

  it('payment.failed: a notification to the chosen role, once per role', async () => {
    const alert = await workflow({
      name: 'Échecs',
      trigger: 'payment_failed',
      action: {
        channel: 'staff',
        staffRoleIds: [directorRoleId],
        template: 'Paiement échoué ({montant_tente}) pour {eleve} : {motif}',
      },
    });
    const payload: EventPayloadInput<'payment.failed'> = {
      paymentId: randomUUID(),
      guardianId: randomUUID(),
      amount: 10_000,
      wallet: 'YAS_TG',
      provider: 'desk',
      payerPhone: '+22890000000',
      outcome: 'failed',
      reason: 'Solde insuffisant',
      failedAt: new Date().toISOString(),
      invoices: [{ invoiceId: randomUUID(), studentId: ama.id }],
    };
    await handle('payment.failed', payload);
    await handle('payment.failed', payload);
    expect((await sends(alert.id)).map((row) => [row.recipient, row.student_id])).toEqual([
      [`role:${directorRoleId}`, ama.id],
    ]);
  });

  it('student.enrolled and admission.received: the main payer, the applicant', async () => {
    const welcome = await workflow({
      name: 'Bienvenue',
      trigger: 'student_enrolled',
      conditions: { minimumBalance: 1 },
      action: {
        channel: 'whatsapp',
        recipients: 'main_payer',
        template: 'Bienvenue {eleve} ({classe}) : {montant} à régler, échéance {echeance}. {lien}',
      },
    });
    const enrolment = {
      studentId: ama.id,
      enrolmentId: randomUUID(),
      levelId: programmes.m1.id,
      programmeId: programmes.master.id,
      academicYearId: programmes.year.id,
      enrolledAt: new Date().toISOString(),
      invoiceIds: [],
    };
    await handle('student.enrolled', enrolment);
    await handle('student.enrolled', enrolment);
    expect((await sends(welcome.id)).map((row) => [row.recipient, row.occurrence])).toEqual([
      ['+22892000003', `enrolment:${enrolment.enrolmentId}`],
    ]);

    const received = await workflow({
      name: 'Pré-inscription',
      trigger: 'admission_received',
      action: {
        channel: 'sms',
        recipients: 'main_payer',
        template: '{ecole}: demande reçue pour {eleve_complet}.',
      },
    });
    const applicant = await ok(
      school.call('POST', '/api/students', { fullName: 'Essi Dzifa', status: 'pending' }),
      201,
    );
    const admission = {
      admissionId: randomUUID(),
      studentId: applicant.id,
      studentName: 'Essi Dzifa',
      applicantName: 'Kodjo Dzifa',
      applicantPhone: '+22893000004',
      programmeId: null,
      levelId: null,
      receivedAt: new Date().toISOString(),
    };
    await handle('admission.received', admission);
    await handle('admission.received', admission);
    expect((await sends(received.id)).map((row) => [row.recipient, row.subject_kind])).toEqual([
      ['+22893000004', 'admission'],
    ]);
  });

  it('plans the weekly summary once per role and week', async () => {
    const weekly = await workflow({
      name: 'Résumé de la semaine',
      trigger: 'weekly_summary',
      action: {
        channel: 'staff',
        staffRoleIds: [directorRoleId],
        template: '{ecole}, semaine {semaine}: {encaisse_semaine} encaissés, impayés {impayes}.',
      },
    });
    // Created « now »: its first summary is next Monday's.
    const nextWeek = new Date(Date.now() + 7 * 86_400_000);
    expect(await planWeeklySummarySends(database().db, new Date())).toBe(0);
    expect(await planWeeklySummarySends(database().db, nextWeek)).toBe(1);
    expect(await planWeeklySummarySends(database().db, nextWeek)).toBe(0);
    const [row] = await sends(weekly.id);
    expect(row).toMatchObject({ recipient: `role:${directorRoleId}`, subject_kind: 'week' });
    expect(row!.subject_id).toMatch(/^\d{4}-W\d{2}$/);
    expect(row!.occurrence).toMatch(/^week:\d{4}-\d{2}-\d{2}$/);
  });

  it('previews a template with a real student of the school', async () => {
    const preview = await ok(
      finance('POST', '/api/automations/preview', {
        template: reminderJ3().action.template,
        channel: 'sms',
        trigger: 'invoice_due_in',
        studentId: kossi.id,
      }),
    );
    expect(preview.student).toEqual({
      id: kossi.id,
      name: 'Kossi AGBÉKO',
      matricule: expect.any(String),
    });
    expect(preview.text).toMatch(
      /^Institut Les Flamboyants: \d{1,3}( \d{3})* FCFA pour Kossi A\. à régler avant le \d{2}\/\d{2}\/\d{4}\. Payez ici: https:\/\/\S+$/,
    );
    expect(preview.sms).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    expect(preview.warnings).toEqual([]);

    const first = await ok(
      finance('POST', '/api/automations/preview', {
        template: '{eleve_complet}',
        channel: 'email',
        trigger: 'student_enrolled',
        subject: 'Inscription de {eleve}',
      }),
    );
    expect(first.student).not.toBeNull();
    expect(first.sms).toBeNull();
    expect(first.subject).toBe(
      `Inscription de ${first.text.split(' ')[0]} ${first.text.split(' ')[1]![0]}.`,
    );

    const neighbour = await signUpSchool(app(), 'École Voisine');
    const theirs = await ok(neighbour.call('POST', '/api/students', { fullName: 'Intrus' }), 201);
    const foreign = await finance('POST', '/api/automations/preview', {
      template: '{eleve}',
      channel: 'sms',
      trigger: 'invoice_due_in',
      studentId: theirs.id,
    });
    expect([foreign.statusCode, foreign.json().code]).toEqual([
      404,
      'AUTOMATION_STUDENT_NOT_FOUND',
    ]);
    const unknown = await finance('POST', '/api/automations/preview', {
      template: 'Reçu {recu}',
      channel: 'sms',
      trigger: 'invoice_due_in',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues[0].message).toContain('Variables possibles pour ce déclencheur');
    // A school without students previews with the sample values.
    const sample = await ok(
      neighbour.call('POST', '/api/automations/preview', {
        template: '{eleve} {classe}',
        channel: 'sms',
        trigger: 'invoice_overdue',
      }),
    );
    expect([sample.student, sample.text]).toEqual([null, 'Kossiwa A. CM2 A']);
  });
});
