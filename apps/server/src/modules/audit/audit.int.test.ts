import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/test-database';
import { recordAuditEntry, verifyAuditChain } from '.';
import { createSchool } from '../organizations';

describe('audit journal chain', () => {
  const database = useTestDatabase();
  const system = { type: 'system' as const, label: 'Test' };

  it('links each entry to the previous one of its own chain', async () => {
    const { db } = database();
    const school = await db.transaction((tx) =>
      createSchool(tx, { name: 'Collège Sainte-Rita', slug: 'sainte-rita' }, { actor: system }),
    );
    for (const action of ['settings.updated', 'settings.updated']) {
      await db.transaction((tx) =>
        recordAuditEntry(tx, {
          organizationId: school.id,
          actor: system,
          action,
          resourceType: 'organization',
          resourceId: school.id,
          category: 'settings',
          details: { champ: 'couleur', avant: '#484D9B', après: '#1F7A4D' },
        }),
      );
    }
    expect(await verifyAuditChain(db, school.id)).toEqual({ valid: true, entries: 3 });
  });

  it('keeps one linear chain under concurrent writers', async () => {
    const { db } = database();
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        db.transaction((tx) =>
          recordAuditEntry(tx, {
            organizationId: null,
            actor: system,
            action: `concurrent.${i}`,
            resourceType: 'test',
            category: 'system',
          }),
        ),
      ),
    );
    const check = await verifyAuditChain(db, null);
    expect(check).toEqual({ valid: true, entries: 12 });
    const forks = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_entries where organization_id is null group by previous_hash having count(*) > 1`,
    );
    expect(forks.rows).toEqual([]);
  });

  it('detects an entry edited after the fact', async () => {
    const { db } = database();
    const [target] = (
      await db.execute<{ id: number }>(
        sql`select id::int as id from audit_entries where organization_id is null order by id limit 1 offset 4`,
      )
    ).rows;
    // Only someone able to disable the trigger (a superuser) can edit the journal…
    await db.execute(sql`alter table audit_entries disable trigger audit_entries_append_only`);
    await db.execute(
      sql`update audit_entries set details = '{"falsifié": true}' where id = ${target?.id}`,
    );
    await db.execute(sql`alter table audit_entries enable trigger audit_entries_append_only`);
    // …and the chain shows where.
    expect(await verifyAuditChain(db, null)).toEqual({ valid: false, brokenAtId: target?.id });
  });

  it('is append-only in the database itself', async () => {
    const { db } = database();
    for (const statement of [
      sql`update audit_entries set action = 'effacé'`,
      sql`delete from audit_entries`,
      sql`truncate audit_entries`,
    ]) {
      const error = await db.execute(statement).then(
        () => undefined,
        (failure: Error) => failure,
      );
      // Drizzle wraps the PostgreSQL error; the trigger's message is the cause.
      expect((error?.cause as Error | undefined)?.message).toMatch(
        /append-only \((UPDATE|DELETE|TRUNCATE) refused\)/,
      );
    }
  });
});
