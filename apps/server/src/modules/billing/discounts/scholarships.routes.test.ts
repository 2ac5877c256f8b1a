import { describe, expect, it } from 'vitest';
import { accountBalance } from '../../ledger';
import { expectLedgerAgrees } from '../ledger.test-support';
import { ok, setUpProgrammes, signUpSchool, type Call } from '../../../test/school-fixture';
import { memberWithRole } from '../../../test/scholarship-grants';
import { useTestApp } from '../../../test/test-app';

/** The 2030-2031 year (every month of it billed whatever today's date). */
async function futureYear(call: Call) {
  return ok(
    call('POST', '/api/academic-years', {
      label: '2030-2031',
      startsOn: '2030-09-01',
      endsOn: '2031-07-31',
    }),
    201,
  );
}

async function enrolled(call: Call, fullName: string, levelId: string, academicYearId: string) {
  const student = await ok(call('POST', '/api/students', { fullName }), 201);
  await ok(
    call('POST', `/api/students/${student.id}/enrolments`, { levelId, academicYearId }),
    201,
  );
  return student as { id: string; matricule: string; fullName: string };
}

const aid = (studentId: string, academicYearId: string, extra: object = {}) => ({
  studentId,
  academicYearId,
  name: 'Aide sociale',
  kind: 'fixed',
  value: 100_000,
  reason: 'Situation familiale',
  ...extra,
});

