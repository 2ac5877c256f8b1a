import {
  birthDateProblem,
  BirthDateMessages,
  invalidPhoneMessage,
  readBirthDate,
  ProgrammeMessages,
  StudentMessages,
  studentImportColumns,
  toE164,
  type GuardianRelation,
  type ImportIssue,
  type StudentImportColumnKey,
  type StudentStatus,
} from '@ecolage/contracts';
import { foldForSearch } from '../../../platform/search-text';
import {
  cleanText,
  readEmail,
  readRelation,
  readStatus,
  relationHint,
  statusHint,
  yearKey,
} from './import-values';
import type { RawRow } from './read-import-file';

/** A checked line as kept between the preview and the commit (JSON in `student_imports.rows`). */
export interface CheckedRow {
  line: number;
  valid: boolean;
  /** Whether a student of the school has this matricule (at preview time). */
  action: 'create' | 'update';
  matricule: string | null;
  fullName: string;
  /** E.164 once valid; empty cells are null (an update keeps the current value). */
  phone: string | null;
  email: string | null;
  /** `YYYY-MM-DD`; null when the cell is empty (an update keeps the current value). */
  birthDate?: string | null;
  /** Null: `active` for a new student, unchanged for an update. */
  status: StudentStatus | null;
  programme: string | null;
  programmeId: string | null;
  level: string | null;
  levelId: string | null;
  yearId: string | null;
  guardianName: string | null;
  guardianPhone: string | null;
  guardianEmail: string | null;
  relation: GuardianRelation | null;
}

/** What the school has that the lines refer to. */
export interface ImportReference {
  /** Programmes not archived, with their levels not archived. */
  programmes: { id: string; name: string; levels: { id: string; name: string }[] }[];
  years: { id: string; label: string; isCurrent: boolean }[];
  /** The school's students whose matricule appears in the file. */
  existing: Map<string, { id: string; archived: boolean }>;
  /** Active enrolments of those students: `studentId:yearId` → level id. */
  activeEnrolments: Map<string, string>;
  /** The school's calendar day: a birth date after it is refused. */
  today: string;
}

const MAX_MATRICULE = 40;
const MAX_NAME = 120;
const header = Object.fromEntries(
  studentImportColumns.map((column) => [column.key, column.header]),
) as Record<StudentImportColumnKey, string>;

function indexReference(reference: ImportReference) {
  const programmes = new Map(
    reference.programmes.map((programme) => [
      foldForSearch(programme.name),
      {
        ...programme,
        levels: new Map(programme.levels.map((level) => [foldForSearch(level.name), level])),
      },
    ]),
  );
  const years = new Map<string, { id: string; label: string }>(
    reference.years.map((year) => [yearKey(year.label), year]),
  );
  const currentYear: { id: string; label: string } | null =
    reference.years.find((year) => year.isCurrent) ?? null;
  return { programmes, years, currentYear };
}

type Fail = (key: StudentImportColumnKey | null, message: string) => void;
type Cells = (key: StudentImportColumnKey) => string | null;
type Indexed = ReturnType<typeof indexReference>;

/** The programme, level and year of a line: the enrolment it asks for. */
function checkEnrolment(cells: Cells, fail: Fail, indexed: Indexed) {
  const programmeText = cells('programme');
  const programme = programmeText
    ? indexed.programmes.get(foldForSearch(programmeText))
    : undefined;
  if (programmeText && !programme) fail('programme', `Programme inconnu : « ${programmeText} ».`);
  const levelText = cells('level');
  const level = levelText && programme ? programme.levels.get(foldForSearch(levelText)) : undefined;
  if (levelText && !programmeText) {
    fail('programme', `Indiquez le programme du niveau « ${levelText} ».`);
  } else if (levelText && programme && !level) {
    fail('level', `Niveau inconnu dans « ${programme.name} » : « ${levelText} ».`);
  }
  const yearText = cells('year');
  const year = yearText
    ? indexed.years.get(yearKey(yearText))
    : levelText
      ? indexed.currentYear
      : null;
  if (yearText && !year) fail('year', `Année scolaire inconnue : « ${yearText} ».`);
  if (!yearText && levelText && !indexed.currentYear) {
    fail('year', ProgrammeMessages.noCurrentYear);
  }
  return {
    programme: programme?.name ?? programmeText,
    programmeId: programme?.id ?? null,
    level: level?.name ?? levelText,
    levelId: level?.id ?? null,
    yearId: level && year ? year.id : null,
  };
}

/** « Date de naissance »: JJ/MM/AAAA, AAAA-MM-JJ or an Excel date cell (read as AAAA-MM-JJ). */
function checkBirthDate(text: string | null, fail: Fail, today: string): string | null {
  if (!text) return null;
  const day = readBirthDate(text);
  if (!day) {
    fail('birthDate', `${BirthDateMessages.invalid} Format attendu : JJ/MM/AAAA. (« ${text} »)`);
    return null;
  }
  const problem = birthDateProblem(day, today);
  if (problem) {
    fail('birthDate', `${problem} (« ${text} »)`);
    return null;
  }
  return day;
}

