import { z } from 'zod';
import { isoInstantSchema, pageOf, pageQuery, pageSizeQuery } from './common';
import { workflowChannelValues } from './automation-templates';
import { updateWorkflowSchema } from './automations';

/**
 * What a workflow did and would do: « Simuler » (who would receive what, when, by which channel,
 * how many SMS, what it costs — nothing written) and the run history (every planned send with
 * its outcome and, when skipped or deferred, why). Also the test clock's shapes (journeys only).
 */

/** What one message costs the school, in francs: the figures « Simuler » multiplies. */
export const MESSAGE_PRICES_XOF = {
  /** One SMS part (a long SMS is billed per part). */
  smsSegment: 25,
  /** One WhatsApp utility template message. */
  whatsappMessage: 40,
  email: 0,
  staff: 0,
} as const;

/** The days « Simuler » looks ahead by default: what the planner plans. */
export const SIMULATION_DEFAULT_DAYS = 14;
export const SIMULATION_MAX_DAYS = 60;
/** Rows listed by « Simuler » (the totals count them all). */
export const SIMULATION_MAX_ROWS = 200;

export const sendStatusValues = [
  'planned',
  'queued',
  'sent',
  'delivered',
  'failed',
  'skipped',
] as const;
export type SendStatusValue = (typeof sendStatusValues)[number];

export const sendSkipReasonValues = [
  'paid_meanwhile',
  'invoice_voided',
  'opted_out',
  'no_phone',
  'no_email',
  'cap_reached',
  'workflow_paused',
  'condition_no_longer_met',
  'already_sent',
] as const;
export type SendSkipReasonValue = (typeof sendSkipReasonValues)[number];

export const sendDeferReasonValues = ['quiet_hours', 'cap_reached'] as const;
export type SendDeferReasonValue = (typeof sendDeferReasonValues)[number];

export const sendStatusLabels: Record<SendStatusValue, string> = {
  planned: 'Planifié',
  queued: 'En file d’envoi',
  sent: 'Envoyé',
  delivered: 'Remis',
  failed: 'Échec',
  skipped: 'Ignoré',
};

export const sendSkipReasonLabels: Record<SendSkipReasonValue, string> = {
  paid_meanwhile: 'payé entre-temps',
  invoice_voided: 'facture annulée',
  opted_out: 'désabonné',
  no_phone: 'pas de numéro de téléphone',
  no_email: 'pas d’adresse e-mail',
  cap_reached: 'limite de messages du jour atteinte',
  workflow_paused: 'automatisation en pause',
  condition_no_longer_met: 'ne remplit plus les conditions',
  already_sent: 'déjà envoyé',
};

export const sendDeferReasonLabels: Record<SendDeferReasonValue, string> = {
  quiet_hours: 'heures calmes (reporté)',
  cap_reached: 'limite du jour atteinte (reporté)',
};

// ── « Simuler » ──────────────────────────────────────────────────────────────────────────────

export const AutomationRunMessages = {
  simulateWhat: 'Indiquez l’automatisation à simuler : son identifiant ou son brouillon.',
  daysRange: `La simulation porte sur 1 à ${SIMULATION_MAX_DAYS} jours.`,
} as const;

/** `POST /api/automations/simulate`: a saved workflow (`workflowId`) or the editor's draft. */
export const simulateWorkflowSchema = z
  .object({
    workflowId: z.uuid({ error: 'Identifiant invalide.' }).optional(),
    workflow: updateWorkflowSchema.optional(),
    days: z
      .number({ error: AutomationRunMessages.daysRange })
      .int(AutomationRunMessages.daysRange)
      .min(1, AutomationRunMessages.daysRange)
      .max(SIMULATION_MAX_DAYS, AutomationRunMessages.daysRange)
      .default(SIMULATION_DEFAULT_DAYS),
  })
  .strict()
  .refine((value) => (value.workflowId === undefined) !== (value.workflow === undefined), {
    message: AutomationRunMessages.simulateWhat,
    path: ['workflowId'],
  });
export type SimulateWorkflowInput = z.input<typeof simulateWorkflowSchema>;
export type SimulateWorkflowBody = z.output<typeof simulateWorkflowSchema>;

export const simulationRowSchema = z.object({
  studentId: z.uuid().nullable(),
  studentName: z.string().nullable(),
  matricule: z.string().nullable(),
  guardianId: z.uuid().nullable(),
  guardianName: z.string().nullable(),
  invoiceId: z.uuid().nullable(),
  invoiceNumber: z.string().nullable(),
  channel: z.enum(workflowChannelValues),
  /** E.164, e-mail address; null when the guardian has none (skipped). */
  recipient: z.string().nullable(),
  /** When it would leave (ISO instant). */
  scheduledFor: z.string(),
  /** « J-3 avant le 05/12/2026 ». */
  occurrenceLabel: z.string(),
  /** Open balance of the invoice, francs. */
  amountDue: z.number().int(),
  /** The rendered text (the link shown as an example). */
  text: z.string(),
  /** SMS parts (0 for other channels). */
  segments: z.number().int(),
  costXof: z.number().int(),
  /** Null when it would be sent; else why not. */
  skipReason: z.enum(sendSkipReasonValues).nullable(),
  /** Why not, in French. */
  skipLabel: z.string().nullable(),
});
export type SimulationRow = z.infer<typeof simulationRowSchema>;

