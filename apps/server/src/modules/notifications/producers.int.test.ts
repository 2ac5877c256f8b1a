import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxEvents } from '../../platform/outbox/outbox.tables';
import { ok } from '../../test/school-fixture';
import { useTestApp } from '../../test/test-app';
import { admissionSchool, submitThroughForm } from '../admissions/admission.test-support';
import { dispatchBell, itemsOf } from './notifications.test-support';

/**
 * The events the bell and the automations hear are written by their producers, in the fact's
 * transaction, through the real routes: the cash desk's closing, an enrolment, the public form.
 */
describe('The producers of the staff’s events', () => {
  const { app, database } = useTestApp();

  const eventsOf = (organizationId: string, type: string) =>
    database()
      .db.select()
      .from(outboxEvents)
      .where(and(eq(outboxEvents.organizationId, organizationId), eq(outboxEvents.type, type)));

  it('the closing of a cash session that does not balance: « Écart de caisse » in the bell', async () => {
    const db = database().db;
    const school = await admissionSchool(app(), db, 'École Caisse Juste');
    const balanced = await ok(
      school.call('POST', '/api/cash-sessions', { openingFloat: 10_000 }),
      201,
    );
    await ok(
      school.call('POST', `/api/cash-sessions/${balanced.id}/close`, { countedAmount: 10_000 }),
    );
    const short = await ok(
      school.call('POST', '/api/cash-sessions', { openingFloat: 10_000 }),
      201,
    );
    await ok(
      school.call('POST', `/api/cash-sessions/${short.id}/close`, {
        countedAmount: 9_500,
        comment: 'Monnaie rendue en trop',
      }),
    );
    const events = await eventsOf(school.organizationId, 'cash_session.closed');
    expect(events.map((event) => event.payload)).toEqual([
      expect.objectContaining({ sessionId: balanced.id, difference: 0 }),
      expect.objectContaining({
        sessionId: short.id,
        expected: 10_000,
        counted: 9_500,
        difference: -500,
        comment: 'Monnaie rendue en trop',
      }),
    ]);
    await dispatchBell(db);
    const items = await itemsOf(db, school.organizationId);
    expect(items.map((item) => [item.kind, item.dedupeKey])).toEqual([
      ['cash_difference', `cash_session.closed:${short.id}`],
    ]);
  });

  it('an enrolment publishes student.enrolled with the invoices it issued, once', async () => {
    const db = database().db;
    const school = await admissionSchool(app(), db, 'École Inscriptions');
    const student = await ok(school.call('POST', '/api/students', { fullName: 'Afi Mensah' }), 201);
    const enrol = () =>
      school.call('POST', `/api/students/${student.id}/enrolments`, {
        levelId: school.l1.id,
        academicYearId: school.year.id,
      });
    await ok(enrol(), 201);
    await enrol(); // the same enrolment again changes nothing
    const events = await eventsOf(school.organizationId, 'student.enrolled');
    expect(events).toHaveLength(1);
    const invoices = await ok(
      school.call('GET', `/api/invoices?studentId=${student.id}&pageSize=50`),
    );
    expect(events[0]!.payload).toMatchObject({
      studentId: student.id,
      levelId: school.l1.id,
      programmeId: school.licence.id,
      academicYearId: school.year.id,
    });
    expect([...(events[0]!.payload.invoiceIds as string[])].sort()).toEqual(
      invoices.items.map((invoice: { id: string }) => invoice.id).sort(),
    );
  });

  it('a pre-registration through the public form: « Nouvelle pré-inscription » in the bell', async () => {
    const db = database().db;
    const school = await admissionSchool(app(), db, 'École Pré-inscriptions');
    const admissionId = await submitThroughForm(app(), db, school);
    const [event] = await eventsOf(school.organizationId, 'admission.received');
    expect(event!.payload).toMatchObject({
      admissionId,
      studentName: 'Kossi Agbéko',
      applicantPhone: '+22890123456',
      programmeId: school.licence.id,
      levelId: school.l1.id,
    });
    await dispatchBell(db);
    const items = await itemsOf(db, school.organizationId);
    expect(items.map((item) => [item.title, item.link])).toEqual([
      ['Nouvelle pré-inscription', '/admin/etudiants/inscriptions'],
    ]);
  });
});
