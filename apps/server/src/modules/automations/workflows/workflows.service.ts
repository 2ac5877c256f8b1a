import {
  workflowStatusLabels,
  workflowStatusOf,
  workflowStepText,
  workflowTriggerLabels,
  type CreateWorkflowBody,
  type UpdateWorkflowBody,
  type Workflow,
  type WorkflowCounts,
  type WorkflowList,
  type WorkflowListQuery,
} from '@ecolage/contracts';
import type { Database, DbOrTx, Transaction } from '../../../platform/db/database';
import { isUniqueViolation } from '../../../platform/db/errors';
import { domainError, notFound } from '../../../platform/errors';
import type { ActingMember } from '../../../platform/http/acting-member';
import { recordAuditEntry } from '../../audit';
import { countSendsOfWorkflows } from '../sends/workflow-sends.repository';
import { findLevel, findProgramme } from '../../programmes';
import { ensureDefaultWorkflows } from './default-workflows';
import { findSchoolRoles, listSchoolRoles } from './workflow-roles.reads';
import {
  countDefaultWorkflows,
  findWorkflow,
  findWorkflowPage,
  insertWorkflow,
  lockWorkflow,
  namesStartingWith,
  nameTaken,
  updateWorkflowRow,
} from './workflows.repository';
import { defaultWorkflowKeys, type NewWorkflowRow, type WorkflowRow } from './workflows.tables';

/**
 * What the workflows ask of the reminder engine once a change is committed: plan the school's
 * sends at once (the `automations.plan` job), so an enabled or edited workflow's sends appear
 * without waiting for the planner's next tick. The composition root hands it over.
 */
export interface WorkflowPlanning {
  requestPlanning(organizationId: string): Promise<void>;
}

export function toWorkflow(row: WorkflowRow, counts?: WorkflowCounts): Workflow {
  const action = {
    channel: row.channel,
    recipients: row.recipients,
    staffRoleIds: row.staffRoleIds,
    template: row.template,
    subject: row.subject,
  };
  return {
    id: row.id,
    name: row.name,
    trigger: row.trigger,
    params: row.params,
    conditions: row.conditions,
    action,
    enabled: row.enabled,
    status: workflowStatusOf(row.enabled),
    step: workflowStepText(row.trigger, row.params, action),
    isDefault: row.defaultKey !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(counts ? { counts } : {}),
  };
}

function details(row: WorkflowRow) {
  return {
    nom: row.name,
    déclencheur: workflowTriggerLabels[row.trigger],
    étape: workflowStepText(row.trigger, row.params, row),
    état: workflowStatusLabels[workflowStatusOf(row.enabled)],
  };
}

function audit(
  tx: Transaction,
  acting: ActingMember,
  action: string,
  row: WorkflowRow,
  more: Record<string, unknown> = {},
) {
  return recordAuditEntry(tx, {
    organizationId: acting.organizationId,
    actor: acting.actor,
    action,
    resourceType: 'workflow',
    resourceId: row.id,
    category: 'settings',
    details: { ...details(row), ...more },
    ip: acting.ip,
    userAgent: acting.userAgent,
  });
}

