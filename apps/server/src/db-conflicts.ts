import {
  AccessMessages,
  CashDeskMessages,
  InvitationMessages,
  PaymentMessages,
  ProgrammeMessages,
  StudentMessages,
} from '@ecolage/contracts';

/**
 * The French sentence of each unique key that two requests racing each other can hit: both checked
 * that the value was free, the second to commit is refused by the database. The error handler
 * answers such a refusal 409 with the sentence of its constraint (or unique index), and a general
 * one for keys not listed here. Beside db-schema.ts: it names every module's keys, as that file
 * lists every module's tables. `db-conflicts.test.ts` checks each name against the database.
 */
export const conflictMessages: Readonly<Record<string, string>> = {
  roles_organization_name_key: AccessMessages.roleNameTaken,
  memberships_organization_id_user_id_pk: InvitationMessages.alreadyMember,
  academic_years_organization_label_key: ProgrammeMessages.yearLabelTaken,
  programmes_organization_name_key: ProgrammeMessages.programmeNameTaken,
  levels_programme_name_key: ProgrammeMessages.levelNameTaken,
  students_organization_matricule_key: StudentMessages.matriculeTaken,
  guardians_organization_phone_key: StudentMessages.guardianPhoneTaken,
  student_guardians_organization_id_student_id_guardian_id_pk: StudentMessages.alreadyLinked,
  enrolments_one_active_per_year_key: StudentMessages.otherLevelThisYear,
  cash_sessions_one_open_key: CashDeskMessages.sessionAlreadyOpen,
  payment_attempt_invoices_one_active_key: PaymentMessages.alreadyActive,
  payment_refunds_one_pending_key: PaymentMessages.refundInProgress,
};
