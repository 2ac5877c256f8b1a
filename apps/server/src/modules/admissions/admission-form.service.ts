import {
  AdmissionMessages,
  admissionFormSchema,
  birthDateProblem,
  BirthDateMessages,
  readBirthDate,
  DEFAULT_PHONE_COUNTRY,
  domainErrorMessage,
  toE164,
  westAfricanPhoneCountries,
  type AdmissionForm,
} from '@ecolage/contracts';
import type { Database, DbOrTx } from '../../platform/db/database';
import { systemActor, type ActingMember } from '../../platform/http/acting-member';
import { publishEvent } from '../../platform/outbox/outbox';
import { recordAuditEntry } from '../audit';
import { schoolToday, type Organization } from '../organizations';
import { findCurrentAcademicYear, findLevel } from '../programmes';
import { insertStudent } from '../students';
import { notifySubmitted } from './admission-messages';
import { findOfferedLevels } from './admission-list.reads';
import {
  findAdmissionSettings,
  offersProgramme,
  type AdmissionSettings,
} from './school-pages/admission-settings.repository';
import {
  findRepeatedAdmission,
  insertAdmission,
  lockSchoolAdmissions,
} from './admissions.repository';

/**
 * The public pre-registration form `/inscription/<school-slug>`: what it offers, and a
 * submission turned into a student « En attente » and a request for the school to examine.
 */

export const admissionFields = [
  'name',
  'email',
  'phone',
  'gender',
  'country',
  'programmeId',
  'levelId',
  'birthDate',
] as const;
export type AdmissionField = (typeof admissionFields)[number];
/** The form as typed: strings, kept to show them again beside their errors. */
export type TypedAdmission = Record<AdmissionField, string>;
export type AdmissionErrors = Partial<Record<AdmissionField, string>>;

export interface OfferedProgramme {
  id: string;
  name: string;
  levels: { id: string; name: string }[];
}

/** The label of the actor who files online requests, in the audit journal and the history. */
export const ONLINE_FORM_ACTOR = 'Inscription en ligne';
/** A request from the same e-mail or phone within this time is the same request. */
const REPEAT_WINDOW_MS = 60 * 60 * 1000;

/**
 * Whether the form is open, the programmes it offers with their levels (those the school chose in
 * « Pages »), and the current school year's label.
 */
export async function admissionFormOffer(db: DbOrTx, organizationId: string) {
  const [rows, year, settings, today] = await Promise.all([
    findOfferedLevels(db, organizationId),
    findCurrentAcademicYear(db, organizationId),
    findAdmissionSettings(db, organizationId),
    schoolToday(db, organizationId),
  ]);
  const programmes: OfferedProgramme[] = [];
  for (const row of rows) {
    if (!offersProgramme(settings, row.programmeId)) continue;
    let programme = programmes.find((candidate) => candidate.id === row.programmeId);
    if (!programme) {
      programme = { id: row.programmeId, name: row.programmeName, levels: [] };
      programmes.push(programme);
    }
    programme.levels.push({ id: row.levelId, name: row.levelName });
  }
  return { open: settings.open, programmes, yearLabel: year?.label ?? null, today };
}

/** What was posted, field by field, as text (a repeated field counts once, anything else as empty). */
export function typedAdmission(body: unknown): TypedAdmission {
  const posted = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const text = (value: unknown): string =>
    typeof value === 'string' ? value : Array.isArray(value) ? text(value[0]) : '';
  return Object.fromEntries(
    admissionFields.map((field) => [field, text(posted[field]).slice(0, 500)]),
  ) as TypedAdmission;
}

function phoneOf(form: AdmissionForm): string | null {
  // A West African applicant's number is read in its own plan; any other as Togolese.
  const country =
    westAfricanPhoneCountries.find((code) => code === form.country) ?? DEFAULT_PHONE_COUNTRY;
  return toE164(form.phone, country);
}

type Checked =
  | {
      ok: true;
      form: AdmissionForm;
      phone: string;
      programme: string;
      level: string;
      birthDate: string | null;
    }
  | { ok: false; errors: AdmissionErrors };

/**
 * The optional « Date de naissance »: `AAAA-MM-JJ` (what a date input posts) or `JJ/MM/AAAA`
 * (typed where the browser has no date picker); from 1900 to the school's today.
 */
async function checkBirthDate(db: DbOrTx, organizationId: string, typed: string) {
  const text = typed.trim();
  if (!text) return { birthDate: null };
  const day = readBirthDate(text);
  const problem = day
    ? birthDateProblem(day, await schoolToday(db, organizationId))
    : BirthDateMessages.invalid;
  return problem ? { error: problem } : { birthDate: day };
}

