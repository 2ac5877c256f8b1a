import {
  ErrorCode,
  ProgrammeMessages,
  type AcademicYear,
  type CreateAcademicYearRequest,
  type UpdateAcademicYearRequest,
} from '@ecolage/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../platform/db/database';
import { isUniqueViolation } from '../../platform/db/errors';
import { AppError, notFound } from '../../platform/errors';
import type { ActingMember } from '../../platform/http/acting-member';
import { auditSettingsChange, taken } from './programmes-audit';
import {
  clearCurrentAcademicYear,
  findAcademicYear,
  findAcademicYears,
} from './programmes.repository';
import { academicYears, type AcademicYearRow } from './programmes.tables';

/** School years: exactly one is current once any exists (the first one created is). */

function toAcademicYear(row: AcademicYearRow): AcademicYear {
  return {
    id: row.id,
    label: row.label,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    current: row.isCurrent,
  };
}

export async function listAcademicYears(db: DbOrTx, organizationId: string) {
  return { items: (await findAcademicYears(db, organizationId)).map(toAcademicYear) };
}

export async function createAcademicYear(
  db: Database,
  acting: ActingMember,
  request: CreateAcademicYearRequest,
): Promise<AcademicYear> {
  return db.transaction(async (tx) => {
    const { organizationId } = acting;
    const existing = await findAcademicYears(tx, organizationId);
    // The first year of a school is its current one.
    const current = request.current || existing.length === 0;
    if (current) await clearCurrentAcademicYear(tx, organizationId);
    const [row] = await tx
      .insert(academicYears)
      .values({
        organizationId,
        label: request.label,
        startsOn: request.startsOn,
        endsOn: request.endsOn,
        isCurrent: current,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw taken('label', ProgrammeMessages.yearLabelTaken);
    await auditSettingsChange(tx, acting, 'academic_year.created', 'academic_year', row.id, {
      année: row.label,
      'en cours': current ? 'oui' : 'non',
    });
    return toAcademicYear(row);
  });
}

export async function updateAcademicYear(
  db: Database,
  acting: ActingMember,
  yearId: string,
  change: UpdateAcademicYearRequest,
): Promise<AcademicYear> {
  return db.transaction(async (tx) => {
    const { organizationId } = acting;
    const year = await findAcademicYear(tx, organizationId, yearId);
    if (!year) throw notFound(ProgrammeMessages.yearNotFound);
    const startsOn = change.startsOn ?? year.startsOn;
    const endsOn = change.endsOn ?? year.endsOn;
    if (endsOn <= startsOn) {
      throw new AppError(ErrorCode.VALIDATION_FAILED, ProgrammeMessages.yearDates, {
        issues: [{ path: 'endsOn', message: ProgrammeMessages.yearDates }],
      });
    }
    if (change.current && !year.isCurrent) await clearCurrentAcademicYear(tx, organizationId);
    try {
      const [row] = await tx
        .update(academicYears)
        .set({
          label: change.label ?? year.label,
          startsOn,
          endsOn,
          isCurrent: change.current ? true : year.isCurrent,
        })
        .where(and(eq(academicYears.organizationId, organizationId), eq(academicYears.id, yearId)))
        .returning();
      await auditSettingsChange(tx, acting, 'academic_year.updated', 'academic_year', yearId, {
        année: row!.label,
        ...(change.current && !year.isCurrent ? { 'devient l’année en cours': 'oui' } : {}),
      });
      return toAcademicYear(row!);
    } catch (error) {
      if (isUniqueViolation(error)) throw taken('label', ProgrammeMessages.yearLabelTaken);
      throw error;
    }
  });
}
