/** Students, guardians (payers), enrolments and student imports. */
export { studentsRoutes } from './students.routes';
export { studentEventsRoutes } from './student-events.routes';
export { studentLiveTopic } from './student-events';
export type { StudentRow, EnrolmentRow } from './students.tables';
export {
  auditStudent,
  nextMatricule,
  recordStatusChange,
  studentSearchKey,
} from './students.service';
export {
  countEnrolledSiblings,
  findActiveEnrolment,
  findEnrolment,
  insertEnrolment,
  levelEnrolmentQueries,
  markEnrolmentWithdrawn,
} from './enrolments.repository';
export {
  advanceMatriculeSequence,
  findNumbering,
  formatMatricule,
  reserveMatricules,
  setMatriculePrefix,
} from './matricules.repository';
export {
  activeEnrolmentJoin,
  mainPayerJoin,
  mainPayerLinkJoin,
  findStudent,
  lockStudent,
} from './students.repository';
export { enrolledLevelJoin, studentProgrammeJoin } from './student-list.reads';
export type {
  EnrolmentsToInvoice,
  IssueEnrolmentInvoices,
  StudentBalanceQueries,
  StudentBalances,
  StudentKey,
} from './billing.port';
export {
  addGuardian,
  findOrCreateGuardian,
  guardianSearchKey,
  linkGuardianToStudent,
} from './guardians.service';
export { archiveStudent, createStudent, insertStudent } from './students.service';
export { studentItem } from './student-list.service';
export { changeStudentStatus } from './student-status';
export {
  findGuardian,
  findMainPayers,
  lockGuardian,
  lockGuardians,
  lockMainPayers,
} from './guardians.repository';
export { studentsExportRoutes } from './students-export.routes';
export { studentImportRoutes } from './import/import.routes';
export { failInterruptedImports } from './import/import.repository';
export { interruptedImportsJob, INTERRUPTED_IMPORTS_JOB } from './import/interrupted-imports.job';
export {
  findStudentCards,
  findStudentIdsOfGuardian,
  type StudentCard,
} from './student-cards.reads';
export { findGuardianNames, findStudentGuardians } from './guardians.repository';
export { guardianContactsOfActiveStudents } from './guardian-contacts.repository';
export {
  findStudentPayerByMatriculeAndPhone,
  type StudentPayer,
} from './student-payers.repository';
export { findLevelRoster, type RosterStudent } from './level-roster.repository';
export {
  searchGuardiansForTopBar,
  searchStudentsForTopBar,
  type KeyTerm,
} from './top-bar-search.repository';
