import { systemRoles, type SystemRoleKey } from '@ecolage/contracts';
import type { Database } from '../platform/db/database';
import { addMemberWithSystemRole, ensureSystemRoles, isMember } from '../modules/access';
import { changePlatformRole, ensureAccount } from '../modules/auth';
import { ensureDefaultWorkflows } from '../modules/automations';
import { createSchool, findOrganizationBySlug, type Organization } from '../modules/organizations';
import { ensureMerchantAccount } from '../modules/payments';
import { seedDemoSchoolData } from './demo-school-data';

export const DEMO_SCHOOL_SLUG = 'ecole-demo';
export const DEMO_PASSWORD = 'ecolage-demo';
/** The demo school's Wave merchant id: the sandbox's « Payer un marchand » pays it. */
export const DEMO_WAVE_MERCHANT_CODE = 'M_ECOLEDEMO';

/** One demo login per system role, with names from Lomé. */
export const demoAccounts: { roleKey: SystemRoleKey; name: string; email: string }[] = [
  { roleKey: 'super_admin', name: 'Afi Mensah', email: 'direction@ecole-demo.tg' },
  { roleKey: 'director', name: 'Kodjo Agbéko', email: 'directeur@ecole-demo.tg' },
  { roleKey: 'finance', name: 'Ama Lawson', email: 'finance@ecole-demo.tg' },
  { roleKey: 'accounting', name: 'Yao Kpodar', email: 'comptabilite@ecole-demo.tg' },
  { roleKey: 'registrar', name: 'Akossiwa Adjovi', email: 'scolarite@ecole-demo.tg' },
  { roleKey: 'cashier', name: 'Komi Amegah', email: 'caisse@ecole-demo.tg' },
  { roleKey: 'reader', name: 'Essi Dogbé', email: 'lecteur@ecole-demo.tg' },
];

/** The demo platform operator: the console `/operateur`, member of no school. */
export const demoOperator = { name: 'Sena Kouévi', email: 'operateur@ecolage.tg' };

export interface DemoSeedResult {
  school: Organization;
  created: boolean;
  logins: { email: string; roleName: string }[];
}

const seeder = { type: 'system' as const, label: 'Données de démonstration' };

/**
 * Seeds the demo school « École Démo », its roles and one login per role. Idempotent: each piece
 * is created only when missing, so running it again (or on a school seeded by an older version)
 * changes nothing that exists.
 */
export async function seedDemoData(db: Database): Promise<DemoSeedResult> {
  const result = await seedDemoSchool(db);
  await seedDemoSchoolData(db, result.school.id);
  await db.transaction(async (tx) => {
    await ensureAccount(tx, { ...demoOperator, password: DEMO_PASSWORD });
    await changePlatformRole(tx, demoOperator.email, 'operator', seeder.label);
  });
  return {
    ...result,
    logins: [
      ...result.logins,
      { email: demoOperator.email, roleName: 'Opérateur de la plateforme (/operateur)' },
    ],
  };
}

async function seedDemoSchool(db: Database): Promise<DemoSeedResult> {
  return db.transaction(async (tx) => {
    const existing = await findOrganizationBySlug(tx, DEMO_SCHOOL_SLUG);
    const school =
      existing ??
      (await createSchool(
        tx,
        {
          name: 'École Démo',
          slug: DEMO_SCHOOL_SLUG,
          contactEmail: 'scolarite@ecole-demo.tg',
          supportPhone: '+22890123456',
          address: '12 rue des Écoles, Tokoin',
          city: 'Lomé',
          country: 'TG',
          timeZone: 'Africa/Lome',
          plan: 'croissance',
          brandColor: '#484D9B',
        },
        { actor: seeder },
      ));
    await ensureSystemRoles(tx, school.id);
    // The default reminders (J-7, J-1, J+3, J+10), paused as every school's.
    await ensureDefaultWorkflows(tx, school.id);
    // Its Wave merchant account: payments parents make from the Wave menu reach « À affecter ».
    await ensureMerchantAccount(
      tx,
      {
        organizationId: school.id,
        provider: 'wave',
        merchantCode: DEMO_WAVE_MERCHANT_CODE,
        label: 'Wave — paiements marchands',
      },
      seeder,
    );
    for (const account of demoAccounts) {
      const { user } = await ensureAccount(tx, { ...account, password: DEMO_PASSWORD });
      if (await isMember(tx, school.id, user.id)) continue;
      await addMemberWithSystemRole(
        tx,
        {
          organizationId: school.id,
          userId: user.id,
          roleKey: account.roleKey,
          userLabel: user.name,
        },
        { actor: seeder, ip: null },
      );
    }
    const roleNames = new Map<string, string>(systemRoles.map((role) => [role.key, role.name]));
    return {
      school,
      created: !existing,
      logins: demoAccounts.map((account) => ({
        email: account.email,
        roleName: roleNames.get(account.roleKey) ?? account.roleKey,
      })),
    };
  });
}
