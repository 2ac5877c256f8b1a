import type { CreateWorkflowInput } from '@ecolage/contracts';

/**
 * The school's default reminders, offered by the empty list: J-7 and J-1 before the due date,
 * J+3 and J+10 after it, an SMS to the main payer each. Written in GSM-7 (no ç ê ô « »), so one
 * reminder stays one SMS. The editor opens with one of them; nothing is saved until « Enregistrer ».
 */
export type WorkflowPreset = CreateWorkflowInput & { key: string };

const before =
  'Bonjour {responsable}, rappel {ecole} : {montant} pour {eleve} sont à payer avant le {echeance}. Payez ici : {lien}';
const after =
  'Bonjour {responsable}, {ecole} : {montant} pour {eleve} sont en retard depuis le {echeance}. Payez ici : {lien}';

function reminder(
  key: string,
  name: string,
  trigger: 'invoice_due_in' | 'invoice_overdue',
  days: number,
): WorkflowPreset {
  return {
    key,
    name,
    trigger,
    params: { days },
    conditions: {},
    action: {
      channel: 'sms',
      recipients: 'main_payer',
      staffRoleIds: [],
      template: trigger === 'invoice_due_in' ? before : after,
    },
    enabled: false,
  };
}

export const WORKFLOW_PRESETS: WorkflowPreset[] = [
  reminder('j-7', 'Rappel J-7', 'invoice_due_in', 7),
  reminder('j-1', 'Rappel J-1', 'invoice_due_in', 1),
  reminder('j+3', 'Relance J+3', 'invoice_overdue', 3),
  reminder('j+10', 'Relance J+10', 'invoice_overdue', 10),
];

/** A new workflow: an SMS to the main payer three days before the due date. */
export const BLANK_WORKFLOW: CreateWorkflowInput = {
  name: '',
  trigger: 'invoice_due_in',
  params: { days: 3 },
  conditions: {},
  action: { channel: 'sms', recipients: 'main_payer', staffRoleIds: [], template: before },
  enabled: false,
};
