import type { TFunction } from 'i18next';
import { DEFAULT_BILLED_MONTHS, levelRequestSchema, ProgrammeMessages } from '@ecolage/contracts';
import type { FormSchema } from '../../components/ui/form';
import type { SchemaIssue } from '../../components/ui/form-issues';
import type { FeeMode, Level, LevelRequest } from '@ecolage/contracts';
import { amountOrZero, amountText, readAmount, readWhole } from '../../lib/amounts';
import { inSchoolOrder } from './months';
import { errorsOf } from './form-errors';

/** One row of the fee schedule editor, as typed (`key` only keeps React's rows apart). */
export interface ScheduleRow {
  key: string;
  label: string;
  amount: string;
  dueDay: string;
  /** `"1"`–`"12"`. */
  dueMonth: string;
}

/** The level form as typed: amounts stay text until sent. */
export interface LevelValues {
  name: string;
  registrationFee: string;
  feeMode: FeeMode;
  monthlyFee: string;
  billedMonths: number[];
  schedule: ScheduleRow[];
}

let rowCount = 0;

/** A new, empty schedule row. */
export function emptyRow(): ScheduleRow {
  rowCount += 1;
  return { key: `row-${rowCount}`, label: '', amount: '', dueDay: '', dueMonth: '' };
}

/** The form of a new level (no fee typed yet, October to July billed), or of `level`. */
export function initialValues(level: Level | null, language: string): LevelValues {
  if (!level) {
    return {
      name: '',
      registrationFee: '',
      feeMode: 'monthly',
      monthlyFee: '',
      billedMonths: [...DEFAULT_BILLED_MONTHS],
      schedule: [],
    };
  }
  return {
    name: level.name,
    registrationFee: amountText(level.registrationFee, language),
    feeMode: level.feeMode,
    monthlyFee: level.feeMode === 'monthly' ? amountText(level.monthlyFee, language) : '',
    billedMonths:
      level.feeMode === 'monthly' && level.billedMonths.length > 0
        ? inSchoolOrder(level.billedMonths)
        : [...DEFAULT_BILLED_MONTHS],
    schedule: level.schedule.map((item) => ({
      ...emptyRow(),
      label: item.label,
      amount: amountText(item.amount, language),
      dueDay: String(item.dueDay),
      dueMonth: String(item.dueMonth),
    })),
  };
}

/** Messages of the fields left empty, in the reader's language. */
export interface MissingMessages {
  registrationFee: string;
  monthlyFee: string;
  amount: string;
  dueDay: string;
  dueMonth: string;
}

/**
 * The request the form stands for, checked by the contracts' `levelRequestSchema` (the same
 * French messages as the server: « … doit être un nombre entier de francs (pas de centimes). »),
 * or the errors keyed by field path (`name`, `schedule.1.amount`). Only the chosen fee mode is
 * sent: the other one is cleared (the server replaces the whole grid).
 */
export function checkLevel(
  values: LevelValues,
  missing: MissingMessages,
): { request: LevelRequest; errors: null } | { request: null; errors: Record<string, string> } {
  const monthly = values.feeMode === 'monthly';
  const candidate = {
    name: values.name,
    registrationFee: readAmount(values.registrationFee),
    feeMode: values.feeMode,
    monthlyFee: monthly ? readAmount(values.monthlyFee) : 0,
    billedMonths: monthly ? inSchoolOrder(values.billedMonths) : [],
    schedule: monthly
      ? []
      : values.schedule.map((row) => ({
          label: row.label,
          amount: readAmount(row.amount),
          dueDay: readWhole(row.dueDay),
          dueMonth: readWhole(row.dueMonth),
        })),
  };
  // Both amounts must be given (0 is a value): an empty field is not « no fee ».
  const errors: Record<string, string> = {};
  if (candidate.registrationFee === undefined) errors.registrationFee = missing.registrationFee;
  if (candidate.monthlyFee === undefined) errors.monthlyFee = missing.monthlyFee;
  // The schema checks these only once every field is valid: say it at once.
  if (monthly && candidate.billedMonths.length === 0) {
    errors.billedMonths = ProgrammeMessages.monthsRequired;
  }
  if (!monthly && candidate.schedule.length === 0)
    errors.schedule = ProgrammeMessages.scheduleRequired;
  candidate.schedule.forEach((item, index) => {
    if (item.amount === undefined) errors[`schedule.${index}.amount`] = missing.amount;
    if (item.dueDay === undefined) errors[`schedule.${index}.dueDay`] = missing.dueDay;
    if (item.dueMonth === undefined) errors[`schedule.${index}.dueMonth`] = missing.dueMonth;
  });
  const parsed = levelRequestSchema.safeParse(candidate);
  const all = { ...(parsed.success ? {} : errorsOf(parsed.error.issues)), ...errors };
  if (parsed.success && Object.keys(errors).length === 0) {
    return { request: parsed.data, errors: null };
  }
  return { request: null, errors: all };
}

