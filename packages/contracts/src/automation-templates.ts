import { smsSegments, toGsm7 } from './sms-text';

/**
 * The placeholders of an automation's message (« Automatisations », research messaging.md §7.8):
 * which ones each trigger offers, how a template is checked when it is saved (an unknown
 * placeholder is refused with the list of allowed ones; an SMS over 3 parts is a warning) and how
 * it is rendered — a plain substitution, no logic. Shared by the server (save, preview, send) and
 * the editor's live preview.
 */

export const workflowTriggerValues = [
  'invoice_due_in',
  'invoice_overdue',
  'payment_succeeded',
  'payment_failed',
  'student_enrolled',
  'admission_received',
  'weekly_summary',
] as const;
export type WorkflowTrigger = (typeof workflowTriggerValues)[number];

export const workflowChannelValues = ['sms', 'whatsapp', 'email', 'staff'] as const;
export type WorkflowChannel = (typeof workflowChannelValues)[number];

/** Every placeholder a template may use, with what it is replaced by (the editor's help). */
export const placeholderLabels = {
  eleve: 'Prénom et initiale de l’élève (Kofi A.)',
  eleve_complet: 'Nom complet de l’élève',
  matricule: 'Matricule de l’élève',
  classe: 'Niveau (classe) de l’élève',
  programme: 'Programme de l’élève',
  montant: 'Solde dû (45 000 FCFA)',
  echeance: 'Date d’échéance (jj/mm/aaaa)',
  facture: 'Numéro de la facture',
  lien: 'Lien court de paiement',
  ecole: 'Nom de l’école',
  responsable: 'Nom du responsable destinataire',
  jours_retard: 'Nombre de jours de retard',
  montant_paye: 'Montant payé',
  recu: 'Numéro du reçu',
  montant_tente: 'Montant du paiement échoué',
  motif: 'Motif de l’échec du paiement',
  semaine: 'Semaine résumée (du jj/mm au jj/mm)',
  encaisse_semaine: 'Total encaissé dans la semaine',
  paiements_semaine: 'Nombre de paiements de la semaine',
  impayes: 'Total des impayés',
  classes_impayes: 'Classes les plus en retard',
} as const;
export type Placeholder = keyof typeof placeholderLabels;

const student = ['eleve', 'eleve_complet', 'matricule', 'classe', 'programme'] as const;
const school = ['ecole', 'responsable'] as const;

/** Which placeholders each trigger can fill. */
export const placeholdersByTrigger: Record<WorkflowTrigger, readonly Placeholder[]> = {
  invoice_due_in: [...student, ...school, 'montant', 'echeance', 'facture', 'lien'],
  invoice_overdue: [
    ...student,
    ...school,
    'montant',
    'echeance',
    'facture',
    'lien',
    'jours_retard',
  ],
  payment_succeeded: [...student, ...school, 'montant_paye', 'recu', 'montant', 'lien'],
  payment_failed: [...student, ...school, 'montant_tente', 'motif', 'montant', 'lien'],
  student_enrolled: [...student, ...school, 'montant', 'echeance', 'lien'],
  admission_received: [...student, ...school],
  weekly_summary: [
    'ecole',
    'semaine',
    'encaisse_semaine',
    'paiements_semaine',
    'impayes',
    'classes_impayes',
  ],
};

export function isPlaceholder(name: string): name is Placeholder {
  return Object.hasOwn(placeholderLabels, name);
}

/** `{name}`: letters, digits and underscores between braces, no space (else it is plain text). */
const PLACEHOLDER = /\{([^{}\s]{1,40})\}/g;

/** The placeholders a template names, in order, once each (unknown ones included). */
export function templatePlaceholders(template: string): string[] {
  const names = new Set<string>();
  for (const match of template.matchAll(PLACEHOLDER)) names.add(match[1]!);
  return [...names];
}

/** An SMS longer than this many parts is a warning when the template is saved. */
export const SMS_SEGMENT_WARNING = 3;
export const TEMPLATE_MAX_LENGTH = 2000;

