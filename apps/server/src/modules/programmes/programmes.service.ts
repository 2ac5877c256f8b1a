import {
  ErrorCode,
  ProgrammeMessages,
  type Level,
  type LevelRequest,
  type Programme,
  type ProgrammeRequest,
  type RemovalOutcome,
} from '@ecolage/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../platform/db/database';
import { deleteUnlessReferenced, isUniqueViolation } from '../../platform/db/errors';
import { AppError, notFound } from '../../platform/errors';
import type { ActingMember } from '../../platform/http/acting-member';
import { auditSettingsChange as audit, taken } from './programmes-audit';
import { levelYearTotal } from './fee-schedule';
import { findLevel, findProgramme, findProgrammesWithLevels } from './programmes.repository';
import { levels, programmes } from './programmes.tables';

export async function listProgrammes(
  db: DbOrTx,
  organizationId: string,
  includeArchived: boolean,
): Promise<{ items: Programme[] }> {
  const { programmeRows, levelRows } = await findProgrammesWithLevels(
    db,
    organizationId,
    includeArchived,
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

function toLevel(
  row: typeof levels.$inferSelect,
  enrolledCount: number,
  everEnrolled: boolean,
): Level {
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

async function programmeById(db: DbOrTx, organizationId: string, programmeId: string) {
  const { items } = await listProgrammes(db, organizationId, true);
  const programme = items.find((item) => item.id === programmeId);
  if (!programme) throw notFound(ProgrammeMessages.programmeNotFound);
  return programme;
}

export async function createProgramme(
  db: Database,
  acting: ActingMember,
  request: ProgrammeRequest,
): Promise<Programme> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(programmes)
      .values({ organizationId: acting.organizationId, name: request.name })
      .onConflictDoNothing()
      .returning();
    if (!row) throw taken('name', ProgrammeMessages.programmeNameTaken);
    await audit(tx, acting, 'programme.created', 'programme', row.id, { programme: row.name });
    return { id: row.id, name: row.name, archived: false, inUse: false, levels: [] };
  });
}

export async function updateProgramme(
  db: Database,
  acting: ActingMember,
  programmeId: string,
  change: { name?: string; archived?: false },
): Promise<Programme> {
  await db.transaction(async (tx) => {
    const { organizationId } = acting;
    const current = await findProgramme(tx, organizationId, programmeId);
    if (!current) throw notFound(ProgrammeMessages.programmeNotFound);
    try {
      await tx
        .update(programmes)
        .set({
          name: change.name ?? current.name,
          archivedAt: change.archived === false ? null : current.archivedAt,
          updatedAt: new Date(),
        })
        .where(and(eq(programmes.organizationId, organizationId), eq(programmes.id, programmeId)));
    } catch (error) {
      if (isUniqueViolation(error)) throw taken('name', ProgrammeMessages.programmeNameTaken);
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
  return programmeById(db, acting.organizationId, programmeId);
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
    if (!current) throw notFound(ProgrammeMessages.programmeNotFound);
    const erased = await deleteUnlessReferenced(tx, async (savepoint) => {
      await savepoint
        .delete(levels)
        .where(and(eq(levels.organizationId, organizationId), eq(levels.programmeId, programmeId)));
      await savepoint
        .delete(programmes)
        .where(and(eq(programmes.organizationId, organizationId), eq(programmes.id, programmeId)));
    });
    if (!erased) {
      const now = new Date();
      await tx
        .update(programmes)
        .set({ archivedAt: current.archivedAt ?? now, updatedAt: now })
        .where(and(eq(programmes.organizationId, organizationId), eq(programmes.id, programmeId)));
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
    if (!programme) throw notFound(ProgrammeMessages.programmeNotFound);
    if (programme.archivedAt) {
      throw new AppError(ErrorCode.CONFLICT, ProgrammeMessages.programmeArchived);
    }
    const [row] = await tx
      .insert(levels)
      .values({ organizationId, programmeId, ...levelValues(request) })
      .onConflictDoNothing()
      .returning();
    if (!row) throw taken('name', ProgrammeMessages.levelNameTaken);
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
): Promise<Level> {
  const programmeId = await db.transaction(async (tx) => {
    const { organizationId } = acting;
    const found = await findLevel(tx, organizationId, levelId);
    if (!found) throw notFound(ProgrammeMessages.levelNotFound);
    try {
      await tx
        .update(levels)
        .set({
          ...levelValues(request),
          archivedAt: request.archived === false ? null : found.level.archivedAt,
          updatedAt: new Date(),
        })
        .where(and(eq(levels.organizationId, organizationId), eq(levels.id, levelId)));
    } catch (error) {
      if (isUniqueViolation(error)) throw taken('name', ProgrammeMessages.levelNameTaken);
      throw error;
    }
    await audit(tx, acting, 'level.updated', 'level', levelId, {
      programme: found.programme.name,
      ...levelDetails(request),
    });
    return found.level.programmeId;
  });
  const programme = await programmeById(db, acting.organizationId, programmeId);
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
    if (!found) throw notFound(ProgrammeMessages.levelNotFound);
    const erased = await deleteUnlessReferenced(tx, async (savepoint) => {
      await savepoint
        .delete(levels)
        .where(and(eq(levels.organizationId, organizationId), eq(levels.id, levelId)));
    });
    if (!erased) {
      await tx
        .update(levels)
        .set({ archivedAt: found.level.archivedAt ?? new Date(), updatedAt: new Date() })
        .where(and(eq(levels.organizationId, organizationId), eq(levels.id, levelId)));
    }
    await audit(tx, acting, erased ? 'level.deleted' : 'level.archived', 'level', levelId, {
      programme: found.programme.name,
      niveau: found.level.name,
    });
    return { outcome: erased ? 'deleted' : 'archived' };
  });
}
