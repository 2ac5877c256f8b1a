import { BirthDateMessages, StudentMessages } from '../students';
import { ImportMessages } from '../student-import';
import { defineError } from './define';

/** Students, guardians and enrolments (modules `students`, `billing/enrolment`). */
export const studentErrors = {
  /** 404 — no student with that id in the school (400 when named by a form's field). */
  STUDENT_NOT_FOUND: defineError(404, StudentMessages.notFound),
  /** 404 — no guardian with that id in the school, or not linked to that student. */
  GUARDIAN_NOT_FOUND: defineError(404, StudentMessages.guardianNotFound),
  /** 404 — no enrolment with that id for that student. */
  ENROLMENT_NOT_FOUND: defineError(404, StudentMessages.enrolmentNotFound),
  /** 409 — a matricule another student of the school has. */
  MATRICULE_TAKEN: defineError(409, StudentMessages.matriculeTaken),
  /** 409 — a guardian's phone another guardian of the school has. */
  GUARDIAN_PHONE_TAKEN: defineError(409, StudentMessages.guardianPhoneTaken),
  /** 409 — linking a guardian already linked to that student. */
  GUARDIAN_ALREADY_LINKED: defineError(409, StudentMessages.alreadyLinked),
  /** 409 — enrolling an archived student. */
  STUDENT_ARCHIVED: defineError(409, StudentMessages.archived),
  /** 409 — withdrawing an enrolment already withdrawn. */
  ENROLMENT_ALREADY_WITHDRAWN: defineError(409, StudentMessages.alreadyWithdrawn),
  /** 409 — enrolling a student already enrolled in another level for that year. */
  OTHER_LEVEL_THIS_YEAR: defineError(409, StudentMessages.otherLevelThisYear),
  /** 400 — a birth date after the school's today. */
  BIRTH_DATE_IN_FUTURE: defineError(400, BirthDateMessages.future),
  /** 400 — a new student's level is not one of the chosen programme. */
  LEVEL_OF_OTHER_PROGRAMME: defineError(400, StudentMessages.levelOfOtherProgramme),
};

/** The student import (module `students/import`). */
export const importErrors = {
  /** 404 — no import with that id in the school. */
  IMPORT_NOT_FOUND: defineError(404, 'Import introuvable.'),
  /** 400 — the upload has no `file` part. */
  IMPORT_NO_FILE: defineError(400, ImportMessages.noFile),
  /** 413 — the file is over 10 Mo. */
  IMPORT_TOO_LARGE: defineError(413, ImportMessages.tooLarge),
  /** 413 — the Excel file is too large once decompressed (or its reading ran out of memory). */
  IMPORT_TOO_LARGE_UNCOMPRESSED: defineError(413, ImportMessages.tooLargeUncompressed),
  /** 400 — neither CSV nor Excel. */
  IMPORT_UNSUPPORTED: defineError(400, ImportMessages.unsupported),
  /** 400 — no student row in the file. */
  IMPORT_EMPTY: defineError(400, ImportMessages.empty),
  /** 400 — more than 50 000 rows. */
  IMPORT_TOO_MANY_ROWS: defineError(400, ImportMessages.tooManyRows),
  /** 400 — a required `column` is missing from the header row. */
  IMPORT_MISSING_COLUMN: defineError<{ column: string }>(400, ({ column }) =>
    ImportMessages.missingColumn(column),
  ),
  /** 400 — some CSV lines use « ; » and others « , ». */
  IMPORT_MIXED_SEPARATORS: defineError(400, ImportMessages.mixedSeparators),
  /** 400 — the Excel file is unreadable or protected. */
  IMPORT_UNREADABLE_XLSX: defineError(400, ImportMessages.unreadableXlsx),
  /** 400 — the CSV cannot be parsed (an unclosed quote), near `line` when known. */
  IMPORT_UNREADABLE_CSV: defineError<{ line?: number }>(
    400,
    ({ line }) =>
      `Fichier CSV illisible${line ? ` (ligne ${line})` : ''} : un guillemet n’est probablement pas fermé.`,
  ),
  /** 409 — applying an import already applied. */
  IMPORT_NOT_PREVIEWED: defineError(409, ImportMessages.notPreviewed),
  /** 409 — applying an import without a valid row. */
  IMPORT_NOTHING_TO_IMPORT: defineError(409, ImportMessages.nothingToImport),
  /** 409 — applying « all or nothing » while some rows are in error. */
  IMPORT_ALL_OR_NOTHING_BLOCKED: defineError(409, ImportMessages.allOrNothingBlocked),
  /** 409 — applying with « fail on conflict »: the student of row `line` is archived. */
  IMPORT_ROW_STUDENT_ARCHIVED: defineError<{ line: number }>(
    409,
    ({ line }) => `Ligne ${line} : ${StudentMessages.archived}`,
  ),
  /** 409 — applying with « fail on conflict »: row `line`'s student is in another level that year. */
  IMPORT_ROW_OTHER_LEVEL: defineError<{ line: number }>(
    409,
    ({ line }) => `Ligne ${line} : ${StudentMessages.otherLevelThisYear}`,
  ),
};
