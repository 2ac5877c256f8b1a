import { beforeAll, describe, expect, it } from 'vitest';
import { recordOptOut } from '../../messaging';
import { setTestClock } from '../../../platform/test-clock/test-clock';
import { ok } from '../../../test/school-fixture';
import { useTestApp } from '../../../test/test-app';
import { planAllReminders, planSchoolReminders } from '../planning/reminder-planner.service';
import {
  createWorkflow,
  messagesTo,
  reminderSchool,
  sendsOf,
  testSigner,
  type ReminderSchool,
} from '../planning/reminders.test-support';
import { dispatchDueSends } from './reminder-dispatcher.service';

const EDOUARD = '+22891000001';
const AFI = '+22891000002';

describe('Reminder engine: quiet hours, opt-outs, caps, the test clock, « Simuler » and the history', () => {
  const { app, database } = useTestApp({ rateLimitPerMinute: 100_000 });
  const db = () => database().db;
  const context = () => ({ signer: testSigner() });
  let s: ReminderSchool;

  beforeAll(async () => {
    s = await reminderSchool(app(), db(), 'École Les Baobabs');
  });

  it('« Simuler » lists who would receive what, and the planner then plans exactly that', async () => {
    const j1 = await createWorkflow(s.finance, {
      name: 'Rappel J-1 tous',
      params: { days: 1 },
      conditions: { levelId: s.programmes.m1.id },
      action: {
        channel: 'sms',
        recipients: 'all_guardians',
        template: '{ecole}: {montant} pour {eleve} avant le {echeance}. {lien}',
      },
    });
    await setTestClock(db(), new Date('2027-01-10T09:00:00Z'));
    process.env.TEST_CLOCK = 'enabled';
    try {
      const simulation = await ok(
        s.finance('POST', '/api/automations/simulate', { workflowId: j1.id, days: 14 }),
      );
      expect(simulation.foreseeable).toBe(true);
      expect(simulation.from).toBe('2027-01-10');
      // Édouard: one digest for Kossi and Ama; Afi: Kossi; Koffi: no guardian.
      expect(simulation.totals).toMatchObject({ messages: 2, recipients: 2, sms: 2, skipped: 1 });
      expect(simulation.totals.skippedByReason).toEqual({ no_phone: 1 });
      expect(simulation.totals.costXof).toBe(simulation.totals.smsSegments * 25);
      const simulated = simulation.rows
        .filter((row: { recipient: string | null }) => row.recipient)
        .map((row: { recipient: string; invoiceId: string }) => `${row.recipient}|${row.invoiceId}`)
        .sort();
      expect(simulation.rows[0].occurrenceLabel).toBe('J-1 avant le 15/01/2027');
      await planAllReminders(db());
      const planned = (await sendsOf(db(), j1.id))
        .filter((row) => row.status === 'planned')
        .map((row) => `${row.recipient}|${row.invoice_id}`)
        .sort();
      expect(planned).toEqual(simulated);
      // A draft is simulated the same way; another school's workflow is not found.
      const draft = await ok(
        s.finance('POST', '/api/automations/simulate', {
          workflow: {
            name: 'Brouillon',
            trigger: 'invoice_due_in',
            params: { days: 1 },
            conditions: { levelId: s.programmes.m1.id },
            action: { channel: 'whatsapp', recipients: 'main_payer', template: '{eleve} {lien}' },
          },
        }),
      );
      expect(draft.totals).toMatchObject({ messages: 1, whatsapp: 1, costXof: 40 });
      const other = await reminderSchool(app(), db(), 'École Voisine');
      const foreign = await other.finance('POST', '/api/automations/simulate', {
        workflowId: j1.id,
      });
      expect(foreign.statusCode).toBe(404);
      expect((await other.finance('GET', `/api/automations/${j1.id}/runs`)).statusCode).toBe(404);
    } finally {
      delete process.env.TEST_CLOCK;
    }
  });

  it('quiet hours defer to 08:00; an opted-out guardian is skipped; the cap holds a second reminder to tomorrow', async () => {
    const [j1] = (await ok(s.finance('GET', '/api/automations?q=Rappel%20J-1%20tous'))).items as {
      id: string;
    }[];
    await recordOptOut(db(), {
      organizationId: s.school.organizationId,
      recipient: AFI,
      category: 'reminder',
      source: 'link',
    });
    // 21:30 in Lomé on 14/01: nothing leaves, everything waits for the 15th's morning.
    const night = await dispatchDueSends(db(), context(), {
      now: new Date('2027-01-14T21:30:00Z'),
    });
    expect(night.messages).toBe(0);
    const deferred = (await sendsOf(db(), j1!.id)).filter((row) => row.status === 'planned');
    for (const row of deferred) {
      expect(row.deferred_reason).toBe('quiet_hours');
      expect(new Date(row.scheduled_for).getTime()).toBeGreaterThanOrEqual(
        Date.parse('2027-01-15T08:00:00Z'),
      );
    }
    const history = await ok(s.finance('GET', `/api/automations/${j1!.id}/runs?status=planned`));
    expect(history.items[0].reasonLabel).toBe('heures calmes (reporté)');
    // A second workflow the same morning to Édouard: held to the next day by the cap.
    const bis = await createWorkflow(s.finance, {
      name: 'Rappel J-1 bis',
      params: { days: 1 },
      conditions: { levelId: s.programmes.m1.id },
    });
    await planSchoolReminders(db(), s.school.organizationId, new Date('2027-01-14T06:00:00Z'));
    await dispatchDueSends(db(), context(), { now: new Date('2027-01-15T11:00:00Z') });
    expect(await messagesTo(db(), EDOUARD)).toHaveLength(1);
    expect(await messagesTo(db(), AFI)).toHaveLength(0);
    const afi = (await sendsOf(db(), j1!.id)).find((row) => row.recipient === AFI)!;
    expect(afi).toMatchObject({ status: 'skipped', skip_reason: 'opted_out' });
    // One of the two workflows' digests left; the other is held to tomorrow by the cap.
    const edouard = [...(await sendsOf(db(), j1!.id)), ...(await sendsOf(db(), bis.id))].filter(
      (row) => row.recipient === EDOUARD,
    );
    expect(edouard.map((row) => `${row.status}:${row.deferred_reason}`).sort()).toEqual([
      'planned:cap_reached',
      'planned:cap_reached',
      'queued:null',
      'queued:null',
    ]);
    // The history counts and words.
    const runs = await ok(s.finance('GET', `/api/automations/${j1!.id}/runs`));
    expect(runs.counts.skipped).toBe(2);
    expect(runs.counts.skippedByReason).toEqual({ opted_out: 1, no_phone: 1 });
    expect(runs.items.map((item: { reasonLabel: string | null }) => item.reasonLabel)).toEqual(
      expect.arrayContaining(['désabonné', 'pas de numéro de téléphone']),
    );
  });

  it('the test clock moved back then forwards sends nothing twice and loses nothing', async () => {
    const overdue = await createWorkflow(s.finance, {
      name: 'Relance quotidienne',
      trigger: 'invoice_overdue',
      params: { days: 1, repeatEveryDays: 1, repeatTimes: 2 },
      conditions: { levelId: s.programmes.m1.id },
      action: { channel: 'sms', recipients: 'main_payer', template: '{eleve}: {montant}. {lien}' },
    });
    process.env.TEST_CLOCK = 'enabled';
    try {
      const before = (await messagesTo(db(), EDOUARD)).length;
      for (const at of ['2027-01-13T09:00:00Z', '2027-01-18T12:00:00Z', '2027-01-15T12:00:00Z']) {
        await setTestClock(db(), new Date(at));
        await planAllReminders(db());
        await dispatchDueSends(db(), context());
      }
      // The jump to the 18th: the three overdue reminders of 16, 17 and 18 leave, in one message
      // (nothing lost, one SMS); the clock moved back to the 15th sends nothing again.
      const sends = (await sendsOf(db(), overdue.id)).filter((row) => row.recipient === EDOUARD);
      expect(sends).toHaveLength(6);
      expect(new Set(sends.map((row) => row.status))).toEqual(new Set(['queued']));
      const after = await messagesTo(db(), EDOUARD);
      expect(after).toHaveLength(before + 1);
      expect(new Set(after.map((message) => message.dedupe_key)).size).toBe(after.length);
      // « J-1 » held back by the cap until after the due date is not said then: skipped, why.
      const stale = (
        await sendsOf(db(), (await ok(s.finance('GET', '/api/automations?q=bis'))).items[0].id)
      ).filter((row) => row.recipient === EDOUARD && row.deferred_reason === 'cap_reached');
      for (const row of stale)
        expect(row.skip_reason ?? 'sent').toMatch(/condition_no_longer_met|sent/);
    } finally {
      delete process.env.TEST_CLOCK;
    }
  });
});
