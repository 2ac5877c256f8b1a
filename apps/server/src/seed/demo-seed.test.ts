import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { logIn } from '../test/auth-helpers';
import { useTestApp } from '../test/test-app';
import { verifyAuditChain } from '../modules/audit';
import { checkLedgerAgreesWithInvoices } from '../modules/billing';
import { DEMO_PASSWORD, demoAccounts, seedDemoData } from './demo-seed';

describe('demo seed', () => {
  const { app, database } = useTestApp();

  it('creates « École Démo » with one working login per system role', async () => {
    const result = await seedDemoData(database().db);
    expect(result.created).toBe(true);
    expect(result.logins.map((login) => login.roleName)).toEqual([
      'Super administration',
      'Directeur',
      'Finance',
      'Comptabilité',
      'Scolarité',
      'Caissier',
      'Lecteur',
      'Opérateur de la plateforme (/operateur)',
    ]);
    for (const account of demoAccounts) {
      const { body } = await logIn(app(), account.email, DEMO_PASSWORD);
      expect(body.organization.slug).toBe('ecole-demo');
      expect(body.user.name).toBe(account.name);
    }
    const { body: operator } = await logIn(app(), 'operateur@ecolage.tg', DEMO_PASSWORD);
    expect(operator).toMatchObject({ platformRole: 'operator', organization: null });
    expect(await verifyAuditChain(database().db, result.school.id)).toMatchObject({ valid: true });
  });

  it('changes nothing when run again', async () => {
    const count = async () =>
      (
        await database().db.execute<{
          users: number;
          members: number;
          roles: number;
          orgs: number;
        }>(sql`
          select (select count(*)::int from users) as users,
                 (select count(*)::int from memberships) as members,
                 (select count(*)::int from roles) as roles,
                 (select count(*)::int from organizations) as orgs`)
      ).rows[0];
    const before = await count();
    const again = await seedDemoData(database().db);
    expect(again.created).toBe(false);
    expect(await count()).toEqual(before);
    // Seven school logins and the platform operator (a member of no school).
    expect(before).toEqual({ users: 8, members: 7, roles: 7, orgs: 1 });
  });

  it('gives the demo school the spec’s programmes and fees, 28 students, families and invoices', async () => {
    const result = await seedDemoData(database().db);
    const id = result.school.id;
    const counts = await database().db.execute<{
      programmes: number;
      levels: number;
      students: number;
      active: number;
      suspended: number;
      pending: number;
      invoices: number;
      families: number;
      first: string;
    }>(sql`select
      (select count(*)::int from programmes where organization_id = ${id}) as programmes,
      (select count(*)::int from levels where organization_id = ${id}) as levels,
      (select count(*)::int from students where organization_id = ${id}) as students,
      (select count(*)::int from students where organization_id = ${id} and status = 'active') as active,
      (select count(*)::int from students where organization_id = ${id} and status = 'suspended') as suspended,
      (select count(*)::int from students where organization_id = ${id} and status = 'pending') as pending,
      (select count(*)::int from invoices where organization_id = ${id} and number like 'ST-%') as invoices,
      (select count(*)::int from (select guardian_id from student_guardians where organization_id = ${id}
        group by guardian_id having count(*) > 1) f) as families,
      (select min(matricule) from students where organization_id = ${id}) as first`);
    expect(counts.rows[0]).toMatchObject({
      programmes: 8,
      levels: 21,
      students: 28,
      active: 24,
      suspended: 1,
      pending: 3,
      families: 4,
      first: 'STU-001',
    });
    expect(counts.rows[0]!.invoices).toBeGreaterThan(24);
    const fees = await database().db.execute<{ registration: string; monthly: string }>(
      sql`select l.registration_fee as registration, l.monthly_fee as monthly from levels l
        join programmes p on p.id = l.programme_id where p.organization_id = ${id}
        and p.name = 'Master Informatique' and l.name = 'M1'`,
    );
    expect(fees.rows[0]).toEqual({ registration: '120000', monthly: '200000' });
    expect(await verifyAuditChain(database().db, id)).toMatchObject({ valid: true });
    // Every issued invoice is posted: the ledger agrees with the invoices (`npm run ledger:check`).
    const ledger = await checkLedgerAgreesWithInvoices(database().db, id);
    expect(ledger.differences).toEqual([]);
    expect(ledger).toMatchObject({ balanced: true, agrees: true });
    expect(ledger.students).toBe(24);
  });

  it('gives the demo students birth dates that fit their level, two left unknown', async () => {
    const result = await seedDemoData(database().db);
    const id = result.school.id;
    // Ages reached in the current school year's first year, by the level they are in.
    const rows = await database().db.execute<{ level: string | null; age: number | null }>(sql`
      select l.name as level,
        (extract(year from y.starts_on) - extract(year from s.birth_date))::int as age
      from students s
      join academic_years y on y.organization_id = s.organization_id and y.is_current
      left join enrolments e on e.organization_id = s.organization_id and e.student_id = s.id
      left join levels l on l.organization_id = e.organization_id and l.id = e.level_id
      where s.organization_id = ${id}`);
    expect(rows.rows).toHaveLength(28);
    expect(rows.rows.filter((row) => row.age === null)).toHaveLength(2);
    const minimum: Record<string, number> = { L1: 18, L2: 19, L3: 20, M1: 21, M2: 22 };
    for (const row of rows.rows.filter((entry) => entry.age !== null && entry.level)) {
      expect(row.age!).toBeGreaterThanOrEqual(minimum[row.level!]!);
      expect(row.age!).toBeLessThanOrEqual(45);
    }
    // A few adults back to school: the age filter has more than one generation.
    expect(rows.rows.filter((row) => (row.age ?? 0) >= 30).length).toBeGreaterThanOrEqual(3);
    const future = await database().db.execute<{ n: number }>(
      sql`select count(*)::int as n from students where organization_id = ${id}
        and birth_date > current_date`,
    );
    expect(future.rows[0]!.n).toBe(0);
  });
});