/** The guardian of a line: name and phone go together; a phone is one family. */
function checkGuardian(cells: Cells, fail: Fail) {
  const guardianName = cells('guardianName');
  const phoneText = cells('guardianPhone');
  const emailText = cells('guardianEmail');
  const relationText = cells('guardianRelation');
  const phone = phoneText ? toE164(phoneText) : null;
  const email = emailText ? readEmail(emailText) : null;
  const relation = relationText ? readRelation(relationText) : null;
  const hasGuardian = Boolean(guardianName || phoneText || emailText || relationText);
  const required = 'obligatoire quand un responsable est indiqué.';
  if (hasGuardian && !guardianName) {
    fail('guardianName', `Le nom du responsable est ${required}`);
  } else if (guardianName && guardianName.length > MAX_NAME) {
    fail('guardianName', `${MAX_NAME} caractères au plus.`);
  }
  if (hasGuardian && !phoneText)
    fail('guardianPhone', `Le téléphone du responsable est ${required}`);
  else if (phoneText && !phone) fail('guardianPhone', invalidPhoneMessage);
  if (emailText && !email) fail('guardianEmail', 'Adresse e-mail invalide.');
  if (relationText && !relation) {
    fail(
      'guardianRelation',
      `Lien inconnu : « ${relationText} ». Valeurs possibles : ${relationHint}.`,
    );
  }
  return {
    guardianName,
    guardianPhone: phone ?? phoneText,
    guardianEmail: email ?? emailText,
    relation: hasGuardian ? (relation ?? 'other') : null,
  };
}

/**
 * Checks every line against the rules of a student, a guardian and an enrolment, and the
 * school's programmes, levels and years. Returns every line (valid or not) and every problem,
 * each with its line, its column (template header) and a French sentence.
 */
export function validateRows(rows: RawRow[], reference: ImportReference) {
  const indexed = indexReference(reference);
  const firstLineOf = new Map<string, number>();
  const issues: ImportIssue[] = [];
  const checked: CheckedRow[] = [];

  for (const raw of rows) {
    const rowIssues: ImportIssue[] = [...raw.issues];
    const fail: Fail = (key, message) =>
      rowIssues.push({ line: raw.line, column: key ? header[key] : null, message });
    const cells: Cells = (key) => cleanText(raw.values[key]) || null;

    const matricule = cells('matricule');
    const fullName = cells('fullName') ?? '';
    if (!fullName) fail('fullName', StudentMessages.nameRequired);
    else if (fullName.length > MAX_NAME) fail('fullName', `${MAX_NAME} caractères au plus.`);
    const existing = matricule ? reference.existing.get(matricule) : undefined;
    if (matricule) {
      const first = firstLineOf.get(matricule);
      if (matricule.length > MAX_MATRICULE) {
        fail('matricule', `Le matricule compte ${MAX_MATRICULE} caractères au plus.`);
      } else if (first !== undefined) {
        fail('matricule', `Matricule en double : il figure déjà à la ligne ${first}.`);
      } else {
        firstLineOf.set(matricule, raw.line);
      }
      if (existing?.archived) fail('matricule', StudentMessages.archived);
    }
    const phoneText = cells('phone');
    const phone = phoneText ? toE164(phoneText) : null;
    if (phoneText && !phone) fail('phone', invalidPhoneMessage);
    const emailText = cells('email');
    const email = emailText ? readEmail(emailText) : null;
    if (emailText && !email) fail('email', 'Adresse e-mail invalide.');
    const birthDate = checkBirthDate(cells('birthDate'), fail, reference.today);
    const statusText = cells('status');
    const status = statusText ? readStatus(statusText) : null;
    if (statusText && !status) {
      fail('status', `Statut inconnu : « ${statusText} ». Valeurs possibles : ${statusHint}.`);
    }

    const enrolment = checkEnrolment(cells, fail, indexed);
    if (existing && enrolment.levelId && enrolment.yearId) {
      const enrolled = reference.activeEnrolments.get(`${existing.id}:${enrolment.yearId}`);
      if (enrolled && enrolled !== enrolment.levelId) {
        fail('level', StudentMessages.otherLevelThisYear);
      }
    }
    const guardian = checkGuardian(cells, fail);

    issues.push(...rowIssues);
    checked.push({
      line: raw.line,
      valid: rowIssues.length === 0,
      action: existing ? 'update' : 'create',
      matricule,
      fullName,
      phone: phone ?? phoneText,
      email: email ?? emailText,
      birthDate,
      status,
      ...enrolment,
      ...guardian,
    });
  }
  return { rows: checked, issues, validRows: checked.filter((row) => row.valid).length };
}