export const simulationTotalsSchema = z.object({
  /** Messages that would leave (every channel). */
  messages: z.number().int(),
  /** Distinct recipients reached. */
  recipients: z.number().int(),
  /** Distinct students concerned. */
  students: z.number().int(),
  sms: z.number().int(),
  smsSegments: z.number().int(),
  whatsapp: z.number().int(),
  email: z.number().int(),
  staff: z.number().int(),
  costXof: z.number().int(),
  skipped: z.number().int(),
  skippedByReason: z.partialRecord(z.enum(sendSkipReasonValues), z.number().int()),
});
export type SimulationTotals = z.infer<typeof simulationTotalsSchema>;

export const simulationResultSchema = z.object({
  /** The window simulated: school days, inclusive. */
  from: z.string(),
  to: z.string(),
  days: z.number().int(),
  /** False for a trigger that follows events (payments, enrolments…): nothing can be foreseen. */
  foreseeable: z.boolean(),
  prices: z.object({
    smsSegment: z.number().int(),
    whatsappMessage: z.number().int(),
    email: z.number().int(),
  }),
  totals: simulationTotalsSchema,
  /** The first SIMULATION_MAX_ROWS rows, by date; `truncated` when there are more. */
  rows: z.array(simulationRowSchema),
  truncated: z.boolean(),
});
export type SimulationResult = z.infer<typeof simulationResultSchema>;

// ── Run history ──────────────────────────────────────────────────────────────────────────────

export const workflowRunsQuerySchema = z.object({
  ...pageQuery,
  pageSize: pageSizeQuery(20),
  status: z.enum(sendStatusValues, { error: 'Statut invalide.' }).optional(),
});
export type WorkflowRunsQuery = z.infer<typeof workflowRunsQuerySchema>;

export const workflowRunSchema = z.object({
  id: z.uuid(),
  studentId: z.uuid().nullable(),
  studentName: z.string().nullable(),
  matricule: z.string().nullable(),
  guardianId: z.uuid().nullable(),
  guardianName: z.string().nullable(),
  invoiceId: z.uuid().nullable(),
  invoiceNumber: z.string().nullable(),
  channel: z.enum(workflowChannelValues),
  recipient: z.string(),
  occurrence: z.string(),
  /** « J-3 avant le 05/12/2026 », « J+10 après le 05/12/2026 (2e relance) ». */
  occurrenceLabel: z.string(),
  scheduledFor: z.string(),
  processedAt: z.string().nullable(),
  status: z.enum(sendStatusValues),
  skipReason: z.enum(sendSkipReasonValues).nullable(),
  deferredReason: z.enum(sendDeferReasonValues).nullable(),
  /** The reason in French (skipped or deferred), else null. */
  reasonLabel: z.string().nullable(),
  outboundMessageId: z.uuid().nullable(),
});
export type WorkflowRun = z.infer<typeof workflowRunSchema>;

export const workflowRunCountsSchema = z.object({
  planned: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  skippedByReason: z.partialRecord(z.enum(sendSkipReasonValues), z.number().int()),
});
export type WorkflowRunCounts = z.infer<typeof workflowRunCountsSchema>;

export const workflowRunsSchema = pageOf(workflowRunSchema).extend({
  counts: workflowRunCountsSchema,
});
export type WorkflowRuns = z.infer<typeof workflowRunsSchema>;

// ── Test clock (TEST_CLOCK=enabled only) ─────────────────────────────────────────────────────

export const testClockBodySchema = z.object({ at: isoInstantSchema }).strict();
export type TestClockBody = z.infer<typeof testClockBodySchema>;
export const testClockSchema = z.object({
  /** The application's now (ISO instant). */
  at: z.string(),
  /** How far it is from the real time, in milliseconds. */
  offsetMs: z.number().int(),
});
export type TestClock = z.infer<typeof testClockSchema>;

// ── Occurrences ──────────────────────────────────────────────────────────────────────────────

/** An invoice reminder's occurrence: its due date, the offset in days, the repetition (0 first). */
export interface InvoiceOccurrence {
  due: string;
  offset: number;
  repeat: number;
}

/** `due:2026-12-05;offset:-3;repeat:0`: the key the « never twice » promise is made on. */
export function invoiceOccurrence(value: InvoiceOccurrence): string {
  return `due:${value.due};offset:${value.offset};repeat:${value.repeat}`;
}

export function parseInvoiceOccurrence(occurrence: string): InvoiceOccurrence | null {
  const match = /^due:(\d{4}-\d{2}-\d{2});offset:(-?\d+);repeat:(\d+)$/.exec(occurrence);
  if (!match) return null;
  return { due: match[1]!, offset: Number(match[2]), repeat: Number(match[3]) };
}

function frenchDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

/** « J-3 avant le 05/12/2026 », « J+10 après le 05/12/2026 (2e relance) », « Semaine du … ». */
export function occurrenceLabel(occurrence: string): string {
  const invoice = parseInvoiceOccurrence(occurrence);
  if (invoice) {
    const due = frenchDay(invoice.due);
    const when =
      invoice.offset < 0
        ? `J${invoice.offset} avant le ${due}`
        : invoice.offset === 0
          ? `Le jour de l’échéance (${due})`
          : `J+${invoice.offset} après le ${due}`;
    return invoice.repeat > 0 ? `${when} (${invoice.repeat + 1}e relance)` : when;
  }
  const week = /^week:(\d{4}-\d{2}-\d{2})$/.exec(occurrence);
  if (week) return `Semaine du ${frenchDay(week[1]!)}`;
  return occurrence;
}
