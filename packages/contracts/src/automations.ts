import { z } from 'zod';
import { francsSchema, nameSchema, pageOf, pageQuery, pageSizeQuery } from './common';
import {
  placeholdersByTrigger,
  validateTemplate,
  workflowChannelValues,
  workflowTriggerValues,
  type WorkflowChannel,
  type WorkflowTrigger,
} from './automation-templates';
import { studentStatusValues } from './students';

export * from './automation-templates';

/**
 * « Automatisations »: a school's workflows — a trigger (an invoice due in N days, overdue by N
 * days and again every M days up to K times, a payment, an enrolment, a pre-registration, the
 * week's end), conditions on the student, and one action (a message to the payers by SMS,
 * WhatsApp or e-mail, or a notification to staff roles) with its French template.
 */

export const workflowTriggerLabels: Record<WorkflowTrigger, string> = {
  invoice_due_in: 'Échéance dans N jours',
  invoice_overdue: 'Facture en retard de N jours',
  payment_succeeded: 'Paiement reçu',
  payment_failed: 'Paiement échoué',
  student_enrolled: 'Étudiant inscrit',
  admission_received: 'Pré-inscription reçue',
  weekly_summary: 'Résumé hebdomadaire',
};

/** The triggers planned from invoices' due dates (they take `days`). */
export const invoiceTriggers = [
  'invoice_due_in',
  'invoice_overdue',
] as const satisfies readonly WorkflowTrigger[];
export function isInvoiceTrigger(
  trigger: WorkflowTrigger,
): trigger is (typeof invoiceTriggers)[number] {
  return (invoiceTriggers as readonly string[]).includes(trigger);
}

export const workflowChannelLabels: Record<WorkflowChannel, string> = {
  sms: 'SMS',
  whatsapp: 'WhatsApp',
  email: 'E-mail',
  staff: 'Notification à l’équipe',
};

export const workflowRecipientValues = ['main_payer', 'all_guardians'] as const;
export type WorkflowRecipients = (typeof workflowRecipientValues)[number];
export const workflowRecipientLabels: Record<WorkflowRecipients, string> = {
  main_payer: 'Payeur principal',
  all_guardians: 'Tous les responsables',
};

/** The status label follows `enabled` (the spec's toggle that left « Actif » was a defect). */
export const workflowStatusValues = ['active', 'paused'] as const;
export type WorkflowStatus = (typeof workflowStatusValues)[number];
export const workflowStatusLabels: Record<WorkflowStatus, string> = {
  active: 'Actif',
  paused: 'En pause',
};
export function workflowStatusOf(enabled: boolean): WorkflowStatus {
  return enabled ? 'active' : 'paused';
}

export const WORKFLOW_NAME_MAX_LENGTH = 80;
export const WORKFLOW_SUBJECT_MAX_LENGTH = 150;
export const WORKFLOW_MAX_STAFF_ROLES = 20;

export const AutomationMessages = {
  nameRequired: 'Donnez un nom à l’automatisation.',
  nameTaken: 'Une automatisation de l’école porte déjà ce nom : choisissez-en un autre.',
  notFound: 'Automatisation introuvable.',
  daysRequired: 'Indiquez le nombre de jours (de 0 à 90).',
  daysRange: 'Le nombre de jours va de 0 à 90.',
  repeatEveryRange: 'La répétition va de 1 à 60 jours.',
  repeatTimesRange: 'Le nombre de répétitions va de 1 à 12.',
  repeatBoth: 'Indiquez à la fois l’intervalle de répétition et le nombre de répétitions.',
  repeatOnlyOverdue: 'Seuls les rappels de retard peuvent se répéter.',
  paramsNotForTrigger: 'Ce déclencheur ne prend pas de nombre de jours.',
  conditionsNotForWeekly:
    'Le résumé hebdomadaire concerne toute l’école : il ne prend pas de conditions.',
  recipientsRequired:
    'Choisissez qui reçoit le message : le payeur principal ou tous les responsables.',
  recipientsNotForStaff: 'Une notification à l’équipe va à des rôles, pas aux responsables.',
  staffRolesRequired: 'Choisissez au moins un rôle de l’équipe à notifier.',
  staffRolesNotForPayers: 'Les rôles ne s’appliquent qu’aux notifications à l’équipe.',
  weeklyStaffOnly:
    'Le résumé hebdomadaire est une notification à l’équipe (il donne les chiffres de l’école).',
  subjectRequired: 'Indiquez l’objet de l’e-mail.',
  subjectTooLong: `L’objet ne doit pas dépasser ${WORKFLOW_SUBJECT_MAX_LENGTH} caractères.`,
  programmeNotFound: 'Ce programme n’existe pas dans votre école.',
  levelNotFound: 'Ce niveau n’existe pas dans votre école.',
  levelNotInProgramme: 'Ce niveau n’appartient pas au programme choisi.',
  roleNotFound: 'Un des rôles choisis n’existe pas dans votre école.',
  studentNotFound: 'Étudiant introuvable.',
} as const;

