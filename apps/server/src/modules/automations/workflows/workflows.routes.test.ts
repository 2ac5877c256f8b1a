import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok, setUpProgrammes, signUpSchool, type Call } from '../../../test/school-fixture';
import { useTestApp } from '../../../test/test-app';
import { memberOfSystemRole, reminderJ3 } from '../automations.test-support';

describe('« Automatisations »: /api/automations', () => {
  const planned: string[] = [];
  const { app, database } = useTestApp({
    rateLimitPerMinute: 100_000,
    automations: { planning: { requestPlanning: async (id) => void planned.push(id) } },
  });
  let school: Awaited<ReturnType<typeof signUpSchool>>;
  let programmes: Awaited<ReturnType<typeof setUpProgrammes>>;
  let finance: Call;

  const journal = async (organizationId = school.organizationId) =>
    (
      await database().db.execute<{ action: string; details: Record<string, unknown> }>(
        sql`select action, details from audit_entries where organization_id = ${organizationId}
            and resource_type = 'workflow' order by id`,
      )
    ).rows;
  const workflowCount = async () =>
    (
      await database().db.execute<{ n: number }>(
        sql`select count(*)::int as n from workflows where organization_id = ${school.organizationId}`,
      )
    ).rows[0]!.n;

  beforeAll(async () => {
    school = await signUpSchool(app(), 'Collège Les Manguiers');
    programmes = await setUpProgrammes(school.call);
    finance = await memberOfSystemRole(app(), database().db, school.organizationId, 'finance');
  });

  it('gives a new school the four default reminders, paused, once', async () => {
    const first = await ok(finance('GET', '/api/automations'));
    expect(first.total).toBe(4);
    expect(
      first.items.map((item: Record<string, unknown>) => [item.name, item.status, item.step]),
    ).toEqual([
      ['Rappel J-7', 'paused', "J-7 avant l'échéance · SMS au payeur principal"],
      ['Rappel J-1', 'paused', "J-1 avant l'échéance · SMS au payeur principal"],
      ['Rappel J+3', 'paused', "J+3 après l'échéance · SMS au payeur principal"],
      ['Rappel J+10', 'paused', "J+10 après l'échéance · SMS au payeur principal"],
    ]);
    expect(first.items.every((item: { isDefault: boolean }) => item.isDefault)).toBe(true);
    await ok(finance('GET', '/api/automations'));
    expect(await workflowCount()).toBe(4);
    expect((await journal()).map((entry) => entry.action)).toEqual(['automation.defaults_created']);
  });

  it('lets Finance create « Rappel J-3 » for a level, paused, audited', async () => {
    const created = await ok(
      finance(
        'POST',
        '/api/automations',
        reminderJ3({
          conditions: { programmeId: programmes.licence.id, levelId: programmes.l1.id },
        }),
      ),
      201,
    );
    expect(created).toMatchObject({
      name: 'Rappel J-3',
      trigger: 'invoice_due_in',
      params: { days: 3 },
      conditions: { programmeId: programmes.licence.id, levelId: programmes.l1.id },
      enabled: false,
      status: 'paused',
      step: "J-3 avant l'échéance · SMS au payeur principal",
      isDefault: false,
      action: { channel: 'sms', recipients: 'main_payer', staffRoleIds: [], subject: null },
    });
    expect(planned).toEqual([]);
    expect(await ok(finance('GET', `/api/automations/${created.id}`))).toEqual({
      ...created,
      counts: { planned: 0, sent: 0, skipped: 0 },
    });
    const [entry] = (await journal()).slice(-1);
    expect(entry).toEqual({
      action: 'automation.created',
      details: {
        nom: 'Rappel J-3',
        déclencheur: 'Échéance dans N jours',
        étape: "J-3 avant l'échéance · SMS au payeur principal",
        état: 'En pause',
      },
    });
  });

  it('turns a workflow on and off: the status label follows, planning is asked for', async () => {
    const { items } = await ok(finance('GET', '/api/automations?q=j-3'));
    const id = items[0].id;
    const enabled = await ok(finance('POST', `/api/automations/${id}/enable`));
    expect([enabled.enabled, enabled.status]).toEqual([true, 'active']);
    expect(planned).toEqual([school.organizationId]);
    const again = await ok(finance('POST', `/api/automations/${id}/enable`));
    expect(again.status).toBe('active');
    const paused = await ok(finance('POST', `/api/automations/${id}/pause`));
    expect([paused.enabled, paused.status]).toEqual([false, 'paused']);
    const actions = (await journal()).map((entry) => entry.action);
    expect(actions.filter((action) => action === 'automation.enabled')).toHaveLength(1);
    expect(actions.at(-1)).toBe('automation.paused');
    const active = await ok(finance('GET', '/api/automations?status=active'));
    expect(active.total).toBe(0);
    const pausedList = await ok(finance('GET', '/api/automations?status=paused&pageSize=2&page=3'));
    expect([pausedList.total, pausedList.items.length, pausedList.page]).toEqual([5, 1, 3]);
  });

  it('edits, duplicates (a paused copy) and archives', async () => {
    const { items } = await ok(finance('GET', '/api/automations?q=Rappel J-3'));
    const id = items[0].id;
    const edited = await ok(
      finance(
        'PUT',
        `/api/automations/${id}`,
        reminderJ3({
          trigger: 'invoice_overdue',
          params: { days: 3, repeatEveryDays: 7, repeatTimes: 2 },
          action: {
            channel: 'whatsapp',
            recipients: 'all_guardians',
            template: '{eleve}: {jours_retard} jours de retard, {montant}. {lien}',
          },
        }),
      ),
    );
    expect(edited.step).toBe(
      "J+3 après l'échéance, puis tous les 7 jours (2 fois) · WhatsApp à tous les responsables",
    );
    const copy = await ok(finance('POST', `/api/automations/${id}/duplicate`, {}), 201);
    expect([copy.name, copy.status, copy.step]).toEqual([
      'Rappel J-3 (copie)',
      'paused',
      edited.step,
    ]);
    const second = await ok(finance('POST', `/api/automations/${id}/duplicate`), 201);
    expect(second.name).toBe('Rappel J-3 (copie 2)');
    expect(await ok(finance('DELETE', `/api/automations/${second.id}`))).toEqual({
      outcome: 'archived',
    });
    expect((await finance('GET', `/api/automations/${second.id}`)).statusCode).toBe(404);
    // The name is free again once archived.
    await ok(finance('POST', `/api/automations/${id}/duplicate`), 201);
  });

  it('refuses bad input in French, on the field, writing nothing', async () => {
    const before = await workflowCount();
    const refuse = async (body: object, status = 400) => {
      const response = await finance('POST', '/api/automations', body);
      expect(response.statusCode, response.body).toBe(status);
      return response.json();
    };
    const unknown = await refuse(
      reminderJ3({ name: 'Inconnu', action: { ...reminderJ3().action, template: 'Reçu {recu}' } }),
    );
    expect(unknown.issues[0].path).toBe('action.template');
    expect(unknown.issues[0].message).toContain('Variable inconnue : {recu}');
    expect(unknown.issues[0].message).toContain('{montant}');
    const empty = await refuse(
      reminderJ3({ name: 'Vide', action: { ...reminderJ3().action, template: '   ' } }),
    );
    expect(empty.issues[0].message).toBe('Le message est vide : écrivez le texte envoyé.');
    const clash = await refuse(reminderJ3({ name: 'rappel j-3' }), 409);
    expect(clash).toMatchObject({ code: 'AUTOMATION_NAME_TAKEN' });
    const otherLevel = await refuse(
      reminderJ3({
        name: 'Autre',
        conditions: { programmeId: programmes.licence.id, levelId: programmes.m1.id },
      }),
    );
    expect(otherLevel).toMatchObject({
      code: 'AUTOMATION_LEVEL_NOT_IN_PROGRAMME',
      message: 'Ce niveau n’appartient pas au programme choisi.',
    });
    const neighbour = await signUpSchool(app(), 'École Voisine');
    const theirs = await setUpProgrammes(neighbour.call);
    expect(
      await refuse(reminderJ3({ name: 'Autre', conditions: { levelId: theirs.l1.id } })),
    ).toMatchObject({ code: 'AUTOMATION_LEVEL_NOT_FOUND' });
    expect(
      await refuse(reminderJ3({ name: 'Autre', conditions: { programmeId: theirs.licence.id } })),
    ).toMatchObject({ code: 'AUTOMATION_PROGRAMME_NOT_FOUND' });
    const theirRoles = await ok(neighbour.call('GET', '/api/roles'));
    const staff = {
      name: 'Équipe',
      trigger: 'payment_failed',
      action: { channel: 'staff', staffRoleIds: [theirRoles[0].id], template: '{eleve}' },
    };
    expect(await refuse(staff)).toMatchObject({ code: 'AUTOMATION_ROLE_NOT_FOUND' });
    const nul = await refuse(reminderJ3({ name: 'Nul\u0000' }));
    expect(nul.code).toBe('UNSTORABLE_TEXT');
    expect(await workflowCount()).toBe(before);

    // Another school's workflow is not found, for every route.
    const { items } = await ok(finance('GET', '/api/automations?q=J-7'));
    for (const [method, url, body] of [
      ['GET', `/api/automations/${items[0].id}`],
      ['PUT', `/api/automations/${items[0].id}`, reminderJ3({ name: 'Volé' })],
      ['POST', `/api/automations/${items[0].id}/enable`],
      ['POST', `/api/automations/${items[0].id}/duplicate`],
      ['DELETE', `/api/automations/${items[0].id}`],
    ] as const) {
      const response = await neighbour.call(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().code).toBe('AUTOMATION_NOT_FOUND');
    }
  });

  it('a staff notification goes to the school’s roles, which Finance may list without reading the team', async () => {
    // Finance does not hold read:members: the team's roles screen is closed to it…
    expect((await finance('GET', '/api/roles')).statusCode).toBe(403);
    // …but the editor lists the school's roles, and only them.
    const roles = await ok(finance('GET', '/api/automations/roles'));
    const team = await ok(school.call('GET', '/api/roles'));
    expect(roles.map((role: { id: string }) => role.id).sort()).toEqual(
      team.map((role: { id: string }) => role.id).sort(),
    );
    expect(Object.keys(roles[0]).sort()).toEqual(['id', 'name']);
    const director = roles.find((role: { name: string }) => role.name === 'Directeur');
    const created = await ok(
      finance('POST', '/api/automations', {
        name: 'Échec à suivre',
        trigger: 'payment_failed',
        conditions: { minimumBalance: 10_000 },
        action: {
          channel: 'staff',
          staffRoleIds: [director.id],
          template: 'Paiement échoué pour {eleve} ({montant_tente}) : {motif}',
        },
      }),
      201,
    );
    expect(created.step).toBe('À chaque paiement échoué · Notification à l’équipe (1 rôle)');
  });

  it('refuses those without the permission: Scolarité and a cashier 403, a reader cannot write', async () => {
    const registrar = await memberOfSystemRole(
      app(),
      database().db,
      school.organizationId,
      'registrar',
    );
    expect((await registrar('GET', '/api/automations')).statusCode).toBe(403);
    expect(
      (await registrar('POST', '/api/automations', reminderJ3({ name: 'Scolarité' }))).statusCode,
    ).toBe(403);
    const cashier = await memberOfSystemRole(
      app(),
      database().db,
      school.organizationId,
      'cashier',
    );
    expect((await cashier('GET', '/api/automations')).statusCode).toBe(403);
    const reader = await memberOfSystemRole(app(), database().db, school.organizationId, 'reader');
    expect((await reader('GET', '/api/automations')).statusCode).toBe(200);
    const refused = await reader('POST', '/api/automations', reminderJ3({ name: 'Lecteur' }));
    expect(refused.statusCode).toBe(403);
  });
});
