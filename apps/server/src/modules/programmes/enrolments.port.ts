import type { SQL, SQLWrapper } from 'drizzle-orm';

/** The level a usage query reads, as SQL of the enclosing query (its school and id). */
export interface LevelKey {
  organizationId: SQLWrapper;
  id: SQLWrapper;
}

/**
 * How the programmes screen knows whether a level is used — its active enrolments, whether it
 * ever had one — without programmes knowing the enrolments (students, downstream, owns them).
 * Students implements it (`levelEnrolmentQueries`), the composition root hands it over. SQL
 * fragments, so the list is still one query.
 */
export interface LevelEnrolmentQueries {
  /** How many active enrolments the level has. */
  activeEnrolments(level: LevelKey): SQL<number>;
  /** Whether any enrolment, active or withdrawn, ever named the level. */
  everEnrolled(level: LevelKey): SQL<boolean>;
}