const uuid = z.uuid({ error: 'Identifiant invalide.' });
const int = (message: string) => z.number({ error: message }).int(message);

export const workflowParamsSchema = z
  .object({
    /** N: days before the due date (invoice_due_in) or after it (invoice_overdue). */
    days: int(AutomationMessages.daysRange)
      .min(0, AutomationMessages.daysRange)
      .max(90, AutomationMessages.daysRange)
      .optional(),
    /** M: overdue only, again every M days… */
    repeatEveryDays: int(AutomationMessages.repeatEveryRange)
      .min(1, AutomationMessages.repeatEveryRange)
      .max(60, AutomationMessages.repeatEveryRange)
      .optional(),
    /** …K more times. */
    repeatTimes: int(AutomationMessages.repeatTimesRange)
      .min(1, AutomationMessages.repeatTimesRange)
      .max(12, AutomationMessages.repeatTimesRange)
      .optional(),
  })
  .strict();
export type WorkflowParams = z.infer<typeof workflowParamsSchema>;

export const workflowConditionsSchema = z
  .object({
    programmeId: uuid.optional(),
    levelId: uuid.optional(),
    studentStatus: z.enum(studentStatusValues, { error: 'Statut invalide.' }).optional(),
    /** Only students who owe at least this many francs (open balance). */
    minimumBalance: francsSchema('Le solde minimum').optional(),
  })
  .strict();
export type WorkflowConditions = z.infer<typeof workflowConditionsSchema>;

export const workflowActionSchema = z
  .object({
    channel: z.enum(workflowChannelValues, { error: 'Canal invalide.' }),
    /** Payer channels: who among the student's guardians. */
    recipients: z.enum(workflowRecipientValues, { error: 'Destinataires invalides.' }).nullish(),
    /** Staff channel: the roles whose members are notified. */
    staffRoleIds: z.array(uuid).max(WORKFLOW_MAX_STAFF_ROLES).default([]),
    template: z.string({ error: 'Écrivez le message.' }),
    /** E-mail only (the title of a staff notification, else the workflow's name). */
    subject: z
      .string()
      .trim()
      .max(WORKFLOW_SUBJECT_MAX_LENGTH, AutomationMessages.subjectTooLong)
      .nullish(),
  })
  .strict();
export type WorkflowAction = z.infer<typeof workflowActionSchema>;

type WorkflowShape = {
  trigger: WorkflowTrigger;
  params: WorkflowParams;
  conditions: WorkflowConditions;
  action: WorkflowAction;
};

