import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { logIn } from '../test/auth-helpers';
import { useTestApp } from '../test/test-app';
import { verifyAuditChain } from '../modules/audit';
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
    ]);
    for (const account of demoAccounts) {
      const { body } = await logIn(app(), account.email, DEMO_PASSWORD);
      expect(body.organization.slug).toBe('ecole-demo');
      expect(body.user.name).toBe(account.name);
    }
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
    expect(before).toEqual({ users: 7, members: 7, roles: 7, orgs: 1 });
  });
});
