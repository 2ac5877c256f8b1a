import type {
  Level,
  LevelRequest,
  Programme,
  ProgrammeRequest,
  RemovalOutcome,
} from '@ecolage/contracts';
import type { Database, DbOrTx } from '../../platform/db/database';
import { deleteUnlessReferenced, isUniqueViolation } from '../../platform/db/errors';
import { notFound, domainError } from '../../platform/errors';
import type { ActingMember } from '../../platform/http/acting-member';
import type { LevelEnrolmentQueries } from './enrolments.port';
import { auditSettingsChange as audit } from './programmes-audit';
import { levelYearTotal } from './fee-schedule';
import {
  deleteLevel,
  deleteProgrammeWithLevels,
  findLevel,
  findProgramme,
  findProgrammesWithLevels,
  insertLevel,
  insertProgramme,
  updateLevelRow,
  updateProgrammeRow,
} from './programmes.repository';
import type { LevelRow } from './programmes.tables';

export async function listProgrammes(
  db: DbOrTx,
  organizationId: string,
  includeArchived: boolean,
  enrolments: LevelEnrolmentQueries,
): Promise<{ items: Programme[] }> {
  const { programmeRows, levelRows } = await findProgrammesWithLevels(
    db,
    organizationId,
    includeArchived,
    enrolments,
  );
  const levelsByProgramme = new Map<string, Level[]>();
  for (const { level, enrolledCount, everEnrolled } of levelRows) {
    const list = levelsByProgramme.get(level.programmeId) ?? [];
    list.push(toLevel(level, enrolledCount, everEnrolled));
    levelsByProgramme.set(level.programmeId, list);
  }
  return {
    items: programmeRows.map((row) => {
      const programmeLevels = levelsByProgramme.get(row.id) ?? [];
      return {
        id: row.id,
        name: row.name,
        archived: row.archivedAt !== null,
        inUse: programmeLevels.some((level) => level.inUse),
        levels: programmeLevels,
      };
    }),
  };
}

function toLevel(row: LevelRow, enrolledCount: number, everEnrolled: boolean): Level {
  return {
    id: row.id,
    programmeId: row.programmeId,
    name: row.name,
    registrationFee: row.registrationFee,
    feeMode: row.feeMode,
    monthlyFee: row.monthlyFee,
    billedMonths: row.billedMonths,
    schedule: row.schedule,
    yearTotal: levelYearTotal(row),
    archived: row.archivedAt !== null,
    inUse: everEnrolled,
    enrolledCount,
  };
}

async function programmeById(
  db: DbOrTx,
  organizationId: string,
  programmeId: string,
  enrolments: LevelEnrolmentQueries,
) {
  const { items } = await listProgrammes(db, organizationId, true, enrolments);
  const programme = items.find((item) => item.id === programmeId);
  if (!programme) throw notFound('PROGRAMME_NOT_FOUND');
  return programme;
}

export async function createProgramme(
  db: Database,
  acting: ActingMember,
  request: ProgrammeRequest,
): Promise<Programme> {
  return db.transaction(async (tx) => {
    const row = await insertProgramme(tx, acting.organizationId, request.name);
    if (!row) throw domainError('PROGRAMME_NAME_TAKEN', {}, { field: 'name' });
    await audit(tx, acting, 'programme.created', 'programme', row.id, { programme: row.name });
    return { id: row.id, name: row.name, archived: false, inUse: false, levels: [] };
  });
}

