/** Students, guardians (payers), enrolments and student imports. */
export { studentsRoutes } from './students.routes';
export {
  students,
  guardians,
  studentGuardians,
  enrolments,
  studentImports,
  type StudentRow,
  type EnrolmentRow,
} from './students.tables';
export {
  auditStudent,
  nextMatricule,
  recordStatusChange,
  studentSearchKey,
} from './students.service';
export { countEnrolledSiblings, findActiveEnrolment, findEnrolment } from './enrolments.repository';
export {
  advanceMatriculeSequence,
  findNumbering,
  formatMatricule,
  reserveMatricules,
  setMatriculePrefix,
} from './matricules.repository';
export {
  activeEnrolmentJoin,
  enrolledLevelJoin,
  mainPayerJoin,
  mainPayerLinkJoin,
  studentProgrammeJoin,
  findStudent,
  lockStudent,
} from './students.repository';
export {
  addGuardian,
  findOrCreateGuardian,
  guardianSearchKey,
  linkGuardianToStudent,
} from './guardians.service';
export { archiveStudent, createStudent, insertStudent, studentItem } from './students.service';
export { changeStudentStatus } from './student-status';
export { findGuardian } from './guardians.repository';
export { studentsExportRoutes } from './students-export.routes';
export { studentImportRoutes } from './import/import.routes';
export { failInterruptedImports } from './import/import.repository';
export {
  findStudentCards,
  findStudentIdsOfGuardian,
  type StudentCard,
} from './student-cards.repository';
export { findStudentGuardians } from './guardians.repository';
export {
  findStudentPayerByMatriculeAndPhone,
  type StudentPayer,
} from './student-payers.repository';
export { findLevelRoster, type RosterStudent } from './level-roster.repository';
