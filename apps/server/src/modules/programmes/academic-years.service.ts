import type {
  AcademicYear,
  CreateAcademicYearRequest,
  UpdateAcademicYearRequest,
} from '@ecolage/contracts';
import type { Database, DbOrTx } from '../../platform/db/database';
import { isUniqueViolation } from '../../platform/db/errors';
import { notFound, domainError } from '../../platform/errors';
import type { ActingMember } from '../../platform/http/acting-member';
import { auditSettingsChange } from './programmes-audit';
import {
  clearCurrentAcademicYear,
  findAcademicYear,
  findAcademicYears,
  insertAcademicYear,
  updateAcademicYearRow,
} from './programmes.repository';
import type { AcademicYearRow } from './programmes.tables';

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
    const row = await insertAcademicYear(tx, {
      organizationId,
      label: request.label,
      startsOn: request.startsOn,
      endsOn: request.endsOn,
      isCurrent: current,
    });
    if (!row) throw domainError('YEAR_LABEL_TAKEN', {}, { field: 'label' });
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
    if (!year) throw notFound('YEAR_NOT_FOUND');
    const startsOn = change.startsOn ?? year.startsOn;
    const endsOn = change.endsOn ?? year.endsOn;
    if (endsOn <= startsOn) {
      throw domainError('YEAR_DATES', {}, { field: 'endsOn' });
    }
    if (change.current && !year.isCurrent) await clearCurrentAcademicYear(tx, organizationId);
    try {
      const row = await updateAcademicYearRow(tx, organizationId, yearId, {
        label: change.label ?? year.label,
        startsOn,
        endsOn,
        isCurrent: change.current ? true : year.isCurrent,
      });
      await auditSettingsChange(tx, acting, 'academic_year.updated', 'academic_year', yearId, {
        année: row.label,
        ...(change.current && !year.isCurrent ? { 'devient l’année en cours': 'oui' } : {}),
      });
      return toAcademicYear(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw domainError('YEAR_LABEL_TAKEN', {}, { field: 'label' });
      throw error;
    }
  });
}
