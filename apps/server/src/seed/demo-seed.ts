import type { Database } from '../platform/db/database';
import { createSchool, findOrganizationBySlug, type Organization } from '../modules/organizations';

export const DEMO_SCHOOL_SLUG = 'ecole-demo';

export interface DemoSeedResult {
  school: Organization;
  created: boolean;
}

/**
 * Seeds the demo school « École Démo » on an empty database. Idempotent: running it again finds
 * the school and changes nothing. Later modules add their demo data here (accounts, programmes,
 * students, payments), each idempotent on its own.
 */
export async function seedDemoData(db: Database): Promise<DemoSeedResult> {
  return db.transaction(async (tx) => {
    const existing = await findOrganizationBySlug(tx, DEMO_SCHOOL_SLUG);
    if (existing) return { school: existing, created: false };
    const school = await createSchool(
      tx,
      {
        name: 'École Démo',
        slug: DEMO_SCHOOL_SLUG,
        contactEmail: 'scolarite@ecole-demo.tg',
        supportPhone: '+22890123456',
        address: 'Boulevard du 13 Janvier, Nyékonakpoè',
        city: 'Lomé',
        country: 'TG',
        timeZone: 'Africa/Lome',
        plan: 'croissance',
        brandColor: '#484D9B',
      },
      { actor: { type: 'system', label: 'Données de démonstration' } },
    );
    return { school, created: true };
  });
}
