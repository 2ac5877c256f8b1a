import { randomUUID } from 'node:crypto';
import { addDays, notificationPreferenceDefaults } from '@ecolage/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { dayIn } from '../../platform/clock';
import { ok, setUpProgrammes } from '../../test/school-fixture';
import { useTestApp } from '../../test/test-app';
import { paymentAttempts } from '../payments/payments.tables';
import {
  addStaff,
  emailsOf,
  itemsOf,
  schoolWithAdmin,
  type StaffMember,
} from './notifications.test-support';
import { isoWeekLabel, isoWeekMonday, weeklySchoolFigures } from './weekly-figures';
import { sendWeeklySummaries, weekToSummarise } from './weekly-summary';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('The weekly summary', () => {
  const { app, database } = useTestApp();
  let school: Awaited<ReturnType<typeof schoolWithAdmin>>;
  let finance: StaffMember;
  let registrar: StaffMember;
  // Last week, in Lomé (UTC): the one a summary written this Monday covers.
  const thisMonday = isoWeekMonday(dayIn('Africa/Lome'));
  const lastMonday = addDays(thisMonday, -7);
  let owedBeforeThisMonday = 0;
  let students = 0;

  const wantsSummary = (member: StaffMember) =>
    ok(
      member.call('PUT', '/api/profile/notifications', {
        settings: { ...notificationPreferenceDefaults, 'resume-hebdomadaire': true },
        notificationEmail: '',
      }),
    );

  beforeAll(async () => {
    const db = database().db;
    school = await schoolWithAdmin(app(), db, 'Institut Les Rôniers');
    finance = await addStaff(app(), db, school, 'Kodjo Finance', { roleKey: 'finance' });
    // A cashier reads payments but keeps the summary off (the default): nothing for them.
    await addStaff(app(), db, school, 'Ama Caisse', { roleKey: 'cashier' });
    registrar = await addStaff(app(), db, school, 'Yawa Scolarité', {
      permissions: ['read:students'],
    });
    await wantsSummary(school.admin);
    await wantsSummary(finance);
    await wantsSummary(registrar);

    const { year, l1 } = await setUpProgrammes(school.call);
    let guardianId = '';
    for (const fullName of ['Kossi Agbéko', 'Afi Mensah']) {
      const student = await ok(school.call('POST', '/api/students', { fullName }), 201);
      const guardian = await ok(
        school.call('POST', `/api/students/${student.id}/guardians`, {
          fullName: `Parent de ${fullName}`,
          phone: fullName === 'Kossi Agbéko' ? '90112233' : '91112233',
          relation: 'mother',
        }),
        201,
      );
      guardianId = guardian.id;
      await ok(
        school.call('POST', `/api/students/${student.id}/enrolments`, {
          levelId: l1.id,
          academicYearId: year.id,
        }),
        201,
      );
      const page = await ok(
        school.call('GET', `/api/invoices?studentId=${student.id}&pageSize=50`),
      );
      const owed = (page.items as { dueOn: string; total: number; paid: number }[])
        .filter((invoice) => invoice.dueOn < thisMonday)
        .reduce((sum, invoice) => sum + invoice.total - invoice.paid, 0);
      owedBeforeThisMonday += owed;
      if (owed > 0) students += 1;
    }

    const paid = (wallet: string, provider: string, amount: number, succeededAt: string) => ({
      id: randomUUID(),
      organizationId: school.organizationId,
      guardianId,
      provider,
      wallet,
      amount,
      status: 'succeeded' as const,
      createdBy: 'Test',
      expiresAt: new Date(succeededAt),
      succeededAt: new Date(succeededAt),
    });
    await db.insert(paymentAttempts).values([
      paid('MTN', 'mtn', 50_000, `${lastMonday}T09:00:00Z`),
      paid('MTN', 'mtn', 30_000, `${addDays(lastMonday, 6)}T23:30:00Z`),
      paid('CASH', 'desk', 20_000, `${addDays(lastMonday, 3)}T12:00:00Z`),
      // Outside the week: the Sunday before, and this Monday.
      paid('MTN', 'mtn', 99_000, `${addDays(lastMonday, -1)}T12:00:00Z`),
      paid('CASH', 'desk', 77_000, `${thisMonday}T00:00:00Z`),
    ]);
  });

  it('goes out on Monday from 07:00 in the school’s time zone, for the week before', () => {
    expect(weekToSummarise('Africa/Lome', new Date(`${thisMonday}T06:59:00Z`))).toBeNull();
    expect(weekToSummarise('Africa/Lome', new Date(`${thisMonday}T07:00:00Z`))).toBe(lastMonday);
    expect(weekToSummarise('Africa/Lome', new Date(`${addDays(thisMonday, 1)}T09:00:00Z`))).toBe(
      null,
    );
    // Lomé is on UTC; in Lagos, an hour ahead, 06:30 UTC is already 07:30.
    expect(weekToSummarise('Africa/Lagos', new Date(`${thisMonday}T06:30:00Z`))).toBe(lastMonday);
    expect(isoWeekLabel('2026-11-16')).toBe('2026-W47');
    expect(isoWeekLabel('2027-01-04')).toBe('2027-W01');
    expect(isoWeekLabel('2026-12-28')).toBe('2026-W53');
  });

  it('adds up the week’s payments by channel, the overdue balance and the classes that owe most', async () => {
    const figures = await weeklySchoolFigures(database().db, school.organizationId, lastMonday);
    expect(figures).toEqual({
      weekStart: lastMonday,
      weekEnd: addDays(lastMonday, 6),
      collected: 100_000,
      collectedByChannel: [
        { channel: 'MTN', label: 'MTN MoMo', amount: 80_000, payments: 2 },
        { channel: 'CASH', label: 'Espèces', amount: 20_000, payments: 1 },
      ],
      overdue: owedBeforeThisMonday,
      topOverdueClasses:
        owedBeforeThisMonday > 0
          ? [
              {
                level: 'L1',
                programme: 'Licence Informatique',
                overdue: owedBeforeThisMonday,
                students,
              },
            ]
          : [],
      paymentsCount: 3,
    });
  });

  it('reaches each member who reads the figures and wants it, once a week, with its e-mail', async () => {
    const db = database().db;
    const monday8 = new Date(`${thisMonday}T08:00:00Z`);
    // Two processes at once, then a later hour: one item and one e-mail per member.
    const runs = await Promise.all([
      sendWeeklySummaries(db, monday8),
      sendWeeklySummaries(db, monday8),
    ]);
    expect(runs[0]! + runs[1]!).toBe(2);
    expect(await sendWeeklySummaries(db, new Date(`${thisMonday}T15:00:00Z`))).toBe(0);

    const items = await itemsOf(db, school.organizationId);
    expect(items.map((item) => item.userId).sort()).toEqual(
      [school.admin.userId, finance.userId].sort(),
    );
    expect(items[0]).toMatchObject({
      kind: 'weekly_summary',
      title: 'Résumé de la semaine',
      link: '/admin',
      dedupeKey: `weekly_summary:${isoWeekLabel(lastMonday)}`,
    });
    expect(plain(items[0]!.body)).toContain('100 000 FCFA encaissés (3 paiements)');

    const emails = await emailsOf(db, school.organizationId, 'notifications.weekly_summary');
    expect(emails.map((email) => email.recipient).sort()).toEqual(
      [school.admin.email, finance.email].sort(),
    );
    const text = plain(emails[0]!.body);
    expect(text).toContain('Encaissé : 100 000 FCFA (3 paiements, remboursements déduits)');
    expect(text).toContain('- MTN MoMo : 80 000 FCFA (2 paiements)');
    expect(text).toContain('- Espèces : 20 000 FCFA (1 paiement)');
    expect(text).toContain('Impayés à ce jour :');
    expect(text).toContain('/admin\n');
  });

  it('is not written on another day, nor twice for the same week', async () => {
    const db = database().db;
    expect(await sendWeeklySummaries(db, new Date(`${addDays(thisMonday, 2)}T08:00:00Z`))).toBe(0);
    expect(await sendWeeklySummaries(db, new Date(`${thisMonday}T06:00:00Z`))).toBe(0);
  });
});