export const TemplateMessages = {
  empty: 'Le message est vide : écrivez le texte envoyé.',
  tooLong: `Le message ne doit pas dépasser ${TEMPLATE_MAX_LENGTH} caractères.`,
  unknown: (unknown: readonly string[], allowed: readonly string[]) =>
    `${unknown.length > 1 ? 'Variables inconnues' : 'Variable inconnue'} : ${unknown
      .map((name) => `{${name}}`)
      .join(', ')}. Variables possibles pour ce déclencheur : ${allowed
      .map((name) => `{${name}}`)
      .join(', ')}.`,
  longSms: (segments: number) =>
    `Ce SMS fera ${segments} parties (plus de ${SMS_SEGMENT_WARNING}) : il coûtera ${segments} SMS par destinataire. Raccourcissez-le si possible.`,
} as const;

export type TemplateCheck =
  | { ok: true; warnings: string[]; segments: number | null }
  | { ok: false; reason: 'empty' | 'too_long'; message: string }
  | {
      ok: false;
      reason: 'unknown_placeholders';
      unknown: string[];
      allowed: Placeholder[];
      message: string;
    };

/**
 * Checks a template for a trigger and channel: not empty, not too long, every placeholder one the
 * trigger fills; for an SMS, the parts it takes with the sample values (over 3: a warning).
 */
export function validateTemplate(
  template: string,
  trigger: WorkflowTrigger,
  channel: WorkflowChannel,
): TemplateCheck {
  if (template.trim() === '')
    return { ok: false, reason: 'empty', message: TemplateMessages.empty };
  if (template.length > TEMPLATE_MAX_LENGTH) {
    return { ok: false, reason: 'too_long', message: TemplateMessages.tooLong };
  }
  const allowed = [...placeholdersByTrigger[trigger]];
  const unknown = templatePlaceholders(template).filter(
    (name) => !(allowed as string[]).includes(name),
  );
  if (unknown.length > 0) {
    return {
      ok: false,
      reason: 'unknown_placeholders',
      unknown,
      allowed,
      message: TemplateMessages.unknown(unknown, allowed),
    };
  }
  if (channel !== 'sms') return { ok: true, warnings: [], segments: null };
  const { segments } = smsSegments(renderTemplate(template, sampleValues, { channel }));
  const warnings = segments > SMS_SEGMENT_WARNING ? [TemplateMessages.longSms(segments)] : [];
  return { ok: true, warnings, segments };
}

export type PlaceholderValues = Partial<Record<Placeholder, string>>;

/**
 * The message: each known placeholder replaced by its value (a missing value by nothing), unknown
 * ones left as written. An SMS is put in GSM-7 (accents GSM-7 has stay); e-mail, WhatsApp and
 * staff texts are untouched (an HTML e-mail escapes when it lays the text out).
 */
export function renderTemplate(
  template: string,
  values: PlaceholderValues,
  options: { channel: WorkflowChannel },
): string {
  const text = template.replace(PLACEHOLDER, (whole, name: string) =>
    isPlaceholder(name) ? (values[name] ?? '') : whole,
  );
  return options.channel === 'sms' ? toGsm7(text) : text;
}

/**
 * Values for previews without a student, and for the SMS length check: long enough to be a fair
 * worst case for a class of a Lomé school.
 */
export const sampleValues: Record<Placeholder, string> = {
  eleve: 'Kossiwa A.',
  eleve_complet: 'Kossiwa Adjoa AMEGAVI',
  matricule: 'STU-0042',
  classe: 'CM2 A',
  programme: 'Primaire',
  montant: '145 000 FCFA',
  echeance: '15/01/2027',
  facture: 'ST-2026-00042',
  lien: 'https://ecl.tg/s/Ab3xY9Qk',
  ecole: 'CS Saint-Michel',
  responsable: 'Afi AMEGAVI',
  jours_retard: '10',
  montant_paye: '45 000 FCFA',
  recu: 'REC-2026-000123',
  montant_tente: '45 000 FCFA',
  motif: 'Solde insuffisant',
  semaine: 'du 04/01 au 10/01',
  encaisse_semaine: '1 250 000 FCFA',
  paiements_semaine: '38',
  impayes: '3 400 000 FCFA',
  classes_impayes: 'CM2 A (450 000 FCFA), 6e B (320 000 FCFA)',
};
