import { ProgrammeMessages } from '../programmes';
import { AdmissionMessages } from '../admissions';
import { defineError } from './define';

/** Academic years, programmes and levels (module `programmes`). */
export const programmeErrors = {
  /** 404 — no programme with that id in the school (400 when named by a form's field). */
  PROGRAMME_NOT_FOUND: defineError(404, ProgrammeMessages.programmeNotFound),
  /** 404 — no level with that id in the school. */
  LEVEL_NOT_FOUND: defineError(404, ProgrammeMessages.levelNotFound),
  /** 404 — no academic year with that id in the school (400 when named by a form's field). */
  YEAR_NOT_FOUND: defineError(404, ProgrammeMessages.yearNotFound),
  /** 409 — a programme name another programme of the school has. */
  PROGRAMME_NAME_TAKEN: defineError(409, ProgrammeMessages.programmeNameTaken),
  /** 409 — a level name another level of that programme has. */
  LEVEL_NAME_TAKEN: defineError(409, ProgrammeMessages.levelNameTaken),
  /** 409 — an academic year label the school already has. */
  YEAR_LABEL_TAKEN: defineError(409, ProgrammeMessages.yearLabelTaken),
  /** 400 — an academic year ending before it starts. */
  YEAR_DATES: defineError(400, ProgrammeMessages.yearDates),
  /** 409 — enrolling while the school has no current academic year. */
  NO_CURRENT_YEAR: defineError(409, ProgrammeMessages.noCurrentYear),
  /** 409 — changing or using an archived programme (400 when named by a form's field). */
  PROGRAMME_ARCHIVED: defineError(409, ProgrammeMessages.programmeArchived),
  /** 409 — enrolling in an archived level. */
  LEVEL_ARCHIVED: defineError(409, ProgrammeMessages.levelArchived),
};

/** Pre-registrations from the public site (module `admissions`). */
export const admissionErrors = {
  /** 404 — no pre-registration with that id in the school. */
  ADMISSION_NOT_FOUND: defineError(404, AdmissionMessages.notFound),
  /** 409 — accepting or refusing a pre-registration already decided. */
  ADMISSION_ALREADY_DECIDED: defineError(409, AdmissionMessages.alreadyDecided),
  /** 409 — accepting while the school has no current academic year. */
  ADMISSION_NO_CURRENT_YEAR: defineError(409, AdmissionMessages.noCurrentYear),
};
