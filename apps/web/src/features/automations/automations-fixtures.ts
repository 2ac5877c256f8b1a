import type {
  MessageItem,
  SimulationResult,
  SimulationRow,
  Workflow,
  WorkflowRuns,
} from '@ecolage/contracts';
import { jsonResponse } from '../../test/fetch-mock';
import type { RouteRequest, Routes } from '../../test/api-routes';
import { studentsRoutes } from '../students/students-fixtures';

/** Test data of « Automatisations »: workflows, a server that switches them, a simulation, runs, messages. */

const id = (prefix: string, index: number) =>
  `${prefix}-0000-4d00-8d00-${String(index).padStart(12, '0')}`;

export function workflow(index: number, overrides: Partial<Workflow> = {}): Workflow {
  return {
    id: id('7a8b9c0d', index),
    name: `Rappel ${index}`,
    trigger: 'invoice_due_in',
    params: { days: 7 },
    conditions: {},
    action: {
      channel: 'sms',
      recipients: 'main_payer',
      staffRoleIds: [],
      template: 'Bonjour {responsable}, {montant} pour {eleve} avant le {echeance}. {lien}',
      subject: null,
    },
    enabled: false,
    status: 'paused',
    step: "J-7 avant l'échéance · SMS au payeur principal",
    isDefault: false,
    createdAt: '2026-11-20T08:00:00.000Z',
    updatedAt: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

export const J7 = workflow(1, { name: 'Rappel J-7', isDefault: true });
export const J3 = workflow(2, {
  name: 'Relance J+3',
  trigger: 'invoice_overdue',
  params: { days: 3, repeatEveryDays: 7, repeatTimes: 2 },
  enabled: true,
  status: 'active',
});
export const RECU = workflow(3, {
  name: 'Merci pour le paiement',
  trigger: 'payment_succeeded',
  params: {},
  action: {
    channel: 'whatsapp',
    recipients: 'all_guardians',
    staffRoleIds: [],
    template: 'Merci {responsable} : {montant_paye} reçu pour {eleve}.',
    subject: null,
  },
});

function simulationRow(overrides: Partial<SimulationRow>): SimulationRow {
  return {
    studentId: id('3c4d5e6f', 1),
    studentName: 'Afi Mensah',
    matricule: 'STU-001',
    guardianId: id('6a7b8c9d', 1),
    guardianName: 'Ama Mensah',
    invoiceId: id('a0e1f2a3', 1),
    invoiceNumber: 'ST-2026-0001',
    channel: 'sms',
    recipient: '+22890112233',
    scheduledFor: '2026-12-02T08:12:00.000Z',
    occurrenceLabel: 'J-7 avant le 09/12/2026',
    amountDue: 45000,
    text: 'Bonjour Ama Mensah, 45 000 FCFA pour Afi M. avant le 09/12/2026.',
    segments: 1,
    costXof: 25,
    skipReason: null,
    skipLabel: null,
    ...overrides,
  };
}

export const SIMULATION: SimulationResult = {
  from: '2026-11-26',
  to: '2026-12-09',
  days: 14,
  foreseeable: true,
  prices: { smsSegment: 25, whatsappMessage: 40, email: 0 },
  totals: {
    messages: 2,
    recipients: 2,
    students: 2,
    sms: 2,
    smsSegments: 3,
    whatsapp: 0,
    email: 0,
    staff: 0,
    costXof: 75,
    skipped: 1,
    skippedByReason: { no_phone: 1 },
  },
  rows: [
    simulationRow({}),
    simulationRow({
      studentName: 'Kossi Agbeko',
      matricule: 'STU-002',
      guardianName: 'Yawo Agbeko',
      recipient: '+22891445566',
      segments: 2,
      costXof: 50,
    }),
    simulationRow({
      studentName: 'Essi Dogbé',
      matricule: 'STU-003',
      guardianName: 'Kafui Dogbé',
      recipient: null,
      segments: 0,
      costXof: 0,
      skipReason: 'no_phone',
      skipLabel: 'pas de numéro de téléphone',
    }),
  ],
  truncated: false,
};

export const RUNS: WorkflowRuns = {
  items: [
    {
      id: id('d1e2f3a4', 1),
      studentId: id('3c4d5e6f', 1),
      studentName: 'Afi Mensah',
      matricule: 'STU-001',
      guardianId: id('6a7b8c9d', 1),
      guardianName: 'Ama Mensah',
      invoiceId: id('a0e1f2a3', 1),
      invoiceNumber: 'ST-2026-0001',
      channel: 'sms',
      recipient: '+22890112233',
      occurrence: 'due:2026-11-20;offset:3;repeat:0',
      occurrenceLabel: 'J+3 après le 20/11/2026',
      scheduledFor: '2026-11-23T08:05:00.000Z',
      processedAt: '2026-11-23T08:05:10.000Z',
      status: 'skipped',
      skipReason: 'paid_meanwhile',
      deferredReason: null,
      reasonLabel: 'payé entre-temps',
      outboundMessageId: null,
    },
  ],
  total: 1,
  page: 1,
  pageSize: 10,
  counts: {
    planned: 4,
    queued: 0,
    sent: 12,
    delivered: 10,
    failed: 1,
    skipped: 3,
    skippedByReason: { paid_meanwhile: 2, opted_out: 1 },
  },
};

export function message(index: number, overrides: Partial<MessageItem> = {}): MessageItem {
  return {
    id: id('e2f3a4b5', index),
    channel: 'sms',
    category: 'reminder',
    recipient: `+2289011223${index}`,
    subject: null,
    body: `Bonjour, rappel n° ${index}.`,
    status: 'delivered',
    attempts: 1,
    error: null,
    createdAt: '2026-11-25T09:00:00.000Z',
    sentAt: '2026-11-25T09:00:02.000Z',
    deliveredAt: '2026-11-25T09:00:09.000Z',
    template: 'reminder',
    fallbackOf: null,
    ...overrides,
  };
}

export const MESSAGES: MessageItem[] = [
  message(1),
  message(2, { status: 'failed', attempts: 1, error: 'Numéro inconnu (30005)' }),
  message(3, { status: 'dead', attempts: 5, error: 'Passerelle indisponible (503)' }),
];

/**
 * The server of the screen over `initial` workflows (enable and pause change them; `refuse`
 * makes them answer 500), plus the programmes and students of the students' fixtures.
 */
export function automationsRoutes(
  initial: Workflow[] = [J7, J3, RECU],
  { refuse = false, extra = {} }: { refuse?: boolean; extra?: Routes } = {},
): Routes {
  const workflows = initial.map((item) => ({ ...item }));
  const routes: Routes = {
    ...studentsRoutes(),
    'GET /api/automations': ({ url }: RouteRequest) => {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const page = Number(url.searchParams.get('page') ?? 1);
      const pageSize = Number(url.searchParams.get('pageSize') ?? 10);
      const found = workflows.filter((item) => item.name.toLowerCase().includes(q));
      return {
        items: found.slice((page - 1) * pageSize, page * pageSize),
        total: found.length,
        page,
        pageSize,
      };
    },
    'POST /api/automations/simulate': () => SIMULATION,
    'GET /api/messages': ({ url }: RouteRequest) => {
      const status = url.searchParams.get('status');
      const items = MESSAGES.filter((item) => !status || item.status === status);
      return { items, total: items.length, page: 1, pageSize: 20 };
    },
    'POST /api/automations/preview': () => ({
      text: 'Bonjour Ama Mensah, rappel : 45 000 FCFA pour Afi M.',
      subject: null,
      student: { id: id('3c4d5e6f', 1), name: 'Afi Mensah', matricule: 'STU-001' },
      sms: { encoding: 'GSM-7', units: 52, segments: 1, perSegment: 160 },
      warnings: [],
    }),
  };
  for (const item of workflows) {
    const switchTo = (enabled: boolean) => () => {
      if (refuse) return jsonResponse(500, { message: 'Une erreur interne est survenue.' });
      Object.assign(item, { enabled, status: enabled ? 'active' : 'paused' });
      return { ...item };
    };
    routes[`POST /api/automations/${item.id}/enable`] = switchTo(true);
    routes[`POST /api/automations/${item.id}/pause`] = switchTo(false);
    routes[`GET /api/automations/${item.id}/runs`] = () => RUNS;
  }
  for (const item of MESSAGES) {
    routes[`POST /api/messages/${item.id}/retry`] = () => ({
      message: { ...item, status: 'queued', attempts: 0 },
    });
  }
  return { ...routes, ...extra };
}