/** The spec's messages, one per field; then the phone's plan and the level the school offers. */
async function checkAdmission(
  db: DbOrTx,
  organizationId: string,
  settings: AdmissionSettings,
  typed: TypedAdmission,
): Promise<Checked> {
  const parsed = admissionFormSchema.safeParse(typed);
  const born = await checkBirthDate(db, organizationId, typed.birthDate);
  if (!parsed.success) {
    const errors: AdmissionErrors = born.error ? { birthDate: born.error } : {};
    for (const issue of parsed.error.issues) {
      const field = admissionFields.find((name) => name === issue.path[0]);
      if (field && !errors[field]) errors[field] = issue.message;
    }
    return { ok: false, errors };
  }
  const form = parsed.data;
  const errors: AdmissionErrors = born.error ? { birthDate: born.error } : {};
  const phone = phoneOf(form);
  if (!phone) errors.phone = AdmissionMessages.phoneInvalid;
  const found = await findLevel(db, organizationId, form.levelId);
  const sameProgramme = found?.level.programmeId === form.programmeId;
  const offered = found && sameProgramme && !found.level.archivedAt && !found.programme.archivedAt;
  // A level of the school's other programme (a form posted without its script): say which fault.
  if (!offered) {
    errors.levelId =
      found && !sameProgramme
        ? AdmissionMessages.levelOfOtherProgramme
        : AdmissionMessages.levelNotOffered;
  }
  // A programme the school does not open to the online form (« Pages »).
  const opened = offersProgramme(settings, form.programmeId);
  if (!opened) errors.programmeId = domainErrorMessage('ADMISSION_PROGRAMME_NOT_OFFERED', {});
  if (!phone || !found || !offered || !opened || born.error) return { ok: false, errors };
  const birthDate = born.birthDate ?? null;
  return {
    ok: true,
    form,
    phone,
    programme: found.programme.name,
    level: found.level.name,
    birthDate,
  };
}

export type SubmitOutcome =
  | { ok: true; repeated: boolean; admissionId: string }
  | { ok: false; errors: AdmissionErrors }
  /** The school closed its online form (ADMISSIONS_CLOSED). */
  | { ok: false; closed: true };

/**
 * Files a request in one transaction: the student « En attente » (next matricule), the request,
 * the audit entry, the e-mail to the school and the applicant's SMS. The same request again
 * (same e-mail for the same level while it waits, or same e-mail or phone within the hour)
 * gets the same answer and creates nothing.
 */
export async function submitAdmission(
  db: Database,
  school: Pick<Organization, 'id' | 'name' | 'contactEmail'>,
  typed: TypedAdmission,
  visitor: { ip: string | null; userAgent: string | null },
): Promise<SubmitOutcome> {
  const settings = await findAdmissionSettings(db, school.id);
  if (!settings.open) return { ok: false, closed: true };
  const checked = await checkAdmission(db, school.id, settings, typed);
  if (!checked.ok) return checked;
  const { form, phone } = checked;
  return db.transaction(async (tx) => {
    await lockSchoolAdmissions(tx, school.id);
    const since = new Date(Date.now() - REPEAT_WINDOW_MS);
    const repeated = await findRepeatedAdmission(tx, school.id, { ...form, phone, since });
    if (repeated) return { ok: true, repeated: true, admissionId: repeated.id };
    const acting: ActingMember = { ...systemActor(school.id, ONLINE_FORM_ACTOR), ...visitor };
    const student = await insertStudent(tx, acting, {
      fullName: form.name,
      phone,
      email: form.email,
      birthDate: checked.birthDate,
      programmeId: form.programmeId,
      status: 'pending',
      statusReason: 'Demande d’inscription en ligne',
    });
    const admission = await insertAdmission(tx, {
      organizationId: school.id,
      studentId: student.id,
      fullName: form.name,
      email: form.email,
      phone,
      gender: form.gender,
      country: form.country,
      programmeId: form.programmeId,
      levelId: form.levelId,
      ip: visitor.ip,
    });
    await recordAuditEntry(tx, {
      organizationId: school.id,
      actor: acting.actor,
      action: 'admission.submitted',
      resourceType: 'admission',
      resourceId: admission.id,
      category: 'student',
      details: {
        candidat: form.name,
        matricule: student.matricule,
        programme: checked.programme,
        niveau: checked.level,
        téléphone: phone,
        'e-mail': form.email,
        ...(checked.birthDate ? { 'date de naissance': checked.birthDate } : {}),
      },
      ip: visitor.ip,
      userAgent: visitor.userAgent,
    });
    // The bell and the e-mail copies of the members who want them (notifications), automations.
    await publishEvent(
      tx,
      'admission.received',
      {
        admissionId: admission.id,
        studentId: student.id,
        studentName: form.name,
        applicantName: form.name,
        applicantPhone: phone,
        programmeId: form.programmeId ?? null,
        levelId: form.levelId ?? null,
        receivedAt: admission.createdAt.toISOString(),
      },
      { organizationId: school.id, aggregateId: admission.id },
    );
    await notifySubmitted(tx, {
      school,
      admission,
      matricule: student.matricule,
      contactEmail: school.contactEmail,
      programme: checked.programme,
      level: checked.level,
    });
    return { ok: true, repeated: false, admissionId: admission.id };
  });
}
