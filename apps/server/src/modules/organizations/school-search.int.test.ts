import { SCHOOL_SEARCH_MAX_RESULTS } from '@ecolage/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/test-database';
import { createSchool, searchSchools } from '.';
import { organizations } from './organizations.tables';

const actor = { type: 'system' as const, label: 'Test de la recherche' };

/** Schools as they are written: accents, capitals, Ewe letters, œ, apostrophes and no city. */
const SCHOOLS = [
  { name: 'École Démo', slug: 'ecole-demo', city: 'Lomé' },
  { name: 'Collège Sacré-Cœur', slug: 'college-sacre-coeur', city: 'Kpalimé' },
  { name: 'LYCÉE ƉOKPO', slug: 'lycee-dokpo', city: 'Aného' },
  { name: 'Institut d’Adidogomé', slug: 'institut-d-adidogome', city: 'Lomé' },
  { name: 'Cours 100% Réussite', slug: 'cours-100-reussite', city: null },
  { name: 'École Fermée', slug: 'ecole-fermee', city: 'Lomé' },
];

describe('searchSchools (the public search of /form)', () => {
  const database = useTestDatabase();
  const db = () => database().db;

  beforeAll(async () => {
    await db().transaction(async (tx) => {
      for (const school of SCHOOLS) await createSchool(tx, school, { actor });
    });
    await db()
      .update(organizations)
      .set({ archivedAt: new Date() })
      .where(eq(organizations.slug, 'ecole-fermee'));
  });

  const slugsFor = async (term: string) =>
    (await searchSchools(db(), term)).schools.map((school) => school.slug);

  it('finds a school by its name whatever the accents and the case', async () => {
    expect(await slugsFor('ecole demo')).toEqual(['ecole-demo']);
    expect(await slugsFor('ÉCOLE DÉMO')).toEqual(['ecole-demo']);
    expect(await slugsFor('  Ecole   Demo ')).toEqual(['ecole-demo']);
    const [found] = (await searchSchools(db(), 'demo')).schools;
    expect(found).toEqual({
      name: 'École Démo',
      slug: 'ecole-demo',
      city: 'Lomé',
      brandColor: '#484D9B',
    });
  });

  it('finds schools by their city, and by words of the name and the city together', async () => {
    expect((await slugsFor('LOMÉ')).sort()).toEqual(['ecole-demo', 'institut-d-adidogome']);
    expect(await slugsFor('demo lome')).toEqual(['ecole-demo']);
    expect(await slugsFor('kpalime college')).toEqual(['college-sacre-coeur']);
    expect(await slugsFor('demo kpalime')).toEqual([]);
  });

  it('reads œ, the Ewe letters and punctuation the way a parent types them', async () => {
    expect(await slugsFor('sacre coeur')).toEqual(['college-sacre-coeur']);
    expect(await slugsFor('Sacré-Cœur')).toEqual(['college-sacre-coeur']);
    expect(await slugsFor('dokpo')).toEqual(['lycee-dokpo']);
    expect(await slugsFor('ɖokpo')).toEqual(['lycee-dokpo']);
    expect(await slugsFor("d'adidogome")).toEqual(['institut-d-adidogome']);
    expect(await slugsFor('100 %')).toEqual(['cours-100-reussite']);
  });

  it('leaves archived schools out', async () => {
    expect(await slugsFor('fermee')).toEqual([]);
    expect(await slugsFor('ecole')).toEqual(['ecole-demo']);
  });

  it('never reads punctuation as a LIKE wildcard: it only separates words', async () => {
    expect(await slugsFor('%%')).toEqual([]);
    expect(await slugsFor('\\\\')).toEqual([]);
    expect(await slugsFor('dem_')).toEqual(['ecole-demo']);
    expect(await slugsFor('d%o')).toEqual(await slugsFor('d o'));
  });

  it(`answers ${SCHOOL_SEARCH_MAX_RESULTS} schools at most, in name order, and says there are more`, async () => {
    await db().transaction(async (tx) => {
      for (let n = 12; n >= 1; n -= 1) {
        const label = String(n).padStart(2, '0');
        await createSchool(
          tx,
          { name: `Groupe Scolaire Tsévié ${label}`, slug: `tsevie-${label}`, city: 'Tsévié' },
          { actor },
        );
      }
    });
    const many = await searchSchools(db(), 'tsevie');
    expect(many.schools.map((school) => school.slug)).toEqual(
      Array.from({ length: 10 }, (_, index) => `tsevie-${String(index + 1).padStart(2, '0')}`),
    );
    expect(many.more).toBe(true);
    const few = await searchSchools(db(), 'tsevie 12');
    expect(few).toMatchObject({ schools: [{ slug: 'tsevie-12' }], more: false });
  });

  it('sorts by the folded name: « École » among the E, not after « Institut »', async () => {
    expect(await slugsFor('lome')).toEqual(['ecole-demo', 'institut-d-adidogome']);
  });
});
