import { randomUUID } from 'node:crypto';
import type { Statistics } from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import type { Database } from '../../../platform/db/database';
import { ok, signUpSchool } from '../../../test/school-fixture';
import { useAppAt } from '../../payments/list/payment-records.test-support';
import { collectionFacts, receivableDays } from '../rollups/rollups.tables';

/**
 * « Statistiques »' fixture: two schools, programmes and enrolments through the API and SQL, and
 * rollup rows written straight (money, dues, visits) so that each figure is known exactly.
 */

// Noon in Lomé (UTC) on Monday 15 June 2026: the school's today.
export const NOW = new Date('2026-06-15T12:00:00Z');

export type School = Awaited<ReturnType<typeof signUpSchool>>;

interface Fact {
  day: string;
  programmeId?: string | null;
  levelId?: string | null;
  birthYear?: number | null;
  source?: string;
  provider?: string;
  channel?: string;
  amount: number;
  payments?: number;
  lagDays?: number | null;
}

/** Payment slices straight into the rollup (its statement triggers keep `collection_months`). */
async function insertFacts(db: Database, organizationId: string, facts: Fact[]) {
  await db.insert(collectionFacts).values(
    facts.map((fact) => ({
      organizationId,
      attemptId: randomUUID(),
      slice: fact.amount < 0 ? `refund:${randomUUID()}` : 'credit',
      day: fact.day,
      programmeId: fact.programmeId ?? null,
      levelId: fact.levelId ?? null,
      birthYear: fact.birthYear ?? null,
      source: fact.source ?? 'mobile_money',
      provider: fact.provider ?? 'mtn',
      channel: fact.channel ?? 'direct',
      amount: fact.amount,
      payments: fact.payments ?? (fact.amount > 0 ? 1 : 0),
      lagDays: fact.lagDays ?? null,
    })),
  );
}

interface Due {
  dueOn: string;
  programmeId: string | null;
  levelId: string | null;
  birthYear: number | null;
  invoices?: number;
  total: number;
  paid: number;
}

async function insertDues(db: Database, organizationId: string, dues: Due[]) {
  await db.insert(receivableDays).values(
    dues.map((due) => ({
      organizationId,
      dueOn: due.dueOn,
      programmeId: due.programmeId,
      levelId: due.levelId,
      birthYear: due.birthYear,
      invoices: due.invoices ?? 1,
      openInvoices: due.paid < due.total ? 1 : 0,
      total: due.total,
      paid: due.paid,
      open: due.total - due.paid,
    })),
  );
}