/** The rules between trigger, params, conditions and action (shared by the server and the editor). */
function checkWorkflow(value: WorkflowShape, ctx: z.RefinementCtx) {
  const { trigger, params, conditions, action } = value;
  const issue = (path: (string | number)[], message: string) =>
    ctx.addIssue({ code: 'custom', path, message });
  if (isInvoiceTrigger(trigger)) {
    if (params.days === undefined) issue(['params', 'days'], AutomationMessages.daysRequired);
  } else if (params.days !== undefined) {
    issue(['params', 'days'], AutomationMessages.paramsNotForTrigger);
  }
  const repeats = params.repeatEveryDays !== undefined || params.repeatTimes !== undefined;
  if (repeats && trigger !== 'invoice_overdue') {
    issue(['params', 'repeatEveryDays'], AutomationMessages.repeatOnlyOverdue);
  } else if (
    repeats &&
    (params.repeatEveryDays === undefined || params.repeatTimes === undefined)
  ) {
    issue(
      ['params', params.repeatEveryDays === undefined ? 'repeatEveryDays' : 'repeatTimes'],
      AutomationMessages.repeatBoth,
    );
  }
  if (trigger === 'weekly_summary') {
    if (Object.values(conditions).some((condition) => condition !== undefined)) {
      issue(['conditions'], AutomationMessages.conditionsNotForWeekly);
    }
    if (action.channel !== 'staff')
      issue(['action', 'channel'], AutomationMessages.weeklyStaffOnly);
  }
  if (action.channel === 'staff') {
    if (action.recipients)
      issue(['action', 'recipients'], AutomationMessages.recipientsNotForStaff);
    if (action.staffRoleIds.length === 0)
      issue(['action', 'staffRoleIds'], AutomationMessages.staffRolesRequired);
  } else {
    if (!action.recipients) issue(['action', 'recipients'], AutomationMessages.recipientsRequired);
    if (action.staffRoleIds.length > 0)
      issue(['action', 'staffRoleIds'], AutomationMessages.staffRolesNotForPayers);
  }
  if (action.channel === 'email' && !action.subject)
    issue(['action', 'subject'], AutomationMessages.subjectRequired);
  const check = validateTemplate(action.template, trigger, action.channel);
  if (!check.ok) issue(['action', 'template'], check.message);
  if (action.subject) {
    const subjectCheck = validateTemplate(action.subject, trigger, 'email');
    if (!subjectCheck.ok && subjectCheck.reason === 'unknown_placeholders') {
      issue(['action', 'subject'], subjectCheck.message);
    }
  }
}

const workflowFields = {
  name: nameSchema(AutomationMessages.nameRequired, WORKFLOW_NAME_MAX_LENGTH),
  trigger: z.enum(workflowTriggerValues, { error: 'Déclencheur invalide.' }),
  params: workflowParamsSchema.default({}),
  conditions: workflowConditionsSchema.default({}),
  action: workflowActionSchema,
};

/** `PUT /api/automations/:id`: the whole workflow (enable and pause have their own routes). */
export const updateWorkflowSchema = z.object(workflowFields).strict().superRefine(checkWorkflow);
export type UpdateWorkflowInput = z.input<typeof updateWorkflowSchema>;
export type UpdateWorkflowBody = z.output<typeof updateWorkflowSchema>;

/** `POST /api/automations`: created paused unless `enabled` says otherwise. */
export const createWorkflowSchema = z
  .object({ ...workflowFields, enabled: z.boolean().default(false) })
  .strict()
  .superRefine(checkWorkflow);
export type CreateWorkflowInput = z.input<typeof createWorkflowSchema>;
export type CreateWorkflowBody = z.output<typeof createWorkflowSchema>;

export const workflowCountsSchema = z.object({
  planned: z.number().int(),
  sent: z.number().int(),
  skipped: z.number().int(),
});
export type WorkflowCounts = z.infer<typeof workflowCountsSchema>;

export const workflowSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  trigger: z.enum(workflowTriggerValues),
  params: workflowParamsSchema,
  conditions: workflowConditionsSchema,
  action: z.object({
    channel: z.enum(workflowChannelValues),
    recipients: z.enum(workflowRecipientValues).nullable(),
    staffRoleIds: z.array(z.uuid()),
    template: z.string(),
    subject: z.string().nullable(),
  }),
  enabled: z.boolean(),
  /** Follows `enabled`: « Actif » or « En pause ». */
  status: z.enum(workflowStatusValues),
  /** « J-3 avant l'échéance · SMS au payeur principal ». */
  step: z.string(),
  /** One of the school's default reminders (J-7, J-1, J+3, J+10). */
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  counts: workflowCountsSchema.optional(),
});
export type Workflow = z.infer<typeof workflowSchema>;

export const workflowListQuerySchema = z.object({
  ...pageQuery,
  pageSize: pageSizeQuery(10),
  q: z.string().trim().max(120).optional(),
  status: z.enum(workflowStatusValues).optional(),
});
export type WorkflowListQuery = z.infer<typeof workflowListQuerySchema>;
export const workflowListSchema = pageOf(workflowSchema);

/** The school's roles a staff notification may go to (`GET /api/automations/roles`). */
export const workflowRolesSchema = z.array(z.object({ id: z.uuid(), name: z.string() }));
export type WorkflowRole = z.infer<typeof workflowRolesSchema>[number];
export type WorkflowList = z.infer<typeof workflowListSchema>;

