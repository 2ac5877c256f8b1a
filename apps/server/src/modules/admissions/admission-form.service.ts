import {
  AdmissionMessages,
  admissionFormSchema,
  birthDateProblem,
  BirthDateMessages,
  couponCodeSchema,
  CouponMessages,
  readBirthDate,
  DEFAULT_PHONE_COUNTRY,
  domainErrorMessage,
  toE164,
  westAfricanPhoneCountries,
  type AdmissionForm,
} from '@ecolage/contracts';
import type { Database, DbOrTx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { systemActor, type ActingMember } from '../../platform/http/acting-member';
import { publishEvent } from '../../platform/outbox/outbox';
import { recordAuditEntry } from '../audit';
import { schoolToday, type Organization } from '../organizations';
import { findCurrentAcademicYear, findLevel } from '../programmes';
import { reserveCoupon } from '../billing';
import { subscribeToSchoolNews, verifyCampaignTouch } from '../marketing';
import { insertStudent } from '../students';
import { notifySubmitted } from './admission-messages';
import { campaignName, findOfferedLevels } from './admission-list.reads';
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
  /** « Code promo (facultatif) »: billing's coupon, held for the request (reserveCoupon). */
  'couponCode',
  /** « Recevoir les nouvelles de l'école par e-mail ou SMS »: posted only when ticked. */
  'news',
  /** The campaign touch the browser kept (hidden; marketing's signed token). */
  'campaignTouch',
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
      /** Upper-cased; null when the field was left empty. */
      couponCode: string | null;
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

/** The optional « Code promo »: its format here, whether the school has it at submission. */
function checkCouponCode(typed: string): { code?: string; error?: string } {
  if (!typed.trim()) return {};
  const parsed = couponCodeSchema.safeParse(typed);
  return parsed.success
    ? { code: parsed.data }
    : { error: parsed.error.issues[0]?.message ?? CouponMessages.codeFormat };
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
  const coupon = checkCouponCode(typed.couponCode);
  const firstErrors = (): AdmissionErrors => ({
    ...(born.error ? { birthDate: born.error } : {}),
    ...(coupon.error ? { couponCode: coupon.error } : {}),
  });
  if (!parsed.success) {
    const errors = firstErrors();
    for (const issue of parsed.error.issues) {
      const field = admissionFields.find((name) => name === issue.path[0]);
      if (field && !errors[field]) errors[field] = issue.message;
    }
    return { ok: false, errors };
  }
  const form = parsed.data;
  const errors = firstErrors();
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
  if (!phone || !found || !offered || !opened || born.error || coupon.error) {
    return { ok: false, errors };
  }
  const birthDate = born.birthDate ?? null;
  return {
    ok: true,
    form,
    phone,
    programme: found.programme.name,
    level: found.level.name,
    birthDate,
    couponCode: coupon.code ?? null,
  };
}

export type SubmitOutcome =
  | { ok: true; repeated: boolean; admissionId: string }
  | { ok: false; errors: AdmissionErrors }
  /** The school closed its online form (ADMISSIONS_CLOSED). */
  | { ok: false; closed: true };

/** The school's coupon refused (unknown, expired, exhausted…): said beside « Code promo ». */
function isCouponRefusal(error: unknown): error is AppError {
  return error instanceof AppError && error.code.startsWith('COUPON_') && error.statusCode < 500;
}

/**
 * Files a request in one transaction: the student « En attente » (next matricule), the request
 * (attributed to the campaign whose touch the browser kept, when marketing verifies it), the
 * coupon's use held (billing), the subscription to the school's news when ticked (marketing),
 * the audit entry, the e-mail to the school and the applicant's SMS. A coupon refused writes
 * nothing and says why beside its field. The same request again (same e-mail for the same level
 * while it waits, or same e-mail or phone within the hour) gets the same answer and creates
 * nothing.
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
  try {
    return await fileAdmission(db, school, typed, checked, visitor);
  } catch (error) {
    if (!isCouponRefusal(error)) throw error;
    return { ok: false, errors: { couponCode: error.message } };
  }
}

async function fileAdmission(
  db: Database,
  school: Pick<Organization, 'id' | 'name' | 'contactEmail'>,
  typed: TypedAdmission,
  checked: Extract<Checked, { ok: true }>,
  visitor: { ip: string | null; userAgent: string | null },
): Promise<SubmitOutcome> {
  const { form, phone } = checked;
  return db.transaction(async (tx) => {
    await lockSchoolAdmissions(tx, school.id);
    const since = new Date(Date.now() - REPEAT_WINDOW_MS);
    const repeated = await findRepeatedAdmission(tx, school.id, { ...form, phone, since });
    if (repeated) return { ok: true, repeated: true, admissionId: repeated.id };
    const acting: ActingMember = { ...systemActor(school.id, ONLINE_FORM_ACTOR), ...visitor };
    // A touch that cannot be verified (altered, older than 30 days, another school's) is simply
    // not attributed: never an error for the applicant.
    const touch = typed.campaignTouch.trim()
      ? await verifyCampaignTouch(tx, school.id, typed.campaignTouch, new Date())
      : null;
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
      campaignId: touch?.campaignId ?? null,
      campaignTouchedAt: touch?.touchedAt ?? null,
    });
    if (checked.couponCode) {
      await reserveCoupon(tx, acting, {
        code: checked.couponCode,
        admissionId: admission.id,
        studentId: student.id,
        programmeId: form.programmeId,
        levelId: form.levelId,
      });
    }
    const news = typed.news !== '';
    if (news) {
      await subscribeToSchoolNews(tx, school.id, {
        email: form.email,
        phone,
        name: form.name,
        source: 'pre_registration',
      });
    }
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
        ...(touch ? { campagne: await campaignName(tx, school.id, touch.campaignId) } : {}),
        ...(checked.couponCode ? { 'code promo': checked.couponCode } : {}),
        ...(news ? { 'nouvelles de l’école': true } : {}),
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
