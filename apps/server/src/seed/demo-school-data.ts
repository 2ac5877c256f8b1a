import type { LevelRequest, StudentStatus } from '@ecolage/contracts';
import { DEFAULT_BILLED_MONTHS } from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import { dayIn } from '../platform/clock';
import type { Database } from '../platform/db/database';
import { systemActor } from '../platform/http/acting-member';
import {
  createScholarship,
  decideScholarship,
  enrolStudent,
  getBillingSettings,
  saveBillingSettings,
  studentBalanceQueries,
} from '../modules/billing';
import { createAcademicYear, createLevel, createProgramme } from '../modules/programmes';
import { addGuardian, createStudent } from '../modules/students';

const monthly = (registrationFee: number, monthlyFee: number) =>
  ({
    registrationFee,
    monthlyFee,
    feeMode: 'monthly',
    billedMonths: [...DEFAULT_BILLED_MONTHS],
    schedule: [],
  }) satisfies Omit<LevelRequest, 'name'>;

/** The spec's eight programmes and fees: Licence 50 000 + 150 000/month, Master 120 000 + 200 000. */
const PROGRAMMES: { name: string; levels: LevelRequest[] }[] = [
  'Licence Informatique',
  'Licence Droit',
  'Licence Economie',
  'Master Informatique',
  'Licence Commerce',
  'Master Droit',
  'Licence Gestion',
  'Master Commerce',
].map((name) => {
  if (name.startsWith('Licence')) {
    return {
      name,
      levels: ['L1', 'L2', 'L3'].map((level) => ({ name: level, ...monthly(50_000, 150_000) })),
    };
  }
  const m2: LevelRequest =
    name === 'Master Droit'
      ? {
          name: 'M2',
          registrationFee: 120_000,
          feeMode: 'schedule',
          monthlyFee: 0,
          billedMonths: [...DEFAULT_BILLED_MONTHS],
          schedule: [
            { label: '1re tranche', amount: 800_000, dueMonth: 10, dueDay: 15 },
            { label: '2e tranche', amount: 600_000, dueMonth: 1, dueDay: 15 },
            { label: '3e tranche', amount: 600_000, dueMonth: 4, dueDay: 15 },
          ],
        }
      : { name: 'M2', ...monthly(120_000, 200_000) };
  return { name, levels: [{ name: 'M1', ...monthly(120_000, 200_000) }, m2] };
});

/** 28 students (7 pages of 4 in the spec's list), Togolese names, families sharing a parent. */
const STUDENTS: [string, string, string, StudentStatus][] = [
  ['Kossi Agbéko', 'Licence Informatique', 'L1', 'active'],
  ['Afi Agbéko', 'Licence Droit', 'L2', 'active'],
  ['Yao Mensah', 'Licence Economie', 'L3', 'active'],
  ['Ama Lawson', 'Master Informatique', 'M1', 'active'],
  ['Komi Dossou', 'Licence Commerce', 'L1', 'suspended'],
  ['Essi Kpodar', 'Master Droit', 'M2', 'active'],
  ['Edem Adjovi', 'Licence Gestion', 'L2', 'active'],
  ['Yawa Amegah', 'Master Commerce', 'M1', 'pending'],
  ['Kodjo Tchalla', 'Licence Informatique', 'L2', 'active'],
  ['Akouvi Tchalla', 'Licence Informatique', 'L1', 'active'],
  ['Mawuli Dogbé', 'Licence Droit', 'L1', 'active'],
  ['Sena Gbadoe', 'Licence Economie', 'L1', 'pending'],
  ['Elom Ayivi', 'Master Informatique', 'M2', 'active'],
  ['Dela Kuassi', 'Licence Commerce', 'L2', 'active'],
  ['Abla Kuassi', 'Licence Commerce', 'L3', 'active'],
  ['Kafui Attiogbé', 'Master Droit', 'M1', 'active'],
  ['Sélom Agbodjan', 'Licence Gestion', 'L3', 'active'],
  ['Enyonam Fiagbé', 'Master Commerce', 'M2', 'active'],
  ['Koffi Amouzou', 'Licence Informatique', 'L3', 'active'],
  ['Adjoa Amouzou', 'Licence Economie', 'L2', 'active'],
  ['Folly Gaba', 'Licence Droit', 'L3', 'pending'],
  ['Délali Hounkpati', 'Master Informatique', 'M1', 'active'],
  ['Kokou Sodji', 'Licence Gestion', 'L1', 'active'],
  ['Mawuena Akakpo', 'Master Droit', 'M2', 'active'],
  ['Eyram Klutse', 'Licence Commerce', 'L1', 'active'],
  ['Nana Afeto', 'Licence Economie', 'L3', 'active'],
  ['Atsu Djossou', 'Master Commerce', 'M1', 'active'],
  ['Dzifa Logossou', 'Licence Informatique', 'L2', 'active'],
];

/** Parents' first names, with the relation they have to their children. */
const PARENTS: [string, 'mother' | 'father'][] = [
  ['Akossiwa', 'mother'],
  ['Komlan', 'father'],
  ['Adjo', 'mother'],
  ['Kwami', 'father'],
  ['Ablavi', 'mother'],
  ['Messan', 'father'],
  ['Afiwa', 'mother'],
];