/** `POST /api/automations/preview`: the text as a real student of the school would get it. */
export const workflowPreviewSchema = z
  .object({
    template: z.string({ error: 'Écrivez le message.' }),
    channel: z.enum(workflowChannelValues, { error: 'Canal invalide.' }),
    trigger: z.enum(workflowTriggerValues, { error: 'Déclencheur invalide.' }),
    subject: z
      .string()
      .trim()
      .max(WORKFLOW_SUBJECT_MAX_LENGTH, AutomationMessages.subjectTooLong)
      .nullish(),
    studentId: z.uuid({ error: 'Identifiant invalide.' }).nullish(),
  })
  .strict()
  .superRefine((value, ctx) => {
    const check = validateTemplate(value.template, value.trigger, value.channel);
    if (!check.ok) ctx.addIssue({ code: 'custom', path: ['template'], message: check.message });
  });
export type WorkflowPreviewInput = z.input<typeof workflowPreviewSchema>;

export const workflowPreviewResultSchema = z.object({
  text: z.string(),
  subject: z.string().nullable(),
  /** The student whose figures filled the placeholders; null: the sample values (no student yet). */
  student: z.object({ id: z.uuid(), name: z.string(), matricule: z.string() }).nullable(),
  /** SMS only: how the text is sent and how many SMS it costs per recipient. */
  sms: z
    .object({
      encoding: z.enum(['GSM-7', 'UCS-2']),
      units: z.number().int(),
      segments: z.number().int(),
      perSegment: z.number().int(),
    })
    .nullable(),
  warnings: z.array(z.string()),
});
export type WorkflowPreviewResult = z.infer<typeof workflowPreviewResultSchema>;

function plural(count: number, word: string) {
  return `${count} ${word}${count > 1 ? 's' : ''}`;
}

/** When a workflow runs, in words (« J-3 avant l'échéance », « J+10 après l'échéance, puis … »). */
export function workflowWhenText(trigger: WorkflowTrigger, params: WorkflowParams): string {
  switch (trigger) {
    case 'invoice_due_in':
      return params.days ? `J-${params.days} avant l'échéance` : "Le jour de l'échéance";
    case 'invoice_overdue': {
      const first = `J+${params.days ?? 0} après l'échéance`;
      if (!params.repeatEveryDays || !params.repeatTimes) return first;
      return `${first}, puis tous les ${plural(params.repeatEveryDays, 'jour')} (${params.repeatTimes} fois)`;
    }
    case 'payment_succeeded':
      return 'À chaque paiement reçu';
    case 'payment_failed':
      return 'À chaque paiement échoué';
    case 'student_enrolled':
      return 'À chaque inscription';
    case 'admission_received':
      return 'À chaque pré-inscription';
    case 'weekly_summary':
      return 'Chaque lundi matin';
  }
}

/** What a workflow does, in words (« SMS au payeur principal », « Notification à 2 rôles »). */
export function workflowActionText(
  action: Pick<WorkflowAction, 'channel' | 'recipients' | 'staffRoleIds'>,
): string {
  if (action.channel === 'staff') {
    return `Notification à l’équipe (${plural(action.staffRoleIds.length, 'rôle')})`;
  }
  const to =
    action.recipients === 'all_guardians' ? 'à tous les responsables' : 'au payeur principal';
  return `${workflowChannelLabels[action.channel]} ${to}`;
}

/** The table's « Étape »: « J-3 avant l'échéance · SMS au payeur principal ». */
export function workflowStepText(
  trigger: WorkflowTrigger,
  params: WorkflowParams,
  action: Pick<WorkflowAction, 'channel' | 'recipients' | 'staffRoleIds'>,
): string {
  return `${workflowWhenText(trigger, params)} · ${workflowActionText(action)}`;
}

/** The placeholders the editor offers for a trigger, with what each is replaced by. */
export function allowedPlaceholders(trigger: WorkflowTrigger) {
  return placeholdersByTrigger[trigger];
}

/** `/api/automations/:workflowId`. */
export const workflowIdParamsSchema = z.object({
  workflowId: z.uuid({ error: 'Identifiant invalide.' }),
});
