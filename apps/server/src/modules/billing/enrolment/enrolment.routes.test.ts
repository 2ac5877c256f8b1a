import { describe, expect, it } from 'vitest';
import { ok, setUpProgrammes, signUpSchool, type Call } from '../../../test/school-fixture';
import { grantScholarship, memberWithRole } from '../../../test/scholarship-grants';
import { useTestApp } from '../../../test/test-app';

/** A school year far ahead, so that every month of it is billed whatever today's date. */
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

const thisYear = new Date().getUTCFullYear();

describe('Enrolment and invoices', () => {
  // Hundreds of calls from one test client: above the per-IP limit of the real server.
  const { app, database } = useTestApp({ rateLimitPerMinute: 100_000 });

  it('enrolling issues the level’s invoices once, numbered ST-YYYY-NNNN without gaps', async () => {
    const { call } = await signUpSchool(app());
    const { l1, m1 } = await setUpProgrammes(call);
    const year = await futureYear(call);
    const kossi = await ok(call('POST', '/api/students', { fullName: 'Kossi Agbéko' }), 201);
    const enrolled = await ok(
      call('POST', `/api/students/${kossi.id}/enrolments`, {
        levelId: l1.id,
        academicYearId: year.id,
      }),
      201,
    );
    expect(enrolled).toMatchObject({
      created: true,
      invoicesIssued: 11,
      enrolment: { level: { name: 'L1' } },
    });
    const again = await ok(
      call('POST', `/api/students/${kossi.id}/enrolments`, {
        levelId: l1.id,
        academicYearId: year.id,
      }),
    );
    expect(again).toMatchObject({ created: false, invoicesIssued: 0 });
    const otherLevel = await call('POST', `/api/students/${kossi.id}/enrolments`, {
      levelId: m1.id,
      academicYearId: year.id,
    });
    expect(otherLevel.statusCode).toBe(409);

    const invoices = await ok(call('GET', `/api/invoices?studentId=${kossi.id}&pageSize=50`));
    expect(invoices.total).toBe(11);
    const byDue = [...invoices.items].sort((a, b) => (a.dueOn < b.dueOn ? -1 : 1));
    expect(byDue[0].label).toBe('Inscription L1 2030-2031');
    expect(byDue.map((invoice: { label: string }) => invoice.label).slice(1, 4)).toEqual([
      'Mensualité octobre 2030',
      'Mensualité novembre 2030',
      'Mensualité décembre 2030',
    ]);
    expect(
      invoices.items.find((invoice: { label: string }) => invoice.label.startsWith('Inscription')),
    ).toMatchObject({
      total: 50_000,
      status: 'open',
    });
    expect(byDue[1]).toMatchObject({ dueOn: '2030-10-05', total: 150_000, balance: 150_000 });
    const numbers = invoices.items.map((invoice: { number: string }) => invoice.number).sort();
    expect(numbers).toEqual(
      Array.from({ length: 11 }, (_, i) => `ST-${thisYear}-${String(i + 1).padStart(4, '0')}`),
    );

    const detail = await ok(call('GET', `/api/students/${kossi.id}`));
    expect(detail.balances).toEqual({ billed: 1_550_000, paid: 0, due: 1_550_000, overdue: 0 });
    expect(detail.enrolments).toHaveLength(1);
    const list = await ok(call('GET', `/api/students?yearId=${year.id}&levelId=${l1.id}`));
    expect(list.items).toMatchObject([
      { fullName: 'Kossi Agbéko', level: { name: 'L1' }, balance: 1_550_000 },
    ]);

    const tranches = await ok(call('POST', '/api/students', { fullName: 'Ama Mensah' }), 201);
    await ok(
      call('POST', `/api/students/${tranches.id}/enrolments`, {
        levelId: m1.id,
        academicYearId: year.id,
      }),
      201,
    );
    const schedule = await ok(call('GET', `/api/invoices?studentId=${tranches.id}`));
    expect(
      schedule.items
        .map((invoice: { label: string; dueOn: string; total: number }) => [
          invoice.label,
          invoice.dueOn,
          invoice.total,
        ])
        .sort((a: string[], b: string[]) => (a[1]! < b[1]! ? -1 : 1))
        .slice(1),
    ).toEqual([
      ['1re tranche', '2030-10-15', 400_000],
      ['2e tranche', '2031-01-15', 300_000],
      ['3e tranche', '2031-04-15', 300_000],
    ]);
  });

  it('parallel enrolments and invoices never share nor skip a number', async () => {
    const { call, organizationId } = await signUpSchool(app());
    const { l1 } = await setUpProgrammes(call);
    const year = await futureYear(call);
    const students = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        ok(call('POST', '/api/students', { fullName: `Élève ${i}` }), 201),
      ),
    );
    const results = await Promise.all([
      ...students.map((student) =>
        call('POST', `/api/students/${student.id}/enrolments`, {
          levelId: l1.id,
          academicYearId: year.id,
        }),
      ),
      ...students.map((student) =>
        call('POST', '/api/invoices', {
          studentId: student.id,
          label: 'Frais d’examen',
          dueOn: '2031-06-01',
          lines: [{ label: 'Examen', amount: 25_000 }],
        }),
      ),
    ]);
    expect(results.map((result) => result.statusCode)).toEqual(results.map(() => 201));
    const rows = await database().db.execute<{ number: string }>(
      `select number from invoices where organization_id = '${organizationId}' order by number`,
    );
    const sequence = rows.rows.map((row) => Number(row.number.split('-')[2]));
    expect(sequence).toEqual(Array.from({ length: 12 * 11 + 12 }, (_, i) => i + 1));
  });

  it('voids with a permission and a reason, withdraws a student, keeps everything', async () => {
    const { call, organizationId } = await signUpSchool(app());
    const { l1 } = await setUpProgrammes(call);
    const year = await futureYear(call);
    const kossi = await ok(call('POST', '/api/students', { fullName: 'Kossi Agbéko' }), 201);
    const { enrolment } = await ok(
      call('POST', `/api/students/${kossi.id}/enrolments`, {
        levelId: l1.id,
        academicYearId: year.id,
      }),
      201,
    );
    const { items } = await ok(call('GET', `/api/invoices?studentId=${kossi.id}&pageSize=50`));
    const registration = items.find((invoice: { label: string }) =>
      invoice.label.startsWith('Inscription'),
    );
    const noReason = await call('POST', `/api/invoices/${registration.id}/void`, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    const voided = await ok(
      call('POST', `/api/invoices/${registration.id}/void`, { reason: 'Erreur de saisie' }),
    );
    expect(voided).toMatchObject({
      status: 'void',
      voidReason: 'Erreur de saisie',
      number: registration.number,
    });
    expect(
      (await call('POST', `/api/invoices/${registration.id}/void`, { reason: 'Encore' }))
        .statusCode,
    ).toBe(409);

    const withdrawn = await ok(
      call('POST', `/api/enrolments/${enrolment.id}/withdraw`, { reason: 'Déménagement' }),
    );
    expect(withdrawn.invoicesVoided).toBe(10);
    expect(
      (await call('POST', `/api/enrolments/${enrolment.id}/withdraw`, { reason: 'Encore' }))
        .statusCode,
    ).toBe(409);
    const after = await ok(
      call('GET', `/api/invoices?studentId=${kossi.id}&status=void&pageSize=50`),
    );
    expect(after.total).toBe(11);
    expect(await ok(call('DELETE', `/api/students/${kossi.id}`))).toEqual({ outcome: 'archived' });
    const audit = await database().db.execute<{ action: string }>(
      `select action from audit_entries where organization_id = '${organizationId}'
         and action in ('invoice.voided', 'student.withdrawn', 'student.enrolled', 'student.archived')`,
    );
    expect(audit.rows.map((row) => row.action).sort()).toEqual([
      'invoice.voided',
      'student.archived',
      'student.enrolled',
      'student.withdrawn',
    ]);
  });

  it('applies the sibling rule and scholarships as lines, rounded half up, never editing a line', async () => {
    const school = await signUpSchool(app());
    const { call } = school;
    const { l1 } = await setUpProgrammes(call);
    const year = await futureYear(call);
    const settings = await ok(call('GET', '/api/billing/settings'));
    await ok(
      call('PUT', '/api/billing/settings', {
        ...settings,
        siblingDiscount: { enabled: true, secondChildPercent: 10, thirdChildPercent: 15 },
      }),
    );
    const children = [];
    for (const name of ['Kossi', 'Afi', 'Yao']) {
      const child = await ok(call('POST', '/api/students', { fullName: `${name} Agbéko` }), 201);
      await ok(
        call('POST', `/api/students/${child.id}/guardians`, {
          fullName: 'Akossiwa Agbéko',
          phone: '90112233',
          relation: 'mother',
          mainPayer: true,
        }),
        201,
      );
      await ok(
        call('POST', `/api/students/${child.id}/enrolments`, {
          levelId: l1.id,
          academicYearId: year.id,
        }),
        201,
      );
      children.push(child);
    }
    const tuitionOf = async (studentId: string) => {
      const { items } = await ok(call('GET', `/api/invoices?studentId=${studentId}&pageSize=50`));
      const october = items.find(
        (invoice: { label: string }) => invoice.label === 'Mensualité octobre 2030',
      );
      return ok(call('GET', `/api/invoices/${october.id}`));
    };
    expect((await tuitionOf(children[0].id)).total).toBe(150_000);
    const second = await tuitionOf(children[1].id);
    expect(
      second.lines.map((line: { kind: string; amount: number }) => [line.kind, line.amount]),
    ).toEqual([
      ['tuition', 150_000],
      ['sibling_discount', -15_000],
    ]);
    expect((await tuitionOf(children[2].id)).total).toBe(127_500);

    const percent = await grantScholarship(app(), database().db, school, {
      studentId: children[0].id,
      academicYearId: year.id,
      name: 'Bourse d’excellence',
      kind: 'percent',
      value: 33,
      reason: 'Major de promotion',
    });
    // 33 % of 150 000 = 49 500 on each of the ten monthly invoices.
    expect(percent).toMatchObject({
      status: 'granted',
      amountApplied: 495_000,
      recommendedBy: 'Afi Mensah',
      decidedBy: 'Kodjo Agbéko',
    });
    const fixed = await ok(
      call('POST', '/api/scholarships', {
        studentId: children[1].id,
        academicYearId: year.id,
        name: 'Aide sociale',
        kind: 'fixed',
        value: 100_001,
        reason: 'Situation familiale',
      }),
      201,
    );
    expect(fixed).toMatchObject({ status: 'recommended', amountApplied: 0 });
    const director = await memberWithRole(app(), database().db, school.organizationId, 'director');
    const granted = await ok(
      director.call('POST', `/api/scholarships/${fixed.id}/decision`, { decision: 'granted' }),
    );
    expect(granted.amountApplied).toBe(100_001);
    expect(
      (
        await director.call('POST', `/api/scholarships/${fixed.id}/decision`, {
          decision: 'refused',
          reason: 'Dossier incomplet',
        })
      ).statusCode,
    ).toBe(409);
    const tooMuch = await call('POST', '/api/scholarships', {
      studentId: children[1].id,
      name: 'X',
      kind: 'percent',
      value: 120,
      reason: 'Essai',
    });
    expect(tooMuch.statusCode).toBe(400);
    const balances = await ok(call('GET', `/api/students/${children[1].id}`));
    expect(balances.balances.due).toBe(50_000 + 10 * 135_000 - 100_001);
  });

  it('another school sees none of it', async () => {
    const a = await signUpSchool(app(), 'École A');
    const b = await signUpSchool(app(), 'École B');
    const { l1 } = await setUpProgrammes(a.call);
    const year = await futureYear(a.call);
    const kossi = await ok(a.call('POST', '/api/students', { fullName: 'Kossi' }), 201);
    const { enrolment } = await ok(
      a.call('POST', `/api/students/${kossi.id}/enrolments`, {
        levelId: l1.id,
        academicYearId: year.id,
      }),
      201,
    );
    const { items } = await ok(a.call('GET', `/api/invoices?studentId=${kossi.id}`));
    expect((await b.call('GET', `/api/invoices/${items[0].id}`)).statusCode).toBe(404);
    expect(
      (await b.call('POST', `/api/invoices/${items[0].id}/void`, { reason: 'Pirate' })).statusCode,
    ).toBe(404);
    expect(
      (await b.call('POST', `/api/enrolments/${enrolment.id}/withdraw`, { reason: 'Pirate' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await b.call('POST', `/api/students/${kossi.id}/enrolments`, { levelId: l1.id })).statusCode,
    ).toBe(404);
    expect((await ok(b.call('GET', '/api/invoices'))).total).toBe(0);
  });
});
