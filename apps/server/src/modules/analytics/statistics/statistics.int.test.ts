import type { Statistics } from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dayIn } from '../../../platform/clock';
import { ok, signUpSchool } from '../../../test/school-fixture';
import { useAppAt } from '../../payments/list/payment-records.test-support';
import { refreshStatistics } from '../rollups/refresh-statistics.service';

// The wall clock: the cash desk dates its payments by the database's time.
const NOW = new Date();
const TODAY = dayIn('Africa/Lome', NOW);
const YEAR = Number(TODAY.slice(0, 4));

/**
 * From real payments to the screen: a student enrolled through the API (invoices), paid at the
 * cash desk, the rollups refreshed (`refreshStatistics`), then `GET /api/statistics` under filters.
 */
describe('« Statistiques » from real payments', () => {
  const { app, db } = useAppAt(NOW);
  let school: Awaited<ReturnType<typeof signUpSchool>>;
  const ids = { licence: '', master: '', student: '' };
  let dueToDate = 0;

  beforeAll(async () => {
    school = await signUpSchool(app(), 'Lycée Les Cocotiers');
    const { call } = school;
    const year = await ok(
      call('POST', '/api/academic-years', {
        label: `${YEAR - 1}-${YEAR}`,
        startsOn: `${YEAR - 1}-09-01`,
        endsOn: `${YEAR}-08-31`,
        current: true,
      }),
      201,
    );
    ids.licence = (await ok(call('POST', '/api/programmes', { name: 'Licence' }), 201)).id;
    const l1 = await ok(
      call('POST', `/api/programmes/${ids.licence}/levels`, {
        name: 'L1',
        registrationFee: 50_000,
        monthlyFee: 100_000,
      }),
      201,
    );
    ids.master = (await ok(call('POST', '/api/programmes', { name: 'Master' }), 201)).id;
    ids.student = (await ok(call('POST', '/api/students', { fullName: 'Kossi Agbéko' }), 201)).id;
    await ok(
      call('POST', `/api/students/${ids.student}/guardians`, {
        fullName: 'Afi Agbéko',
        phone: '+22890112233',
        relation: 'mother',
        mainPayer: true,
      }),
      201,
    );
    await db().execute(sql`update students set birth_date = '2008-04-02'
      where organization_id = ${school.organizationId} and id = ${ids.student}`);
    await ok(
      call('POST', `/api/students/${ids.student}/enrolments`, {
        levelId: l1.id,
        academicYearId: year.id,
      }),
      201,
    );
    const invoices = await ok(call('GET', `/api/invoices?studentId=${ids.student}&pageSize=50`));
    dueToDate = (invoices.items as { dueOn: string; total: number }[])
      .filter((invoice) => invoice.dueOn >= `${YEAR}-01-01` && invoice.dueOn <= TODAY)
      .reduce((sum, invoice) => sum + invoice.total, 0);
    const session = await ok(call('POST', '/api/cash-sessions', { openingFloat: 0 }), 201);
    await ok(
      call('POST', `/api/cash-sessions/${session.id}/payments`, {
        studentId: ids.student,
        amount: 50_000,
        method: 'CASH',
      }),
      201,
    );
    await refreshStatistics(db(), school.organizationId, NOW);
  });

  const statistics = (query = '') => ok<Statistics>(school.call('GET', `/api/statistics${query}`));

  it('the desk payment is today’s money, of the student’s programme, at the desk', async () => {
    const answer = await statistics();
    expect(answer.hasData).toBe(true);
    expect(answer.money.collected.value).toBe(50_000);
    expect(answer.monthlyRevenue.at(-1)).toEqual({
      month: TODAY.slice(0, 7),
      amount: 50_000,
      previousAmount: 0,
    });
    expect(answer.salesByChannel.channels.find((row) => row.channel === 'desk')).toEqual({
      channel: 'desk',
      amount: 50_000,
      payments: 1,
    });
    expect(answer.topProgrammes).toEqual([
      expect.objectContaining({ programmeId: ids.licence, enrolments: 1, collected: 50_000 }),
    ]);
    // What fell due from January to today, of which the oldest invoices' part paid this year.
    expect(answer.collectionByLevel).toEqual([
      expect.objectContaining({ programmeId: ids.licence, levelName: 'L1', due: dueToDate }),
    ]);
    expect(dueToDate).toBeGreaterThan(0);
  });

  it('every filter moves the figures', async () => {
    // Born in 2008: YEAR − 2008 this year.
    const age = YEAR - 2008;
    expect((await statistics(`?ageMin=${age}&ageMax=${age}`)).money.collected.value).toBe(50_000);
    expect((await statistics(`?ageMin=${age + 1}`)).money.collected.value).toBe(0);
    expect((await statistics('?source=cash')).money.collected.value).toBe(50_000);
    expect((await statistics('?source=mobile_money')).money.collected.value).toBe(0);
    expect((await statistics('?operateur=desk')).money.collected.value).toBe(50_000);
    expect((await statistics('?operateur=wave')).money.collected.value).toBe(0);
    expect((await statistics(`?programme=${ids.licence}`)).money.collected.value).toBe(50_000);
    const master = await statistics(`?programme=${ids.master}`);
    expect(master.money.collected.value).toBe(0);
    expect(master.hasData).toBe(false);
  });
});