export async function updateProgramme(
  db: Database,
  acting: ActingMember,
  programmeId: string,
  change: { name?: string; archived?: false },
  enrolments: LevelEnrolmentQueries,
): Promise<Programme> {
  await db.transaction(async (tx) => {
    const { organizationId } = acting;
    const current = await findProgramme(tx, organizationId, programmeId);
    if (!current) throw notFound('PROGRAMME_NOT_FOUND');
    try {
      await updateProgrammeRow(tx, organizationId, programmeId, {
        name: change.name ?? current.name,
        archivedAt: change.archived === false ? null : current.archivedAt,
        updatedAt: new Date(),
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw domainError('PROGRAMME_NAME_TAKEN', {}, { field: 'name' });
      throw error;
    }
    if (change.name && change.name !== current.name) {
      await audit(tx, acting, 'programme.renamed', 'programme', programmeId, {
        avant: current.name,
        après: change.name,
      });
    }
    if (change.archived === false && current.archivedAt) {
      await audit(tx, acting, 'programme.restored', 'programme', programmeId, {
        programme: current.name,
      });
    }
  });
  return programmeById(db, acting.organizationId, programmeId, enrolments);
}

/**
 * Deletes a programme nobody refers to; once students or enrolments refer to it, archives it
 * (hidden from choices, history intact). The database decides: a delete refused by a foreign key
 * means "in use".
 */
export async function removeProgramme(
  db: Database,
  acting: ActingMember,
  programmeId: string,
): Promise<RemovalOutcome> {
  return db.transaction(async (tx) => {
    const { organizationId } = acting;
    const current = await findProgramme(tx, organizationId, programmeId);
    if (!current) throw notFound('PROGRAMME_NOT_FOUND');
    const erased = await deleteUnlessReferenced(tx, (savepoint) =>
      deleteProgrammeWithLevels(savepoint, organizationId, programmeId),
    );
    if (!erased) {
      const now = new Date();
      await updateProgrammeRow(tx, organizationId, programmeId, {
        archivedAt: current.archivedAt ?? now,
        updatedAt: now,
      });
    }
    await audit(
      tx,
      acting,
      erased ? 'programme.deleted' : 'programme.archived',
      'programme',
      programmeId,
      { programme: current.name },
    );
    return { outcome: erased ? 'deleted' : 'archived' };
  });
}

function levelValues(request: LevelRequest) {
  return {
    name: request.name,
    registrationFee: request.registrationFee,
    feeMode: request.feeMode,
    monthlyFee: request.feeMode === 'monthly' ? request.monthlyFee : 0,
    billedMonths: request.billedMonths,
    schedule: request.feeMode === 'schedule' ? request.schedule : [],
  };
}

function levelDetails(request: LevelRequest) {
  return {
    niveau: request.name,
    inscription: request.registrationFee,
    ...(request.feeMode === 'monthly'
      ? { mensualité: request.monthlyFee, mois: request.billedMonths.join(',') }
      : { échéances: request.schedule.length }),
    'total annuel': levelYearTotal(levelValues(request)),
  };
}

export async function createLevel(
  db: Database,
  acting: ActingMember,
  programmeId: string,
  request: LevelRequest,
): Promise<Level> {
  return db.transaction(async (tx) => {
    const { organizationId } = acting;
    const programme = await findProgramme(tx, organizationId, programmeId);
    if (!programme) throw notFound('PROGRAMME_NOT_FOUND');
    if (programme.archivedAt) {
      throw domainError('PROGRAMME_ARCHIVED');
    }
    const row = await insertLevel(tx, { organizationId, programmeId, ...levelValues(request) });
    if (!row) throw domainError('LEVEL_NAME_TAKEN', {}, { field: 'name' });
    await audit(tx, acting, 'level.created', 'level', row.id, {
      programme: programme.name,
      ...levelDetails(request),
    });
    return toLevel(row, 0, false);
  });
}

export async function updateLevel(
  db: Database,
  acting: ActingMember,
  levelId: string,
  request: LevelRequest & { archived?: false },
  enrolments: LevelEnrolmentQueries,
): Promise<Level> {
  const programmeId = await db.transaction(async (tx) => {
    const { organizationId } = acting;
    const found = await findLevel(tx, organizationId, levelId);
    if (!found) throw notFound('LEVEL_NOT_FOUND');
    try {
      await updateLevelRow(tx, organizationId, levelId, {
        ...levelValues(request),
        archivedAt: request.archived === false ? null : found.level.archivedAt,
        updatedAt: new Date(),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw domainError('LEVEL_NAME_TAKEN', {}, { field: 'name' });
      throw error;
    }
    await audit(tx, acting, 'level.updated', 'level', levelId, {
      programme: found.programme.name,
      ...levelDetails(request),
    });
    return found.level.programmeId;
  });
  const programme = await programmeById(db, acting.organizationId, programmeId, enrolments);
  return programme.levels.find((level) => level.id === levelId)!;
}

export async function removeLevel(
  db: Database,
  acting: ActingMember,
  levelId: string,
): Promise<RemovalOutcome> {
  return db.transaction(async (tx) => {
    const { organizationId } = acting;
    const found = await findLevel(tx, organizationId, levelId);
    if (!found) throw notFound('LEVEL_NOT_FOUND');
    const erased = await deleteUnlessReferenced(tx, (savepoint) =>
      deleteLevel(savepoint, organizationId, levelId),
    );
    if (!erased) {
      await updateLevelRow(tx, organizationId, levelId, {
        archivedAt: found.level.archivedAt ?? new Date(),
        updatedAt: new Date(),
      });
    }
    await audit(tx, acting, erased ? 'level.deleted' : 'level.archived', 'level', levelId, {
      programme: found.programme.name,
      niveau: found.level.name,
    });
    return { outcome: erased ? 'deleted' : 'archived' };
  });
}
