import {
  createWorkflowSchema,
  isInvoiceTrigger,
  validateTemplate,
  workflowChannelValues,
  workflowRecipientValues,
  workflowTriggerValues,
} from '@ecolage/contracts';
import type {
  CreateWorkflowBody,
  CreateWorkflowInput,
  WorkflowChannel,
  WorkflowRecipients,
  WorkflowTrigger,
} from '@ecolage/contracts';
import type { TFunction } from 'i18next';
import { amountText, readAmount, readWhole } from '../../lib/amounts';
import type { KitForm } from '../../components/ui/form';
import type { SchemaIssue } from '../../components/ui/form-issues';
import { readFormSchema } from '../payments/payment-form-schema';

/**
 * The workflow editor's values as typed (numbers stay text until sent), shaped like the request
 * so that every refusal of the contracts' `createWorkflowSchema` (the server's own rules) lands on
 * its field: `params.days`, `conditions.levelId`, `action.template`…
 */
export interface WorkflowValues {
  name: string;
  trigger: WorkflowTrigger;
  params: { days: string; repeat: boolean; repeatEveryDays: string; repeatTimes: string };
  conditions: {
    programmeId: string;
    levelId: string;
    studentStatus: string;
    minimumBalance: string;
  };
  action: {
    channel: WorkflowChannel;
    recipients: WorkflowRecipients;
    staffRoleIds: string[];
    template: string;
    subject: string;
  };
  enabled: boolean;
}

/** The editor's form: typed values, checked into a create request. */
export type WorkflowForm = KitForm<WorkflowValues, CreateWorkflowBody>;

const text = (value: number | undefined) => (value === undefined ? '' : String(value));

/** The form of a saved workflow, a preset or a blank one. */
export function workflowValues(source: CreateWorkflowInput, language: string): WorkflowValues {
  const params = source.params ?? {};
  const conditions = source.conditions ?? {};
  return {
    name: source.name,
    trigger: source.trigger,
    params: {
      days: text(params.days),
      repeat: params.repeatEveryDays !== undefined,
      repeatEveryDays: text(params.repeatEveryDays),
      repeatTimes: text(params.repeatTimes),
    },
    conditions: {
      programmeId: conditions.programmeId ?? '',
      levelId: conditions.levelId ?? '',
      studentStatus: conditions.studentStatus ?? '',
      minimumBalance:
        conditions.minimumBalance === undefined
          ? ''
          : amountText(conditions.minimumBalance, language),
    },
    action: {
      channel: source.action.channel,
      recipients: source.action.recipients ?? 'main_payer',
      staffRoleIds: [...(source.action.staffRoleIds ?? [])],
      template: source.action.template,
      subject: source.action.subject ?? '',
    },
    enabled: source.enabled ?? false,
  };
}

function whole(value: string): number | undefined {
  return readWhole(value);
}

/** The request the form stands for: only what the trigger and channel take. */
export function workflowRequest(values: WorkflowValues): CreateWorkflowInput {
  const { trigger, action } = values;
  const staff = action.channel === 'staff';
  const params: CreateWorkflowInput['params'] = {};
  if (isInvoiceTrigger(trigger)) {
    const days = whole(values.params.days);
    if (days !== undefined) params.days = days;
    if (trigger === 'invoice_overdue' && values.params.repeat) {
      const every = whole(values.params.repeatEveryDays);
      const times = whole(values.params.repeatTimes);
      if (every !== undefined) params.repeatEveryDays = every;
      if (times !== undefined) params.repeatTimes = times;
    }
  }
  const conditions: NonNullable<CreateWorkflowInput['conditions']> = {};
  if (trigger !== 'weekly_summary') {
    const { programmeId, levelId, studentStatus, minimumBalance } = values.conditions;
    if (programmeId) conditions.programmeId = programmeId;
    if (programmeId && levelId) conditions.levelId = levelId;
    const status = ['active', 'suspended', 'pending'].find((value) => value === studentStatus);
    if (status) conditions.studentStatus = status as 'active' | 'suspended' | 'pending';
    const minimum = readAmount(minimumBalance);
    if (minimum !== undefined) conditions.minimumBalance = minimum;
  }
  return {
    name: values.name,
    trigger,
    params,
    conditions,
    action: {
      channel: action.channel,
      recipients: staff ? null : action.recipients,
      staffRoleIds: staff ? action.staffRoleIds : [],
      template: action.template,
      ...(action.channel === 'email' ? { subject: action.subject } : {}),
    },
    enabled: values.enabled,
  };
}

/** Placeholders as written in a template: `{eleve}, {montant}`. */
export function placeholderList(names: readonly string[]): string {
  return names.map((name) => `{${name}}`).join(', ');
}

/**
 * What is wrong with the template, in the reader's language (null: nothing): empty, or the
 * unknown placeholders and the ones the trigger allows. Said as the reader types.
 */
export function templateProblem(
  t: TFunction,
  template: string,
  trigger: WorkflowTrigger,
  channel: WorkflowChannel,
): string | null {
  const check = validateTemplate(template, trigger, channel);
  if (check.ok) return null;
  if (check.reason !== 'unknown_placeholders') {
    return check.reason === 'empty'
      ? t('automations.template.empty')
      : t('automations.template.tooLong');
  }
  return t('automations.template.unknown', {
    count: check.unknown.length,
    unknown: placeholderList(check.unknown),
    allowed: placeholderList(check.allowed),
  });
}

/**
 * The editor's schema: the values read into the request and checked by `createWorkflowSchema`;
 * the template's problem is said in the reader's language rather than the schema's French.
 */
export function workflowFormSchema(t: TFunction) {
  return readFormSchema<WorkflowValues, CreateWorkflowBody>(createWorkflowSchema, {
    read: workflowRequest,
    override: (values): SchemaIssue[] => {
      const problem = templateProblem(
        t,
        values.action.template,
        values.trigger,
        values.action.channel,
      );
      return problem ? [{ code: 'custom', path: ['action', 'template'], message: problem }] : [];
    },
  });
}

export const TRIGGERS = workflowTriggerValues;
export const CHANNELS = workflowChannelValues;
export const RECIPIENTS = workflowRecipientValues;