/** What one student pays in the year with the fees typed so far (registration included). */
export function liveYearTotal(values: LevelValues): {
  registration: number;
  tuition: number;
  total: number;
} {
  const registration = amountOrZero(readAmount(values.registrationFee));
  const tuition =
    values.feeMode === 'monthly'
      ? amountOrZero(readAmount(values.monthlyFee)) * inSchoolOrder(values.billedMonths).length
      : values.schedule.reduce((sum, row) => sum + amountOrZero(readAmount(row.amount)), 0);
  return { registration, tuition, total: registration + tuition };
}

/** The body that restores an archived level: its own grid, unchanged, and `archived: false`. */
export function restoreRequest(level: Level): LevelRequest & { archived: false } {
  return {
    name: level.name,
    registrationFee: level.registrationFee,
    feeMode: level.feeMode,
    monthlyFee: level.monthlyFee,
    billedMonths: level.billedMonths,
    schedule: level.schedule,
    archived: false,
  };
}

/** Where `checkLevel` says a field is empty: the form says it in the reader's language. */
const MISSING = '\u0000missing';
const missingAll: MissingMessages = {
  registrationFee: MISSING,
  monthlyFee: MISSING,
  amount: MISSING,
  dueDay: MISSING,
  dueMonth: MISSING,
};

/** `checkLevel` as the form kit's schema: its errors as issues, an empty field « required ». */
export const levelFormSchema: FormSchema<LevelValues, LevelRequest> = {
  _zod: undefined as unknown as FormSchema<LevelValues, LevelRequest>['_zod'],
  safeParseAsync(value) {
    const checked = checkLevel(value as LevelValues, missingAll);
    if (checked.request) return Promise.resolve({ success: true, data: checked.request });
    const issues = Object.entries(checked.errors).map(([path, problem]): SchemaIssue => {
      // An empty field is marked, not described: the kit says « required » in the reader's language.
      const empty = problem === MISSING;
      return {
        code: empty ? 'invalid_type' : 'custom',
        path: path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
        message: empty ? '' : problem,
        input: empty ? '' : undefined,
      };
    });
    return Promise.resolve({ success: false, error: { issues } });
  },
};

/** The sentences of the fields left empty (up to the 24 rows of a schedule). */
export function missingMessages(t: TFunction) {
  const rows = Array.from({ length: 24 }, (_, index) => [
    [`schedule.${index}.amount`, { required: t('programmes.schedule.amountRequired') }],
    [`schedule.${index}.dueDay`, { required: t('programmes.schedule.dueDayRequired') }],
    [`schedule.${index}.dueMonth`, { required: t('programmes.schedule.dueMonthRequired') }],
  ]).flat();
  return {
    registrationFee: { required: t('programmes.levelForm.registrationRequired') },
    monthlyFee: { required: t('programmes.levelForm.monthlyRequired') },
    ...Object.fromEntries(rows),
  };
}

/** Every path the level form may show a message under. */
export function levelErrorPaths(values: LevelValues): string[] {
  return [
    'name',
    'registrationFee',
    'feeMode',
    'monthlyFee',
    'billedMonths',
    'schedule',
    ...values.schedule.flatMap((_, index) =>
      ['label', 'amount', 'dueDay', 'dueMonth'].map((field) => `schedule.${index}.${field}`),
    ),
  ];
}
