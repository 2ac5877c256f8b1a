import { AdmissionMessages } from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../../test/auth-helpers';
import { addMemberWithSystemRole } from '../access/access.service';
import { ensureAccount } from '../auth';
import { ok } from '../../test/school-fixture';
import { testAppOptions, useTestApp } from '../../test/test-app';
import { createLinkSigner, resolvePaymentLink } from '../payer';
import { admissionSchool, submitThroughForm, type AdmissionSchool } from './admission.test-support';

describe('staff decisions on pre-registrations: /api/admissions', () => {
  const { app, database } = useTestApp({ formRateLimit: { max: 1000, timeWindow: '1 minute' } });
  let school: AdmissionSchool;

  const db = () => database().db;
  const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    (await db().execute<T>(query)).rows;

  beforeAll(async () => {
    school = await admissionSchool(app(), db());
  });

  it('lists the requests to examine, newest first, with their student, programme and level; pages', async () => {
    const first = await submitThroughForm(app(), db(), school, {
      name: 'Afi Mensah',
      email: 'afi@exemple.tg',
      phone: '90000011',
    });
    const second = await submitThroughForm(app(), db(), school, {
      name: 'Yao Dossou',
      email: 'yao@exemple.tg',
      phone: '90000012',
      programmeId: school.master.id,
      levelId: school.m1.id,
    });
    const list = await ok(school.call('GET', '/api/admissions'));
    expect(list).toMatchObject({ total: 2, page: 1, pageSize: 10 });
    expect(list.items.map((item: { id: string }) => item.id)).toEqual([second, first]);
    expect(list.items[0]).toMatchObject({
      fullName: 'Yao Dossou',
      email: 'yao@exemple.tg',
      phone: '+22890000012',
      gender: 'male',
      country: 'TG',
      programmeName: 'Master Droit',
      levelName: 'M1',
      status: 'submitted',
      refusalReason: null,
      decidedBy: null,
      matricule: expect.stringMatching(/^STU-\d{3}$/),
    });
    const paged = await ok(school.call('GET', '/api/admissions?page=2&pageSize=1'));
    expect(paged.items.map((item: { id: string }) => item.id)).toEqual([first]);
    const accepted = await ok(school.call('GET', '/api/admissions?status=accepted'));
    expect(accepted.total).toBe(0);
    const bad = await school.call('GET', '/api/admissions?status=perdu');
    expect(bad.statusCode).toBe(400);
  });

  it('accepts: student active, guardian « self » main payer, invoices, link to the applicant by SMS and e-mail', async () => {
    const admissionId = await submitThroughForm(app(), db(), school, {
      name: 'Essi Lawson',
      email: 'essi@exemple.tg',
      phone: '90000021',
    });
    const result = await ok(school.call('POST', `/api/admissions/${admissionId}/accept`));
    expect(result.admission).toMatchObject({
      id: admissionId,
      status: 'accepted',
      decidedBy: 'Afi Mensah',
      decidedAt: expect.any(String),
    });
    expect(result.invoicesIssued).toBeGreaterThan(1);
    expect(result.paymentLinkUrl).toMatch(/\/payer\/l\/[A-Za-z0-9]{12}\.[A-Za-z0-9_-]{12}$/);

    const studentId = result.admission.studentId as string;
    const student = await ok(school.call('GET', `/api/students/${studentId}`));
    expect(student.status).toBe('active');
    expect(
      student.statusHistory.map((change: { from: string | null; to: string }) => [
        change.from,
        change.to,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [null, 'pending'],
        ['pending', 'active'],
      ]),
    );
    expect(student.guardians).toEqual([
      expect.objectContaining({
        fullName: 'Essi Lawson',
        phone: '+22890000021',
        email: 'essi@exemple.tg',
        relation: 'self',
        mainPayer: true,
      }),
    ]);
    expect(student.enrolments).toEqual([
      expect.objectContaining({ level: expect.objectContaining({ id: school.l1.id }) }),
    ]);

    const invoices = await rows<{ kind: string; total: number; status: string }>(sql`
      select l.kind, i.total::int, i.status from invoices i
      join invoice_lines l on l.organization_id = i.organization_id and l.invoice_id = i.id
      where i.organization_id = ${school.organizationId} and i.student_id = ${studentId}
      order by i.due_on, i.number`);
    // The registration fee (« Inscription ») first, then the months of tuition.
    expect(invoices).toHaveLength(result.invoicesIssued);
    expect(invoices[0]).toEqual({ kind: 'registration', total: 50_000, status: 'open' });
    expect(invoices.slice(1).every((invoice) => invoice.kind === 'tuition')).toBe(true);

    const token = result.paymentLinkUrl.split('/payer/l/')[1] as string;
    const signer = createLinkSigner(testAppOptions(database()).jwtSecret);
    const resolved = await resolvePaymentLink(db(), signer, token, new Date());
    expect(resolved.ok).toBe(true);
    if (!resolved.ok) return;
    expect(resolved.link).toMatchObject({
      organizationId: school.organizationId,
      guardianId: student.guardians[0].id,
      studentId: null,
      purpose: 'admission',
    });

    const messages = await rows<{ channel: string; recipient: string; body: string }>(sql`
      select channel, recipient, body from outbound_messages
      where organization_id = ${school.organizationId} and template = 'admission.accepted'
      order by channel`);
    expect(messages).toEqual([
      expect.objectContaining({ channel: 'email', recipient: 'essi@exemple.tg' }),
      {
        channel: 'sms',
        recipient: '+22890000021',
        body: expect.stringMatching(
          /^Lycée Les Cocotiers : votre inscription est acceptée\. Payez les frais d'inscription en ligne : http:\/\/127\.0\.0\.1:3000\/s\/[0-9A-Za-z]{10}$/,
        ),
      },
    ]);
    expect(messages[0]!.body).toContain(result.paymentLinkUrl);
    // The SMS carries our short link: it leads to the payment link.
    const short = new URL(messages[1]!.body.split(' : ').at(-1)!);
    const followed = await app().inject({ method: 'GET', url: short.pathname });
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe(new URL(result.paymentLinkUrl).pathname);

    const audit = await rows<{ action: string; actor_label: string }>(sql`
      select action, actor_label from audit_entries
      where organization_id = ${school.organizationId} and resource_id = ${admissionId}`);
    expect(audit.map((entry) => entry.action).sort()).toEqual([
      'admission.accepted',
      'admission.submitted',
    ]);

    // Decided once: accepting or refusing again is refused, and nothing more is written.
    for (const [path, body] of [
      ['accept', undefined],
      ['refuse', { reason: 'Dossier incomplet' }],
    ] as const) {
      const again = await school.call('POST', `/api/admissions/${admissionId}/${path}`, body);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(AdmissionMessages.alreadyDecided);
    }
    const invoiceCount = await rows<{ n: number }>(sql`
      select count(*)::int as n from invoices where student_id = ${studentId}`);
    expect(invoiceCount[0]!.n).toBe(result.invoicesIssued);
  });

  it('reuses the school’s guardian who has the applicant’s phone', async () => {
    const sibling = await ok(school.call('POST', '/api/students', { fullName: 'Komi Adjo' }), 201);
    const parent = await ok(
      school.call('POST', `/api/students/${sibling.id}/guardians`, {
        fullName: 'Mawuli Adjo',
        phone: '90000031',
        relation: 'father',
      }),
      201,
    );
    const admissionId = await submitThroughForm(app(), db(), school, {
      name: 'Dzifa Adjo',
      email: 'dzifa@exemple.tg',
      phone: '90000031',
    });
    const result = await ok(school.call('POST', `/api/admissions/${admissionId}/accept`));
    const student = await ok(school.call('GET', `/api/students/${result.admission.studentId}`));
    expect(student.guardians).toEqual([
      expect.objectContaining({ id: parent.id, relation: 'self', mainPayer: true }),
    ]);
    const guardians = await rows<{ n: number }>(sql`
      select count(*)::int as n from guardians
      where organization_id = ${school.organizationId} and phone = '+22890000031'`);
    expect(guardians[0]!.n).toBe(1);
  });

  it('refuses: the reason kept, the student archived, the applicant told by SMS and e-mail', async () => {
    const admissionId = await submitThroughForm(app(), db(), school, {
      name: 'Kafui Ameko',
      email: 'kafui@exemple.tg',
      phone: '90000041',
    });
    const empty = await school.call('POST', `/api/admissions/${admissionId}/refuse`, {
      reason: ' ',
    });
    expect(empty.statusCode).toBe(400);
    const refused = await ok(
      school.call('POST', `/api/admissions/${admissionId}/refuse`, {
        reason: 'Les places en L1 sont toutes prises cette année.',
      }),
    );
    expect(refused).toMatchObject({
      id: admissionId,
      status: 'refused',
      refusalReason: 'Les places en L1 sont toutes prises cette année.',
      decidedBy: 'Afi Mensah',
    });
    const student = await rows<{ status: string; archived: boolean }>(sql`
      select status, archived_at is not null as archived from students
      where id = ${refused.studentId}`);
    expect(student).toEqual([{ status: 'pending', archived: true }]);
    const messages = await rows<{ channel: string; recipient: string; body: string }>(sql`
      select channel, recipient, body from outbound_messages
      where organization_id = ${school.organizationId} and template = 'admission.refused'
      order by channel`);
    expect(messages.map((message) => [message.channel, message.recipient])).toEqual([
      ['email', 'kafui@exemple.tg'],
      ['sms', '+22890000041'],
    ]);
    expect(messages[1]!.body).toBe(
      "Lycée Les Cocotiers : votre demande d'inscription n'a pas été retenue. " +
        'Motif : Les places en L1 sont toutes prises cette année.',
    );
    const audit = await rows<{ action: string }>(sql`
      select action from audit_entries where organization_id = ${school.organizationId}
        and action in ('admission.refused', 'student.archived') and resource_id in
        (${admissionId}, ${refused.studentId})`);
    expect(audit.map((entry) => entry.action).sort()).toEqual([
      'admission.refused',
      'student.archived',
    ]);
    const again = await school.call('POST', `/api/admissions/${admissionId}/refuse`, {
      reason: 'Deux fois',
    });
    expect(again.statusCode).toBe(409);
  });

  it('answers 409 without a current school year, and changes nothing', async () => {
    const admissionId = await submitThroughForm(app(), db(), school, {
      name: 'Sena Kpodar',
      email: 'sena@exemple.tg',
      phone: '90000051',
    });
    await db().execute(sql`
      update academic_years set is_current = false where organization_id = ${school.organizationId}`);
    try {
      const response = await school.call('POST', `/api/admissions/${admissionId}/accept`);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(AdmissionMessages.noCurrentYear);
    } finally {
      await db().execute(sql`
        update academic_years set is_current = true where id = ${school.year.id}`);
    }
    const [admission] = await rows<{ status: string; student_status: string }>(sql`
      select a.status, s.status as student_status from admissions a
      join students s on s.organization_id = a.organization_id and s.id = a.student_id
      where a.id = ${admissionId}`);
    expect(admission).toEqual({ status: 'submitted', student_status: 'pending' });
  });

  it('hides a school’s requests from another school (404) and lets a Lecteur read but not decide (403)', async () => {
    const admissionId = await submitThroughForm(app(), db(), school, {
      name: 'Edem Agbo',
      email: 'edem@exemple.tg',
      phone: '90000061',
    });
    const other = await admissionSchool(app(), db(), 'Institut du Plateau');
    expect((await ok(other.call('GET', '/api/admissions'))).total).toBe(0);
    for (const [path, body] of [
      ['accept', undefined],
      ['refuse', { reason: 'Intrusion' }],
    ] as const) {
      const response = await other.call('POST', `/api/admissions/${admissionId}/${path}`, body);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(AdmissionMessages.notFound);
    }

    // A Lecteur of the same school.
    const email = 'lecteur@cocotiers.tg';
    await db().transaction(async (tx) => {
      const { user } = await ensureAccount(tx, { email, name: 'Lecteur', password: 'motdepasse' });
      await addMemberWithSystemRole(
        tx,
        {
          organizationId: school.organizationId,
          userId: user.id,
          roleKey: 'reader',
          userLabel: 'L',
        },
        { actor: { type: 'system', label: 'Test' }, ip: null },
      );
    });
    const readerSession = await logIn(app(), email, 'motdepasse');
    const asReader = (method: 'GET' | 'POST', url: string, payload?: object) =>
      app().inject({
        method,
        url,
        payload,
        headers: { authorization: `Bearer ${readerSession.accessToken}` },
      });
    expect((await asReader('GET', '/api/admissions')).statusCode).toBe(200);
    expect((await asReader('POST', `/api/admissions/${admissionId}/accept`)).statusCode).toBe(403);
    const refuse = await asReader('POST', `/api/admissions/${admissionId}/refuse`, {
      reason: 'Lecture seule',
    });
    expect(refuse.statusCode).toBe(403);
    const [admission] = await rows<{ status: string }>(sql`
      select status from admissions where id = ${admissionId}`);
    expect(admission!.status).toBe('submitted');
  });
});
