import type { DomainErrorCode } from '@ecolage/contracts';

/**
 * The domain error code of each unique key that two requests racing each other can hit: both
 * checked that the value was free, the second to commit is refused by the database. The error
 * handler answers such a refusal 409 with the code of its constraint (or unique index) and the
 * code's French sentence, and the general CONFLICT for keys not listed here. Beside db-schema.ts:
 * it names every module's keys, as that file lists every module's tables. `db-conflicts.test.ts`
 * checks each name against the database.
 */
export const conflictCodes: Readonly<Record<string, DomainErrorCode>> = {
  roles_organization_name_key: 'ROLE_NAME_TAKEN',
  memberships_organization_id_user_id_pk: 'ALREADY_MEMBER',
  academic_years_organization_label_key: 'YEAR_LABEL_TAKEN',
  programmes_organization_name_key: 'PROGRAMME_NAME_TAKEN',
  levels_programme_name_key: 'LEVEL_NAME_TAKEN',
  students_organization_matricule_key: 'MATRICULE_TAKEN',
  guardians_organization_phone_key: 'GUARDIAN_PHONE_TAKEN',
  student_guardians_organization_id_student_id_guardian_id_pk: 'GUARDIAN_ALREADY_LINKED',
  enrolments_one_active_per_year_key: 'OTHER_LEVEL_THIS_YEAR',
  cash_sessions_one_open_key: 'CASH_SESSION_ALREADY_OPEN',
  payment_attempt_invoices_one_active_key: 'PAYMENT_ALREADY_ACTIVE',
  payment_refunds_one_pending_key: 'REFUND_ALREADY_PENDING',
  provider_fee_rates_key: 'FEE_RATE_EXISTS',
  workflows_organization_name_key: 'AUTOMATION_NAME_TAKEN',
};
