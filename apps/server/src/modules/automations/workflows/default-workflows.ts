import type { WorkflowParams, WorkflowTrigger } from '@ecolage/contracts';
import type { Database, Transaction } from '../../../platform/db/database';
import { recordAuditEntry } from '../../audit';
import { findSchoolsLackingDefaults } from './default-workflows.reads';
import { insertMissingWorkflows } from './workflows.repository';
import {
  defaultWorkflowKeys,
  type DefaultWorkflowKey,
  type NewWorkflowRow,
  type WorkflowRow,
} from './workflows.tables';

interface DefaultWorkflow {
  name: string;
  trigger: Extract<WorkflowTrigger, 'invoice_due_in' | 'invoice_overdue'>;
  params: WorkflowParams;
  template: string;
}

/**
 * Every school's reminders before and after a due date (research messaging.md §7.3), by SMS to
 * the main payer, in GSM-7 (é à are GSM-7; no « dû », no ç ê): one SMS each with a Lomé school's
 * name and a short link. Created paused: the school turns them on.
 */
export const defaultWorkflows: Record<DefaultWorkflowKey, DefaultWorkflow> = {
  due_in_7: {
    name: 'Rappel J-7',
    trigger: 'invoice_due_in',
    params: { days: 7 },
    template:
      '{ecole}: Rappel: la scolarité de {eleve} ({montant}) est à régler avant le {echeance}. Payez ici: {lien}',
  },
  due_in_1: {
    name: 'Rappel J-1',
    trigger: 'invoice_due_in',
    params: { days: 1 },
    template:
      '{ecole}: Dernier rappel: {montant} à régler pour {eleve} demain, le {echeance}. Payez ici: {lien}',
  },
  overdue_3: {
    name: 'Rappel J+3',
    trigger: 'invoice_overdue',
    params: { days: 3 },
    template:
      '{ecole}: La scolarité de {eleve} est échue depuis le {echeance}. Reste à payer: {montant}. Payez ici: {lien}',
  },
  overdue_10: {
    name: 'Rappel J+10',
    trigger: 'invoice_overdue',
    params: { days: 10 },
    template:
      '{ecole}: Sauf erreur, {montant} restent à régler pour {eleve} (échéance du {echeance}). Payez ici: {lien} ou contactez l’école.',
  },
};

export const DEFAULT_WORKFLOWS_CREATED_BY = 'Écolage';

function defaultRows(organizationId: string): NewWorkflowRow[] {
  return defaultWorkflowKeys.map((key) => ({
    organizationId,
    name: defaultWorkflows[key].name,
    trigger: defaultWorkflows[key].trigger,
    params: defaultWorkflows[key].params,
    conditions: {},
    channel: 'sms',
    recipients: 'main_payer',
    staffRoleIds: [],
    template: defaultWorkflows[key].template,
    subject: null,
    enabled: false,
    defaultKey: key,
    createdBy: DEFAULT_WORKFLOWS_CREATED_BY,
  }));
}

/**
 * Gives the school the default reminders it lacks, paused, in the caller's transaction, with one
 * journal entry when any was added. Idempotent: a default the school archived is not made again,
 * nor one whose name the school already uses.
 */
export async function ensureDefaultWorkflows(
  tx: Transaction,
  organizationId: string,
): Promise<WorkflowRow[]> {
  const created = await insertMissingWorkflows(tx, defaultRows(organizationId));
  if (created.length > 0) {
    await recordAuditEntry(tx, {
      organizationId,
      actor: { type: 'system', label: DEFAULT_WORKFLOWS_CREATED_BY },
      action: 'automation.defaults_created',
      resourceType: 'workflow',
      category: 'settings',
      details: { automatisations: created.map((row) => row.name) },
    });
  }
  return created;
}

/** `ensureDefaultWorkflows` in a transaction of its own; how many were created. */
export async function ensureDefaultWorkflowsOfSchool(
  db: Database,
  organizationId: string,
): Promise<number> {
  return db.transaction(async (tx) => (await ensureDefaultWorkflows(tx, organizationId)).length);
}

/**
 * Every school lacking a default gets it (the planner's run; new schools get theirs on their
 * first plan or their first look at « Automatisations »). Returns how many were created.
 */
export async function ensureDefaultWorkflowsOfAllSchools(db: Database): Promise<number> {
  let created = 0;
  for (const organizationId of await findSchoolsLackingDefaults(db, defaultWorkflowKeys.length)) {
    created += await ensureDefaultWorkflowsOfSchool(db, organizationId);
  }
  return created;
}
