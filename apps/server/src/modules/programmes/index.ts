/** Academic years, programmes, levels and their fee schedules. */
export { programmesRoutes } from './programmes.routes';
export {
  findAcademicYear,
  findCurrentAcademicYear,
  findLevel,
  findProgramme,
  type LevelFees,
} from './programmes.repository';
export {
  planEnrolmentInvoices,
  levelYearTotal,
  type PlannedInvoice,
  type SchoolYearDates,
} from './fee-schedule';
export { createAcademicYear } from './academic-years.service';
export { createLevel, createProgramme } from './programmes.service';
export type { LevelEnrolmentQueries, LevelKey } from './enrolments.port';
