import { describe, expect, it } from 'vitest';
import { ok, setUpProgrammes, signUpSchool, type Call } from '../../test/school-fixture';
import { useTestApp } from '../../test/test-app';

describe('Programmes et cursus: /api/academic-years, /api/programmes, /api/levels', () => {
  const { app, database } = useTestApp();

  it('creates years (one current), programmes and levels with fees, and lists them', async () => {
    const { call } = await signUpSchool(app());
    const { year, licence, l1, m1 } = await setUpProgrammes(call);
    expect(year.current).toBe(true);
    expect(l1).toMatchObject({
      name: 'L1',
      registrationFee: 50_000,
      monthlyFee: 150_000,
      billedMonths: [10, 11, 12, 1, 2, 3, 4, 5, 6, 7],
      yearTotal: 1_550_000,
      inUse: false,
    });
    expect(m1).toMatchObject({ feeMode: 'schedule', monthlyFee: 0, yearTotal: 1_120_000 });

    const next = await ok(
      call('POST', '/api/academic-years', {
        label: '2027-2028',
        startsOn: '2027-09-01',
        endsOn: '2028-07-31',
      }),
      201,
    );
    expect(next.current).toBe(false);
    await ok(call('PATCH', `/api/academic-years/${next.id}`, { current: true }));
    const years = await ok(call('GET', '/api/academic-years'));
    expect(
      years.items.map((item: { label: string; current: boolean }) => [item.label, item.current]),
    ).toEqual([
      ['2026-2027', false],
      ['2027-2028', true],
    ]);

    const empty = await ok(call('POST', '/api/programmes', { name: '  Licence Droit  ' }), 201);
    expect(empty).toMatchObject({ name: 'Licence Droit', levels: [] });
    const list = await ok(call('GET', '/api/programmes'));
    expect(list.items.map((item: { name: string }) => item.name)).toEqual([
      'Licence Droit',
      'Licence Informatique',
      'Master Droit',
    ]);
    expect(list.items[1].levels[0].id).toBe(l1.id);
    expect(licence.id).toBe(list.items[1].id);
  });

  it('refuses bad input with French messages and writes nothing', async () => {
    const { call } = await signUpSchool(app());
    const { licence } = await setUpProgrammes(call);
    const cases: [object, string, string][] = [
      [
        { name: '   ', registrationFee: 1, monthlyFee: 1 },
        'name',
        'Le nom du niveau est obligatoire.',
      ],
      [
        { name: 'L2', registrationFee: -5, monthlyFee: 1 },
        'registrationFee',
        'ne peut pas être négatif',
      ],
      [{ name: 'L2', registrationFee: 1.5, monthlyFee: 1 }, 'registrationFee', 'nombre entier'],
      [{ name: 'L2', registrationFee: '50000', monthlyFee: 1 }, 'registrationFee', 'nombre entier'],
      [
        { name: 'L2', registrationFee: 1, monthlyFee: 1, billedMonths: [] },
        'billedMonths',
        'au moins un mois',
      ],
      [
        { name: 'L2', registrationFee: 1, feeMode: 'schedule', schedule: [] },
        'schedule',
        'au moins une échéance',
      ],
      [
        {
          name: 'L2',
          registrationFee: 1,
          feeMode: 'schedule',
          schedule: [{ label: 'T1', amount: 10, dueMonth: 2, dueDay: 30 }],
        },
        'schedule.0.dueDay',
        'n’existe pas',
      ],
    ];
    for (const [body, path, message] of cases) {
      const response = await call('POST', `/api/programmes/${licence.id}/levels`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const issue = response
        .json()
        .issues.find((candidate: { path: string }) => candidate.path === path);
      expect(issue?.message, response.body).toContain(message);
    }
    const duplicate = await call('POST', `/api/programmes/${licence.id}/levels`, {
      name: 'l1',
      registrationFee: 0,
      monthlyFee: 0,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().issues[0]).toMatchObject({ path: 'name' });
    const emptyName = await call('POST', '/api/programmes', { name: '  ' });
    expect(emptyName.json().issues[0].message).toBe('Le nom du programme est obligatoire.');
    const list = await ok(call('GET', '/api/programmes'));
    expect(list.items.find((item: { id: string }) => item.id === licence.id).levels).toHaveLength(
      1,
    );
  });

  it('deletes an unused programme, archives a used one, restores it; edits a level', async () => {
    const { call } = await signUpSchool(app());
    const { licence, l1 } = await setUpProgrammes(call);
    const spare = await ok(call('POST', '/api/programmes', { name: 'Licence Gestion' }), 201);
    expect(await ok(call('DELETE', `/api/programmes/${spare.id}`))).toEqual({ outcome: 'deleted' });

    const student = await ok(
      call('POST', '/api/students', { fullName: 'Kossi Agbéko', programmeId: licence.id }),
      201,
    );
    await ok(call('POST', `/api/students/${student.id}/enrolments`, { levelId: l1.id }), 201);
    const updated = await ok(
      call('PATCH', `/api/levels/${l1.id}`, {
        name: 'L1',
        registrationFee: 60_000,
        monthlyFee: 160_000,
        billedMonths: [10, 11, 12],
      }),
    );
    expect(updated).toMatchObject({
      registrationFee: 60_000,
      yearTotal: 540_000,
      inUse: true,
      enrolledCount: 1,
    });
    expect(await ok(call('DELETE', `/api/levels/${l1.id}`))).toEqual({ outcome: 'archived' });
    expect(await ok(call('DELETE', `/api/programmes/${licence.id}`))).toEqual({
      outcome: 'archived',
    });
    const visible = await ok(call('GET', '/api/programmes'));
    expect(visible.items.some((item: { id: string }) => item.id === licence.id)).toBe(false);
    const all = await ok(call('GET', '/api/programmes?includeArchived=true'));
    expect(all.items.find((item: { id: string }) => item.id === licence.id)).toMatchObject({
      archived: true,
      inUse: true,
    });
    const restored = await ok(call('PATCH', `/api/programmes/${licence.id}`, { archived: false }));
    expect(restored.archived).toBe(false);

    const actions = await database().db.execute<{ action: string }>(
      `select action from audit_entries where resource_type in ('programme', 'level') order by id`,
    );
    expect(actions.rows.map((row) => row.action)).toEqual(
      expect.arrayContaining([
        'programme.created',
        'level.created',
        'programme.deleted',
        'level.updated',
        'level.archived',
        'programme.archived',
        'programme.restored',
      ]),
    );
  });

  it('keeps schools apart: another school gets 404', async () => {
    const a = await signUpSchool(app(), 'École A');
    const b = await signUpSchool(app(), 'École B');
    const { licence, l1, year } = await setUpProgrammes(a.call);
    const other: Call = b.call;
    expect((await other('PATCH', `/api/programmes/${licence.id}`, { name: 'X' })).statusCode).toBe(
      404,
    );
    expect((await other('DELETE', `/api/levels/${l1.id}`)).statusCode).toBe(404);
    expect(
      (await other('PATCH', `/api/academic-years/${year.id}`, { current: true })).statusCode,
    ).toBe(404);
    expect((await ok(other('GET', '/api/programmes'))).items).toEqual([]);
  });
});