export async function listWorkflows(
  db: Database,
  organizationId: string,
  query: WorkflowListQuery,
): Promise<WorkflowList> {
  // A school created since the last planner run sees its defaults on its first look.
  if ((await countDefaultWorkflows(db, organizationId)) < defaultWorkflowKeys.length) {
    await db.transaction((tx) => ensureDefaultWorkflows(tx, organizationId));
  }
  const { rows, total } = await findWorkflowPage(db, organizationId, query, {
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  const counts = await countSendsOfWorkflows(
    db,
    organizationId,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => toWorkflow(row, counts.get(row.id))),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

export async function getWorkflow(
  db: DbOrTx,
  organizationId: string,
  workflowId: string,
): Promise<Workflow> {
  const row = await findWorkflow(db, organizationId, workflowId);
  if (!row) throw notFound('AUTOMATION_NOT_FOUND');
  const counts = await countSendsOfWorkflows(db, organizationId, [row.id]);
  return toWorkflow(row, counts.get(row.id));
}

/** The programme, level and roles a workflow names must be the school's (and the level the programme's). */
async function checkReferences(tx: DbOrTx, organizationId: string, body: UpdateWorkflowBody) {
  const { programmeId, levelId } = body.conditions;
  if (programmeId && !(await findProgramme(tx, organizationId, programmeId))) {
    throw domainError('AUTOMATION_PROGRAMME_NOT_FOUND', {}, { field: 'conditions.programmeId' });
  }
  if (levelId) {
    const found = await findLevel(tx, organizationId, levelId);
    if (!found)
      throw domainError('AUTOMATION_LEVEL_NOT_FOUND', {}, { field: 'conditions.levelId' });
    if (programmeId && found.level.programmeId !== programmeId) {
      throw domainError('AUTOMATION_LEVEL_NOT_IN_PROGRAMME', {}, { field: 'conditions.levelId' });
    }
  }
  const roleIds = [...new Set(body.action.staffRoleIds)];
  if (roleIds.length > 0) {
    const found = await findSchoolRoles(tx, organizationId, roleIds);
    if (found.length !== roleIds.length) {
      throw domainError('AUTOMATION_ROLE_NOT_FOUND', {}, { field: 'action.staffRoleIds' });
    }
  }
}

async function checkNameFree(tx: DbOrTx, organizationId: string, name: string, exceptId?: string) {
  if (await nameTaken(tx, organizationId, name, exceptId)) {
    throw domainError('AUTOMATION_NAME_TAKEN', {}, { field: 'name' });
  }
}

function columnsOf(body: UpdateWorkflowBody) {
  const channel = body.action.channel;
  return {
    name: body.name,
    trigger: body.trigger,
    params: body.params,
    conditions: body.conditions,
    channel,
    recipients: channel === 'staff' ? null : (body.action.recipients ?? null),
    staffRoleIds: channel === 'staff' ? [...new Set(body.action.staffRoleIds)] : [],
    template: body.action.template,
    subject: body.action.subject || null,
  } satisfies Partial<NewWorkflowRow>;
}

/** A unique-key race (two requests with one name) answers the name's refusal. */
async function nameRace<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw domainError('AUTOMATION_NAME_TAKEN', {}, { field: 'name' });
    throw error;
  }
}

async function afterCommit(planning: WorkflowPlanning | undefined, row: WorkflowRow) {
  if (planning && row.enabled) await planning.requestPlanning(row.organizationId);
}

export async function createWorkflow(
  db: Database,
  acting: ActingMember,
  body: CreateWorkflowBody,
  planning?: WorkflowPlanning,
): Promise<Workflow> {
  const row = await nameRace(() =>
    db.transaction(async (tx) => {
      await checkNameFree(tx, acting.organizationId, body.name);
      await checkReferences(tx, acting.organizationId, body);
      const inserted = await insertWorkflow(tx, {
        organizationId: acting.organizationId,
        ...columnsOf(body),
        enabled: body.enabled,
        createdBy: acting.actor.label,
      });
      await audit(tx, acting, 'automation.created', inserted);
      return inserted;
    }),
  );
  await afterCommit(planning, row);
  return toWorkflow(row);
}

export async function updateWorkflow(
  db: Database,
  acting: ActingMember,
  workflowId: string,
  body: UpdateWorkflowBody,
  planning?: WorkflowPlanning,
): Promise<Workflow> {
  const row = await nameRace(() =>
    db.transaction(async (tx) => {
      const current = await lockWorkflow(tx, acting.organizationId, workflowId);
      if (!current) throw notFound('AUTOMATION_NOT_FOUND');
      await checkNameFree(tx, acting.organizationId, body.name, workflowId);
      await checkReferences(tx, acting.organizationId, body);
      const updated = await updateWorkflowRow(
        tx,
        acting.organizationId,
        workflowId,
        columnsOf(body),
      );
      await audit(tx, acting, 'automation.updated', updated);
      return updated;
    }),
  );
  await afterCommit(planning, row);
  return toWorkflow(row);
}

/** Turns a workflow on or off; the status label follows (« Actif » / « En pause »). */
export async function setWorkflowEnabled(
  db: Database,
  acting: ActingMember,
  workflowId: string,
  enabled: boolean,
  planning?: WorkflowPlanning,
): Promise<Workflow> {
  const row = await db.transaction(async (tx) => {
    const current = await lockWorkflow(tx, acting.organizationId, workflowId);
    if (!current) throw notFound('AUTOMATION_NOT_FOUND');
    if (current.enabled === enabled) return current;
    const updated = await updateWorkflowRow(tx, acting.organizationId, workflowId, { enabled });
    await audit(tx, acting, enabled ? 'automation.enabled' : 'automation.paused', updated);
    return updated;
  });
  await afterCommit(planning, row);
  return toWorkflow(row);
}

/** « Rappel J-7 (copie) », then « (copie 2) »…: the first free name. */
function copyName(name: string, taken: string[]): string {
  const lower = new Set(taken.map((value) => value.toLowerCase()));
  const base = name.slice(0, 60);
  for (let index = 1; ; index += 1) {
    const candidate = `${base} (copie${index > 1 ? ` ${index}` : ''})`;
    if (!lower.has(candidate.toLowerCase())) return candidate;
  }
}

/** A paused copy of a workflow, under the first free « (copie) » name. */
export async function duplicateWorkflow(
  db: Database,
  acting: ActingMember,
  workflowId: string,
): Promise<Workflow> {
  const row = await nameRace(() =>
    db.transaction(async (tx) => {
      const source = await findWorkflow(tx, acting.organizationId, workflowId);
      if (!source) throw notFound('AUTOMATION_NOT_FOUND');
      const taken = await namesStartingWith(tx, acting.organizationId, source.name.slice(0, 60));
      const copy = await insertWorkflow(tx, {
        organizationId: acting.organizationId,
        name: copyName(source.name, taken),
        trigger: source.trigger,
        params: source.params,
        conditions: source.conditions,
        channel: source.channel,
        recipients: source.recipients,
        staffRoleIds: source.staffRoleIds,
        template: source.template,
        subject: source.subject,
        enabled: false,
        createdBy: acting.actor.label,
      });
      await audit(tx, acting, 'automation.duplicated', copy, { 'copie de': source.name });
      return copy;
    }),
  );
  return toWorkflow(row);
}

/**
 * Archives a workflow: it leaves the list and plans nothing more (its planned sends are skipped
 * by the dispatcher as paused); its history stays. A default archived is not created again.
 */
export async function archiveWorkflow(
  db: Database,
  acting: ActingMember,
  workflowId: string,
): Promise<{ outcome: 'archived' }> {
  await db.transaction(async (tx) => {
    const current = await lockWorkflow(tx, acting.organizationId, workflowId);
    if (!current) throw notFound('AUTOMATION_NOT_FOUND');
    const archived = await updateWorkflowRow(tx, acting.organizationId, workflowId, {
      enabled: false,
      archivedAt: new Date(),
    });
    await audit(tx, acting, 'automation.archived', archived);
  });
  return { outcome: 'archived' };
}

/** The school's roles a staff notification may go to. */
export function listNotifiableRoles(db: DbOrTx, organizationId: string) {
  return listSchoolRoles(db, organizationId);
}