/** An app at NOW with the fixture written; getters to use inside tests. */
export function useStatisticsFixture() {
  const { app, db } = useAppAt(NOW);
  let school: School;
  let other: School;
  const ids = { licence: '', l1: '', master: '', m1: '', archived: '', otherProgramme: '' };

  const statistics = async (query = '') =>
    ok<Statistics>(school.call('GET', `/api/statistics${query}`));

  async function student(name: string, birthDate: string | null) {
    const id = randomUUID();
    await db().execute(sql`insert into students (id, organization_id, matricule, full_name,
        search_key, birth_date)
      values (${id}, ${school.organizationId}, ${name}, ${name}, ${name.toLowerCase()},
        ${birthDate}::date)`);
    return id;
  }

  async function enrol(studentId: string, levelId: string, yearId: string, status = 'active') {
    await db().execute(sql`insert into enrolments (organization_id, student_id, level_id,
        academic_year_id, status)
      values (${school.organizationId}, ${studentId}, ${levelId}, ${yearId}, ${status})`);
  }

  beforeAll(async () => {
    school = await signUpSchool(app(), 'Lycée Les Cocotiers');
    other = await signUpSchool(app(), 'Collège Voisin');
    const year = await ok(
      school.call('POST', '/api/academic-years', {
        label: '2025-2026',
        startsOn: '2025-09-01',
        endsOn: '2026-07-31',
        current: true,
      }),
      201,
    );
    const next = await ok(
      school.call('POST', '/api/academic-years', {
        label: '2026-2027',
        startsOn: '2026-09-01',
        endsOn: '2027-07-31',
      }),
      201,
    );
    const programme = async (of: School, name: string) =>
      (await ok(of.call('POST', '/api/programmes', { name }), 201)).id as string;
    const level = async (programmeId: string, name: string) =>
      (
        await ok(
          school.call('POST', `/api/programmes/${programmeId}/levels`, {
            name,
            registrationFee: 0,
            monthlyFee: 10_000,
          }),
          201,
        )
      ).id as string;
    ids.licence = await programme(school, 'Licence Informatique');
    ids.l1 = await level(ids.licence, 'L1');
    ids.master = await programme(school, 'Master Droit');
    ids.m1 = await level(ids.master, 'M1');
    ids.archived = await programme(school, 'BTS Ancien');
    const unused = await programme(school, 'BTS Jamais ouvert');
    await db().execute(sql`update programmes set archived_at = now()
      where organization_id = ${school.organizationId} and id in (${ids.archived}, ${unused})`);
    ids.otherProgramme = await programme(other, 'Licence Voisine');

    // Enrolled in 2025-2026 (which overlaps 2026 to date): three in Licence (one without a birth
    // date), one in Master; a withdrawal and a student of 2026-2027 only are not counted.
    await enrol(await student('Kossi', '2010-03-01'), ids.l1, year.id);
    await enrol(await student('Ama', '2012-05-05'), ids.l1, year.id);
    await enrol(await student('Yao', null), ids.l1, year.id);
    await enrol(await student('Afi', '2000-01-01'), ids.m1, year.id);
    await enrol(await student('Komi', '2001-01-01'), ids.m1, year.id, 'withdrawn');
    await enrol(await student('Essi', '2011-01-01'), ids.l1, next.id);

    const licence = { programmeId: ids.licence, levelId: ids.l1 };
    const master = { programmeId: ids.master, levelId: ids.m1 };
    await insertFacts(db(), school.organizationId, [
      // 2026 to date: 440 000.
      {
        day: '2026-01-10',
        ...licence,
        birthYear: 2010,
        channel: 'social',
        amount: 100_000,
        lagDays: 5,
      },
      { day: '2026-02-01', amount: 10_000 }, // family credit: no programme, no student
      {
        day: '2026-03-05',
        ...master,
        birthYear: 2000,
        source: 'cash',
        provider: 'desk',
        channel: 'desk',
        amount: 300_000,
        lagDays: -10,
      },
      {
        day: '2026-03-20',
        ...master,
        birthYear: 2000,
        source: 'cash',
        provider: 'desk',
        channel: 'desk',
        amount: -20_000,
      },
      {
        day: '2026-06-14',
        ...licence,
        birthYear: 2012,
        source: 'card',
        provider: 'paygate',
        amount: 50_000,
        lagDays: 0,
      },
      // After 25 June 2026 (the future on 25 June): taken off a June read whole.
      { day: '2026-06-28', amount: 5_000 },
      // 2025: 280 000 up to 15 June, 70 000 after.
      {
        day: '2025-02-15',
        ...master,
        birthYear: 1999,
        source: 'cash',
        provider: 'desk',
        channel: 'desk',
        amount: 200_000,
        lagDays: 0,
      },
      {
        day: '2025-06-10',
        ...licence,
        birthYear: 2010,
        channel: 'social',
        amount: 80_000,
        lagDays: 2,
      },
      {
        day: '2025-06-20',
        ...licence,
        birthYear: 2010,
        channel: 'social',
        amount: 70_000,
        lagDays: 1,
      },
      // 2024, for an archived programme.
      { day: '2024-05-05', programmeId: ids.archived, birthYear: 2009, amount: 40_000 },
    ]);
    await insertDues(db(), school.organizationId, [
      {
        dueOn: '2026-01-15',
        ...licence,
        birthYear: 2010,
        invoices: 2,
        total: 200_000,
        paid: 150_000,
      },
      { dueOn: '2026-03-15', ...master, birthYear: 2000, total: 300_000, paid: 300_000 },
      { dueOn: '2026-04-10', ...master, birthYear: 2000, total: 60_000, paid: 0 },
      { dueOn: '2026-05-20', ...licence, birthYear: 2012, total: 30_000, paid: 0 },
      { dueOn: '2026-06-15', ...licence, birthYear: 2012, total: 100_000, paid: 0 },
      { dueOn: '2026-09-15', ...licence, birthYear: 2012, total: 100_000, paid: 0 },
      { dueOn: '2025-06-01', ...licence, birthYear: 2010, total: 120_000, paid: 20_000 },
    ]);
    // Visits of the public pages: March 2026 (direct and social), March 2025, and 2023 alone.
    for (const [day, channel, visitors, visits, bounces, seconds, pageviews, conversions] of [
      ['2026-03-10', 'direct', 40, 50, 20, 3000, 80, 4],
      ['2026-03-11', 'social', 10, 10, 5, 600, 12, 1],
      ['2025-03-10', 'direct', 20, 25, 5, 1000, 30, 1],
      ['2023-05-01', 'direct', 3, 3, 3, 0, 3, 0],
    ] as const) {
      await db().execute(sql`insert into page_visit_days (organization_id, day, channel, visitors,
          visits, bounces, duration_s, pageviews, conversions)
        values (${school.organizationId}, ${day}, ${channel}, ${visitors}, ${visits}, ${bounces},
          ${seconds}, ${pageviews}, ${conversions})`);
    }
    // Another school's money and dues, never counted here.
    await insertFacts(db(), other.organizationId, [
      { day: '2026-04-01', programmeId: ids.otherProgramme, amount: 999_999, lagDays: 3 },
      { day: '2026-06-15', amount: 999_999 },
    ]);
    await insertDues(db(), other.organizationId, [
      {
        dueOn: '2026-04-01',
        programmeId: ids.otherProgramme,
        levelId: null,
        birthYear: null,
        total: 999_999,
        paid: 0,
      },
    ]);
  });

  return {
    app,
    db,
    ids,
    school: () => school,
    other: () => other,
    statistics,
  };
}
