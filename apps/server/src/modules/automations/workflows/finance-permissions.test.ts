import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUpSchool } from '../../../test/school-fixture';
import { useTestApp } from '../../../test/test-app';

const migration = (name: string) =>
  readFileSync(path.resolve(import.meta.dirname, '../../../../drizzle', name), 'utf8').split(
    '--> statement-breakpoint',
  );

describe('Finance prepares the reminders', () => {
  const { app, database } = useTestApp({ rateLimitPerMinute: 100_000 });

  it('migration 0029 gives an existing school’s Finance role read and write on automations, once', async () => {
    const school = await signUpSchool(app(), 'Lycée Ancien');
    const { db } = database();
    const finance = async () =>
      (
        await db.execute<{ permissions: string[] }>(
          sql`select permissions from roles where organization_id = ${school.organizationId} and key = 'finance'`,
        )
      ).rows[0]!.permissions;
    expect(await finance()).toEqual(
      expect.arrayContaining(['read:automations', 'write:automations']),
    );
    // A school created before: its Finance role without them.
    await db.execute(
      sql`update roles set permissions = array_remove(array_remove(permissions, 'read:automations'), 'write:automations')
          where organization_id = ${school.organizationId} and key = 'finance'`,
    );
    const statements = migration('0029_finance_automations.sql');
    for (let run = 0; run < 2; run += 1) {
      for (const statement of statements) await db.execute(sql.raw(statement));
    }
    const permissions = await finance();
    expect(permissions.filter((permission) => permission.endsWith(':automations')).sort()).toEqual([
      'read:automations',
      'write:automations',
    ]);
  });

  it('migration 0033 takes them from an existing school’s Scolarité role', async () => {
    const school = await signUpSchool(app(), 'Lycée Ancien Deux');
    const { db } = database();
    const registrar = async () =>
      (
        await db.execute<{ permissions: string[] }>(
          sql`select permissions from roles where organization_id = ${school.organizationId} and key = 'registrar'`,
        )
      ).rows[0]!.permissions;
    const before = await registrar();
    expect(before).not.toContain('read:automations');
    await db.execute(
      sql`update roles set permissions = permissions || '{read:automations,write:automations}'::text[]
          where organization_id = ${school.organizationId} and key = 'registrar'`,
    );
    for (const statement of migration('0033_automations_finance_not_registrar.sql')) {
      await db.execute(sql.raw(statement));
    }
    expect((await registrar()).sort()).toEqual([...before].sort());
  });
});
