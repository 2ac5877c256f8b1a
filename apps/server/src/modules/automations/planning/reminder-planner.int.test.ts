import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { dispatchDueSends } from '../dispatch/reminder-dispatcher.service';
import { planSchoolReminders } from './reminder-planner.service';
import {
  createWorkflow,
  invoiceDue,
  markPaid,
  messagesTo,
  reminderSchool,
  sendsOf,
  testSigner,
  type ReminderSchool,
} from './reminders.test-support';

const EDOUARD = '+22891000001';

describe('Reminder engine: planning and sending once', () => {
  const { app, database } = useTestApp({ rateLimitPerMinute: 100_000 });
  const db = () => database().db;
  const context = () => ({ signer: testSigner() });
  let s: ReminderSchool;
  let j3: { id: string };

  beforeAll(async () => {
    s = await reminderSchool(app(), db(), 'Collège Les Hibiscus');
    j3 = await createWorkflow(s.finance, { conditions: { levelId: s.programmes.m1.id } });
  });

  it('plans J-3 for the level’s open invoices, the main payer, and says why a student without a payer is left out', async () => {
    const now = new Date('2027-01-12T07:00:00Z');
    const outcome = await planSchoolReminders(db(), s.school.organizationId, now);
    expect(outcome.inserted).toBe(3);
    const rows = await sendsOf(db(), j3.id);
    const kossiInvoice = await invoiceDue(db(), s.kossi.id, '2027-01-15');
    const amaInvoice = await invoiceDue(db(), s.ama.id, '2027-01-15');
    expect(rows.map((row) => [row.recipient, row.status, row.skip_reason, row.invoice_id])).toEqual(
      expect.arrayContaining([
        [EDOUARD, 'planned', null, kossiInvoice.id],
        [EDOUARD, 'planned', null, amaInvoice.id],
        [`student:${s.koffi.id}`, 'skipped', 'no_phone', expect.any(String)],
      ]),
    );
    // Yao is in L1: the condition keeps him out; Afi is not the main payer.
    expect(rows.some((row) => row.student_id === s.yao.id)).toBe(false);
    for (const row of rows) {
      expect(row.occurrence).toBe('due:2027-01-15;offset:-3;repeat:0');
      const at = new Date(row.scheduled_for).getTime();
      expect(at).toBeGreaterThanOrEqual(Date.parse('2027-01-12T08:00:00Z'));
      expect(at).toBeLessThan(Date.parse('2027-01-12T10:00:00Z'));
    }
    // Planning again (the cron, a second planner, a workflow edited) writes nothing new.
    const again = await planSchoolReminders(db(), s.school.organizationId, now);
    expect(again.inserted).toBe(0);
    expect(await sendsOf(db(), j3.id)).toHaveLength(3);
  });

  it('two dispatchers at once send one message: the two children’s invoices together, with a short link', async () => {
    const now = new Date('2027-01-12T10:30:00Z');
    const [first, second] = await Promise.all([
      dispatchDueSends(db(), context(), { now }),
      dispatchDueSends(db(), context(), { now }),
    ]);
    expect(first.messages + second.messages).toBe(1);
    const messages = await messagesTo(db(), EDOUARD);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.category).toBe('reminder');
    expect(messages[0]!.body).toContain('600 000 FCFA');
    expect(messages[0]!.body).toMatch(/Kossi A\. et Ama A\.|Ama A\. et Kossi A\./);
    expect(messages[0]!.body).toMatch(/\/s\/[0-9A-Za-z]{8,10}/);
    expect(messages[0]!.body).toContain('Stop rappels');
    const rows = (await sendsOf(db(), j3.id)).filter((row) => row.recipient === EDOUARD);
    expect(rows.map((row) => row.status)).toEqual(['queued', 'queued']);
    expect(new Set(rows.map((row) => row.outbound_message_id))).toEqual(new Set([messages[0]!.id]));
    // Again, and planning again: still one message.
    await planSchoolReminders(db(), s.school.organizationId, now);
    await dispatchDueSends(db(), context(), { now });
    expect(await messagesTo(db(), EDOUARD)).toHaveLength(1);
  });

  it('an invoice paid after the reminder was planned is skipped « payé entre-temps »', async () => {
    const overdue = await createWorkflow(s.finance, {
      name: 'Relance J+3',
      trigger: 'invoice_overdue',
      params: { days: 3 },
      conditions: {},
      action: {
        channel: 'sms',
        recipients: 'main_payer',
        template: '{ecole}: {montant} dus pour {eleve} depuis le {echeance}. {lien}',
      },
    });
    await planSchoolReminders(db(), s.school.organizationId, new Date('2027-01-18T06:00:00Z'));
    const kossiInvoice = await invoiceDue(db(), s.kossi.id, '2027-01-15');
    await markPaid(db(), kossiInvoice.id);
    const outcome = await dispatchDueSends(db(), context(), {
      now: new Date('2027-01-18T11:00:00Z'),
    });
    const rows = await sendsOf(db(), overdue.id);
    const kossi = rows.find((row) => row.invoice_id === kossiInvoice.id)!;
    expect(kossi).toMatchObject({ status: 'skipped', skip_reason: 'paid_meanwhile' });
    expect(outcome.skipped.paid_meanwhile).toBe(1);
    // Ama's still goes to Édouard; no message names Kossi.
    const edouard = await messagesTo(db(), EDOUARD);
    expect(edouard).toHaveLength(2);
    expect(edouard[1]!.body).toContain('Ama A.');
    expect(edouard[1]!.body).not.toContain('Kossi');
  });

  it('a paused workflow’s due sends are skipped; resumed, its later sends are planned again', async () => {
    const repeat = await createWorkflow(s.finance, {
      name: 'Relance répétée',
      trigger: 'invoice_overdue',
      params: { days: 5, repeatEveryDays: 3, repeatTimes: 2 },
      conditions: {},
      action: { channel: 'sms', recipients: 'main_payer', template: '{eleve}: {montant}' },
    });
    // 15/01 + 5 = 20/01, then 23/01 and 26/01 (Ama's invoice: Kossi's was paid).
    await planSchoolReminders(db(), s.school.organizationId, new Date('2027-01-19T06:00:00Z'));
    const amaInvoice = await invoiceDue(db(), s.ama.id, '2027-01-15');
    const ofAma = async () =>
      (await sendsOf(db(), repeat.id)).filter((row) => row.invoice_id === amaInvoice.id);
    const planned = await ofAma();
    expect(planned.map((row) => row.occurrence)).toEqual([
      'due:2027-01-15;offset:11;repeat:2',
      'due:2027-01-15;offset:5;repeat:0',
      'due:2027-01-15;offset:8;repeat:1',
    ]);
    await db().execute(sql`update workflows set enabled = false where id = ${repeat.id}`);
    await dispatchDueSends(db(), context(), { now: new Date('2027-01-23T11:00:00Z') });
    const paused = await ofAma();
    expect(paused.map((row) => row.skip_reason)).toEqual([
      null,
      'workflow_paused',
      'workflow_paused',
    ]);
    await db().execute(sql`update workflows set enabled = true where id = ${repeat.id}`);
    const resumed = await planSchoolReminders(
      db(),
      s.school.organizationId,
      new Date('2027-01-23T11:30:00Z'),
    );
    expect(resumed.revived).toBe(1);
    await dispatchDueSends(db(), context(), { now: new Date('2027-01-23T12:00:00Z') });
    const after = await ofAma();
    expect(after.map((row) => [row.occurrence, row.status])).toEqual([
      ['due:2027-01-15;offset:11;repeat:2', 'planned'],
      ['due:2027-01-15;offset:5;repeat:0', 'skipped'],
      ['due:2027-01-15;offset:8;repeat:1', 'queued'],
    ]);
  });
});