/** Age reached in September by a student who never repeated a year: L1 18 … M2 22. */
const LEVEL_AGES: Record<string, number> = { L1: 18, L2: 19, L3: 20, M1: 21, M2: 22 };
/** Students back to school as adults (« reprise d’études »): their age in September. */
const MATURE_AGES = new Map([
  [3, 31],
  [17, 38],
  [26, 44],
]);
/** Applicants who did not give their birth date (counted apart by « Statistiques »). */
const WITHOUT_BIRTH_DATE = new Set([11, 20]);

/**
 * The demo student's birth date, deterministic and consistent with the level: the level's usual
 * age in September of the school year, up to two years older (a repeated year, a late start),
 * or a mature student's; none for two pending applicants.
 */
export function demoBirthDate(index: number, level: string, schoolYearStart: number) {
  if (WITHOUT_BIRTH_DATE.has(index)) return null;
  const age = MATURE_AGES.get(index) ?? (LEVEL_AGES[level] ?? 18) + (index % 3);
  const month = ((index * 5) % 12) + 1;
  const day = ((index * 7) % 28) + 1;
  // Born after September: the age is reached during the school year.
  const year = schoolYearStart - age - (month > 9 ? 1 : 0);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The school year in progress in `today`: September to July. */
function currentSchoolYear(today: string) {
  const year = Number(today.slice(0, 4));
  const start = Number(today.slice(5, 7)) >= 8 ? year : year - 1;
  return {
    label: `${start}-${start + 1}`,
    startsOn: `${start}-09-01`,
    endsOn: `${start + 1}-07-31`,
  };
}

/**
 * The demo school's programmes, students, guardians (families), enrolments with their issued
 * invoices and two scholarships, written through the same services as the screens. Runs once:
 * a school that already has programmes is left as it is.
 */
export async function seedDemoSchoolData(db: Database, organizationId: string): Promise<boolean> {
  const existing = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from programmes where organization_id = ${organizationId}`,
  );
  if ((existing.rows[0]?.n ?? 0) > 0) return false;
  const acting = systemActor(organizationId, 'Données de démonstration');
  const settings = await getBillingSettings(db, organizationId);
  await saveBillingSettings(db, acting, {
    ...settings,
    siblingDiscount: { enabled: true, secondChildPercent: 10, thirdChildPercent: 15 },
    lateFee: { enabled: true, graceDays: 15, kind: 'fixed', value: 2_000, cap: 10_000 },
  });
  const schoolYear = currentSchoolYear(dayIn('Africa/Lome'));
  const year = await createAcademicYear(db, acting, { ...schoolYear, current: true });
  const yearStart = Number(schoolYear.startsOn.slice(0, 4));
  const levels = new Map<string, string>();
  const programmeIds = new Map<string, string>();
  for (const programme of PROGRAMMES) {
    const created = await createProgramme(db, acting, { name: programme.name });
    programmeIds.set(programme.name, created.id);
    for (const level of programme.levels) {
      const row = await createLevel(db, acting, created.id, level);
      levels.set(`${programme.name}/${level.name}`, row.id);
    }
  }
  const families = new Map<string, { phone: string; parent: [string, 'mother' | 'father'] }>();
  for (const [index, [fullName, programme, level, status]] of STUDENTS.entries()) {
    const student = await createStudent(
      db,
      acting,
      {
        fullName,
        phone: `+2289${String(1_000_000 + index * 7_919).padStart(7, '0')}`,
        email: null,
        birthDate: demoBirthDate(index, level, yearStart),
        programmeId: programmeIds.get(programme)!,
        status,
      },
      studentBalanceQueries,
    );
    const familyName = fullName.split(' ').slice(1).join(' ');
    const family = families.get(familyName) ?? {
      phone: `+2287${String(9_000_000 + index * 1_237).padStart(7, '0')}`,
      parent: PARENTS[index % PARENTS.length]!,
    };
    families.set(familyName, family);
    const { phone } = family;
    const [parentFirstName, relation] = family.parent;
    await addGuardian(db, acting, student.id, {
      fullName: `${parentFirstName} ${familyName}`,
      phone,
      email: `${parentFirstName.toLowerCase()}.${familyName
        .toLowerCase()
        .normalize('NFD')
        .replace(/\p{Diacritic}/gu, '')
        .replace(/\s+/g, '-')}@exemple.tg`,
      relation,
      mainPayer: true,
    });
    if (status === 'active') {
      await enrolStudent(db, acting, student.id, {
        levelId: levels.get(`${programme}/${level}`)!,
        academicYearId: year.id,
      });
    }
    if (index === 3) {
      // Recommended, then granted: the demo shows a decided scholarship and its lines.
      const excellence = await createScholarship(db, acting, {
        studentId: student.id,
        academicYearId: year.id,
        name: 'Bourse d’excellence',
        kind: 'percent',
        value: 25,
        reason: 'Major de la promotion 2025',
      });
      await decideScholarship(db, acting, excellence.id, { decision: 'granted' });
    }
    if (index === 6) {
      await createScholarship(db, acting, {
        studentId: student.id,
        academicYearId: year.id,
        name: 'Aide sociale',
        kind: 'fixed',
        value: 300_000,
        reason: 'Situation familiale difficile',
      });
    }
  }
  return true;
}
