import { smsSegments, renderTemplate, sampleValues, validateTemplate } from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUpSchool } from '../../../test/school-fixture';
import { useTestApp } from '../../../test/test-app';
import { defaultWorkflows, ensureDefaultWorkflowsOfAllSchools } from './default-workflows';

describe('Default reminders: J-7, J-1, J+3, J+10', () => {
  const { app, database } = useTestApp({ rateLimitPerMinute: 100_000 });

  it('are valid French GSM-7 in one SMS, with the placeholders their trigger fills', () => {
    for (const workflow of Object.values(defaultWorkflows)) {
      expect(validateTemplate(workflow.template, workflow.trigger, 'sms')).toEqual({
        ok: true,
        warnings: [],
        segments: 1,
      });
      const text = renderTemplate(workflow.template, sampleValues, { channel: 'sms' });
      expect(smsSegments(text)).toMatchObject({ encoding: 'GSM-7', segments: 1 });
      for (const placeholder of ['{eleve}', '{montant}', '{echeance}', '{lien}', '{ecole}']) {
        expect(workflow.template).toContain(placeholder);
      }
    }
  });

  it('every school lacking them gets them, paused, once; an archived one is not made again', async () => {
    const first = await signUpSchool(app(), 'Lycée Les Baobabs');
    const second = await signUpSchool(app(), 'Collège Les Rôniers');
    const { db } = database();
    const rows = async (organizationId: string) =>
      (
        await db.execute<{ name: string; enabled: boolean; default_key: string }>(
          sql`select name, enabled, default_key from workflows
              where organization_id = ${organizationId} and archived_at is null order by created_at, name`,
        )
      ).rows;

    expect(await ensureDefaultWorkflowsOfAllSchools(db)).toBeGreaterThanOrEqual(8);
    expect(await ensureDefaultWorkflowsOfAllSchools(db)).toBe(0);
    for (const school of [first, second]) {
      const names = (await rows(school.organizationId)).map((row) => [row.name, row.enabled]);
      expect(names.sort()).toEqual([
        ['Rappel J+10', false],
        ['Rappel J+3', false],
        ['Rappel J-1', false],
        ['Rappel J-7', false],
      ]);
    }
    const [j7] = (await first.call('GET', '/api/automations?q=J-7')).json().items;
    expect((await first.call('DELETE', `/api/automations/${j7.id}`)).statusCode).toBe(200);
    expect(await ensureDefaultWorkflowsOfAllSchools(db)).toBe(0);
    expect((await first.call('GET', '/api/automations')).json().total).toBe(3);
  });
});
