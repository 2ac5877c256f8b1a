import { describe, expect, it } from 'vitest';
import { ok, setUpProgrammes, signUpSchool } from '../../test/school-fixture';
import { useTestApp } from '../../test/test-app';

describe('Étudiants: /api/students and /api/guardians', () => {
  const { app, database } = useTestApp();

  it('creates students with per-school matricules and Togo phone numbers; refuses bad input', async () => {
    const { call } = await signUpSchool(app());
    const { licence } = await setUpProgrammes(call);
    const first = await ok(
      call('POST', '/api/students', {
        fullName: '  Kossi Agbéko ',
        phone: '90 12 34 56',
        email: 'Kossi@Exemple.tg',
        programmeId: licence.id,
        status: 'active',
      }),
      201,
    );
    expect(first).toMatchObject({
      matricule: 'STU-001',
      fullName: 'Kossi Agbéko',
      phone: '+22890123456',
      email: 'kossi@exemple.tg',
      programme: { id: licence.id, name: 'Licence Informatique' },
      status: 'active',
      balance: 0,
    });
    const second = await ok(call('POST', '/api/students', { fullName: 'Ama Mensah' }), 201);
    expect(second.matricule).toBe('STU-002');

    const other = await signUpSchool(app(), 'Autre école');
    expect(
      (await ok(other.call('POST', '/api/students', { fullName: 'Yao' }), 201)).matricule,
    ).toBe('STU-001');

    const bad = await call('POST', '/api/students', { fullName: ' ', phone: '12', email: 'x@' });
    expect(bad.statusCode).toBe(400);
    const paths = bad
      .json()
      .issues.map((issue: { path: string }) => issue.path)
      .sort();
    expect(paths).toEqual(['email', 'fullName', 'phone']);
    expect(
      bad.json().issues.find((issue: { path: string }) => issue.path === 'phone').message,
    ).toContain("n'est pas valide");
    const unknownProgramme = await call('POST', '/api/students', {
      fullName: 'Yao',
      programmeId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknownProgramme.statusCode).toBe(400);
    expect(unknownProgramme.json().issues[0]).toMatchObject({
      path: 'programmeId',
      message: 'Programme introuvable.',
    });
    const count = await database().db.execute<{ n: number }>(
      `select count(*)::int as n from students where full_name in (' ', 'Yao')`,
    );
    expect(count.rows[0]!.n).toBe(1);
  });

  it('searches without accents or case, by matricule and phone; filters, counts and pages', async () => {
    const { call } = await signUpSchool(app());
    const { licence } = await setUpProgrammes(call);
    const names = [
      'Kossi Agbéko',
      'Afi Agbeko',
      'Essi Lawson',
      'Komi Dossou',
      'Yawa Adjo',
      'Edem Kpodar',
    ];
    const statuses = ['active', 'active', 'suspended', 'pending', 'pending', 'active'];
    for (const [index, fullName] of names.entries()) {
      await ok(
        call('POST', '/api/students', {
          fullName,
          phone: `+228 9${index} 00 00 0${index}`,
          status: statuses[index],
          programmeId: index < 2 ? licence.id : null,
        }),
        201,
      );
    }
    const search = async (query: string) =>
      (await ok(call('GET', `/api/students?${query}`))).items.map(
        (item: { fullName: string }) => item.fullName,
      );
    expect(await search('search=agbeko')).toEqual(['Afi Agbeko', 'Kossi Agbéko']);
    expect(await search('search=AGBÉKO')).toEqual(['Afi Agbeko', 'Kossi Agbéko']);
    expect(await search('search=stu-003')).toEqual(['Essi Lawson']);
    expect(await search('search=93 00 00 03')).toEqual(['Komi Dossou']);
    expect(await search('search=%25')).toEqual([]);
    expect(await search('status=pending&pageSize=10')).toEqual(['Komi Dossou', 'Yawa Adjo']);
    expect(await search(`programmeId=${licence.id}`)).toEqual(['Afi Agbeko', 'Kossi Agbéko']);
    const page = await ok(call('GET', '/api/students?page=2'));
    expect(page).toMatchObject({ total: 6, page: 2, pageSize: 4 });
    expect(page.items).toHaveLength(2);
    expect(await ok(call('GET', '/api/students/summary'))).toEqual({
      total: 6,
      active: 3,
      suspended: 1,
      pending: 2,
    });
  });

  it('edits with a status history, deletes a student without history and never reuses a matricule', async () => {
    const { call } = await signUpSchool(app());
    const student = await ok(
      call('POST', '/api/students', { fullName: 'Kossi Agbéko', status: 'pending' }),
      201,
    );
    await ok(
      call('PATCH', `/api/students/${student.id}`, {
        fullName: 'Kossi Agbéko',
        status: 'active',
        statusReason: 'Dossier complet',
      }),
    );
    const detail = await ok(call('GET', `/api/students/${student.id}`));
    expect(
      detail.statusHistory.map((change: { from: string; to: string; reason: string }) => [
        change.from,
        change.to,
        change.reason,
      ]),
    ).toEqual([
      ['pending', 'active', 'Dossier complet'],
      [null, 'pending', null],
    ]);
    expect(await ok(call('DELETE', `/api/students/${student.id}`))).toEqual({ outcome: 'deleted' });
    expect((await call('GET', `/api/students/${student.id}`)).statusCode).toBe(404);
    expect((await ok(call('POST', '/api/students', { fullName: 'Ama' }), 201)).matricule).toBe(
      'STU-002',
    );
  });

  it('links guardians: a family shares one guardian found by phone, one main payer per student', async () => {
    const { call } = await signUpSchool(app());
    const kossi = await ok(call('POST', '/api/students', { fullName: 'Kossi Agbéko' }), 201);
    const afi = await ok(call('POST', '/api/students', { fullName: 'Afi Agbéko' }), 201);
    const mother = await ok(
      call('POST', `/api/students/${kossi.id}/guardians`, {
        fullName: 'Akossiwa Agbéko',
        phone: '90 11 22 33',
        relation: 'mother',
      }),
      201,
    );
    expect(mother).toMatchObject({ phone: '+22890112233', mainPayer: true, otherStudents: [] });
    const sameMother = await ok(
      call('POST', `/api/students/${afi.id}/guardians`, {
        fullName: 'A. Agbéko',
        phone: '+228 90 11 22 33',
        relation: 'mother',
      }),
      201,
    );
    expect(sameMother.id).toBe(mother.id);
    expect(sameMother.otherStudents).toEqual([
      { id: kossi.id, fullName: 'Kossi Agbéko', matricule: 'STU-001' },
    ]);
    const father = await ok(
      call('POST', `/api/students/${afi.id}/guardians`, {
        fullName: 'Komlan Agbéko',
        phone: '91000000',
        relation: 'father',
      }),
      201,
    );
    expect(father.mainPayer).toBe(false);
    expect(
      (
        await call('POST', `/api/students/${afi.id}/guardians`, {
          guardianId: father.id,
          relation: 'father',
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (await call('PATCH', `/api/students/${afi.id}/guardians/${father.id}`, { mainPayer: true }))
        .statusCode,
    ).toBe(204);
    let detail = await ok(call('GET', `/api/students/${afi.id}`));
    expect(
      detail.guardians.map((g: { fullName: string; mainPayer: boolean }) => [
        g.fullName,
        g.mainPayer,
      ]),
    ).toEqual([
      ['Komlan Agbéko', true],
      ['Akossiwa Agbéko', false],
    ]);
    expect(
      (await call('DELETE', `/api/students/${afi.id}/guardians/${father.id}`)).statusCode,
    ).toBe(204);
    detail = await ok(call('GET', `/api/students/${afi.id}`));
    expect(detail.guardians).toMatchObject([{ fullName: 'Akossiwa Agbéko', mainPayer: true }]);
    const list = await ok(call('GET', '/api/guardians?search=akossiwa'));
    expect(list.items[0].students).toHaveLength(2);
    const renamed = await call('PATCH', `/api/guardians/${mother.id}`, {
      fullName: 'Akossiwa Agbéko',
      phone: '91000000',
    });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().issues[0].path).toBe('phone');
    const wrongPhone = await call('POST', `/api/students/${kossi.id}/guardians`, {
      fullName: 'X',
      phone: 'pas un numéro',
      relation: 'other',
    });
    expect(wrongPhone.statusCode).toBe(400);
  });

  it('keeps schools apart and checks permissions on the server', async () => {
    const a = await signUpSchool(app(), 'École A');
    const b = await signUpSchool(app(), 'École B');
    const student = await ok(a.call('POST', '/api/students', { fullName: 'Kossi' }), 201);
    for (const [method, url, body] of [
      ['GET', `/api/students/${student.id}`, undefined],
      ['PATCH', `/api/students/${student.id}`, { fullName: 'X' }],
      ['DELETE', `/api/students/${student.id}`, undefined],
      [
        'POST',
        `/api/students/${student.id}/guardians`,
        { fullName: 'X', phone: '90000000', relation: 'other' },
      ],
    ] as const) {
      expect((await b.call(method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await ok(b.call('GET', '/api/students'))).total).toBe(0);
  });
});