describe('Scholarships: recommended by one member, decided by another', () => {
  const { app, database } = useTestApp({ rateLimitPerMinute: 100_000 });

  it('Scolarité recommends, the Directeur grants: discount lines on the open invoices and the ledger', async () => {
    const school = await signUpSchool(app());
    const { l1 } = await setUpProgrammes(school.call);
    const year = await futureYear(school.call);
    const kossi = await enrolled(school.call, 'Kossi Agbéko', l1.id, year.id);
    const db = database().db;
    const registrar = await memberWithRole(
      app(),
      db,
      school.organizationId,
      'registrar',
      'Akossiwa Adjovi',
    );
    const director = await memberWithRole(app(), db, school.organizationId, 'director');

    // Creating is recommending: a « granted at once » is no longer possible.
    const recommended = await ok(
      registrar.call('POST', '/api/scholarships', aid(kossi.id, year.id, { status: 'granted' })),
      201,
    );
    expect(recommended).toMatchObject({
      status: 'recommended',
      recommendedBy: 'Akossiwa Adjovi',
      recommendedByUserId: registrar.userId,
      amountApplied: 0,
      invoices: [],
    });
    // Scolarité may recommend, not decide.
    const byRegistrar = await registrar.call(
      'POST',
      `/api/scholarships/${recommended.id}/decision`,
      { decision: 'granted' },
    );
    expect(byRegistrar.statusCode).toBe(403);

    // Whoever recommends never decides, even with the permission.
    const own = await ok(
      school.call('POST', '/api/scholarships', aid(kossi.id, year.id, { name: 'Bourse sport' })),
      201,
    );
    const self = await school.call('POST', `/api/scholarships/${own.id}/decision`, {
      decision: 'granted',
    });
    expect(self.statusCode).toBe(403);
    expect(self.json().code).toBe('SCHOLARSHIP_SELF_DECISION');
    expect((await ok(school.call('GET', `/api/scholarships/${own.id}`))).status).toBe(
      'recommended',
    );

    const before = await accountBalance(db, school.organizationId, '4111', kossi.matricule);
    const granted = await ok(
      director.call('POST', `/api/scholarships/${recommended.id}/decision`, {
        decision: 'granted',
      }),
    );
    expect(granted).toMatchObject({
      status: 'granted',
      decidedBy: 'Kodjo Agbéko',
      amountApplied: 100_000,
      refusalReason: null,
    });
    // 100 000 spread over the ten monthly invoices in proportion to their tuition.
    expect(granted.invoices.map((invoice: { discount: number }) => invoice.discount)).toEqual(
      Array(10).fill(10_000),
    );
    const [first] = granted.invoices;
    expect(first).toMatchObject({ total: 140_000, balance: 140_000 });
    expect(first.lineLabel).toContain('Aide sociale');
    const invoice = await ok(school.call('GET', `/api/invoices/${first.id}`));
    expect(
      invoice.lines.map((line: { kind: string; amount: number }) => [line.kind, line.amount]),
    ).toContainEqual(['scholarship', -10_000]);
    expect(await accountBalance(db, school.organizationId, '4111', kossi.matricule)).toBe(
      before - 100_000,
    );
    await expectLedgerAgrees(db, school.organizationId);

    const again = await director.call('POST', `/api/scholarships/${recommended.id}/decision`, {
      decision: 'refused',
      reason: 'Trop tard',
    });
    expect(again.json().code).toBe('SCHOLARSHIP_ALREADY_DECIDED');
  });

  it('refusing takes a reason, shown in the list', async () => {
    const school = await signUpSchool(app());
    const { l1 } = await setUpProgrammes(school.call);
    const year = await futureYear(school.call);
    const ama = await enrolled(school.call, 'Ama Mensah', l1.id, year.id);
    const director = await memberWithRole(app(), database().db, school.organizationId, 'director');
    const recommended = await ok(
      school.call('POST', '/api/scholarships', aid(ama.id, year.id)),
      201,
    );
    for (const body of [{ decision: 'refused' }, { decision: 'refused', reason: '  ' }]) {
      const missing = await director.call(
        'POST',
        `/api/scholarships/${recommended.id}/decision`,
        body,
      );
      expect(missing.statusCode).toBe(400);
    }
    const refused = await ok(
      director.call('POST', `/api/scholarships/${recommended.id}/decision`, {
        decision: 'refused',
        reason: 'Revenus suffisants',
      }),
    );
    expect(refused).toMatchObject({
      status: 'refused',
      refusalReason: 'Revenus suffisants',
      amountApplied: 0,
      invoices: [],
    });
    const list = await ok(school.call('GET', '/api/scholarships?status=refused'));
    expect(list.items).toMatchObject([{ id: recommended.id, refusalReason: 'Revenus suffisants' }]);
  });

  it('another school sees none of it', async () => {
    const a = await signUpSchool(app(), 'École A');
    const b = await signUpSchool(app(), 'École B');
    const { l1 } = await setUpProgrammes(a.call);
    const year = await futureYear(a.call);
    const kossi = await enrolled(a.call, 'Kossi', l1.id, year.id);
    const scholarship = await ok(a.call('POST', '/api/scholarships', aid(kossi.id, year.id)), 201);
    expect((await b.call('GET', `/api/scholarships/${scholarship.id}`)).statusCode).toBe(404);
    const decided = await b.call('POST', `/api/scholarships/${scholarship.id}/decision`, {
      decision: 'granted',
    });
    expect(decided.statusCode).toBe(404);
    expect((await ok(b.call('GET', '/api/scholarships'))).total).toBe(0);
    expect((await b.call('POST', '/api/scholarships', aid(kossi.id, year.id))).statusCode).toBe(
      400,
    );
  });

  it('search, status and programme filters, ten a page', async () => {
    const school = await signUpSchool(app());
    const { l1, m1, master } = await setUpProgrammes(school.call);
    const year = await futureYear(school.call);
    const director = await memberWithRole(app(), database().db, school.organizationId, 'director');
    const ids: string[] = [];
    for (let index = 0; index < 11; index += 1) {
      const student = await enrolled(school.call, `Élève Licence ${index}`, l1.id, year.id);
      const created = await ok(
        school.call('POST', '/api/scholarships', aid(student.id, year.id, { value: 1_000 })),
        201,
      );
      ids.push(created.id);
    }
    const yao = await enrolled(school.call, 'Yao Kpélafia', m1.id, year.id);
    const merit = await ok(
      school.call(
        'POST',
        '/api/scholarships',
        aid(yao.id, year.id, { name: 'Bourse d’excellence', kind: 'percent', value: 20 }),
      ),
      201,
    );
    await ok(
      director.call('POST', `/api/scholarships/${merit.id}/decision`, { decision: 'granted' }),
    );

    const first = await ok(school.call('GET', '/api/scholarships'));
    expect(first).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(first.items).toHaveLength(10);
    const second = await ok(school.call('GET', '/api/scholarships?page=2'));
    expect(second.items).toHaveLength(2);
    const seen = [...first.items, ...second.items].map((item: { id: string }) => item.id);
    expect(new Set(seen).size).toBe(12);

    const byName = await ok(school.call('GET', '/api/scholarships?q=kpelafia'));
    expect(byName.items.map((item: { id: string }) => item.id)).toEqual([merit.id]);
    const byMatricule = await ok(
      school.call('GET', `/api/scholarships?q=${encodeURIComponent(yao.matricule)}`),
    );
    expect(byMatricule.total).toBe(1);
    const byScholarship = await ok(school.call('GET', '/api/scholarships?q=EXCELLENCE'));
    expect(byScholarship.items).toMatchObject([{ id: merit.id, programme: 'Master Droit' }]);
    const granted = await ok(school.call('GET', '/api/scholarships?status=granted'));
    expect(granted.total).toBe(1);
    expect(granted.items[0].invoices.length).toBeGreaterThan(0);
    const masters = await ok(school.call('GET', `/api/scholarships?programmeId=${master.id}`));
    expect(masters.items.map((item: { id: string }) => item.id)).toEqual([merit.id]);
    const recommended = await ok(
      school.call('GET', '/api/scholarships?status=recommended&q=licence&pageSize=5&page=3'),
    );
    expect(recommended).toMatchObject({ total: 11, page: 3 });
    expect(recommended.items).toHaveLength(1);
  });
});
