import { describe, expect, it } from 'vitest';
import {
  createWorkflowSchema,
  placeholdersByTrigger,
  renderTemplate,
  sampleValues,
  templatePlaceholders,
  validateTemplate,
  workflowStepText,
  workflowStatusOf,
  workflowStatusLabels,
  workflowTriggerValues,
} from './automations';
import { systemRoles } from './permissions';

const reminder = 'Rappel {ecole}: {montant} pour {eleve} avant le {echeance}. Payez: {lien}';

describe('templates', () => {
  it('lists the placeholders a template names, once each, unknown ones included', () => {
    expect(templatePlaceholders('{eleve} {montant} {eleve} {inconnu} { pas } {Eleve}')).toEqual([
      'eleve',
      'montant',
      'inconnu',
      'Eleve',
    ]);
  });

  it('refuses an unknown placeholder with the allowed list in French', () => {
    const check = validateTemplate('Bonjour {eleve}, reçu {recu}', 'invoice_due_in', 'sms');
    expect(check.ok).toBe(false);
    if (check.ok || check.reason !== 'unknown_placeholders') throw new Error('refusal expected');
    expect(check.unknown).toEqual(['recu']);
    expect(check.allowed).toEqual([...placeholdersByTrigger.invoice_due_in]);
    expect(check.message).toContain('Variable inconnue : {recu}');
    expect(check.message).toContain('{montant}');
  });

  it('refuses an empty template and accepts a good one', () => {
    expect(validateTemplate('  \n ', 'invoice_overdue', 'sms')).toMatchObject({
      ok: false,
      reason: 'empty',
    });
    expect(validateTemplate(reminder, 'invoice_overdue', 'sms')).toEqual({
      ok: true,
      warnings: [],
      segments: 1,
    });
  });

  it('warns (does not refuse) an SMS over 3 parts', () => {
    const long = `${reminder} ${'Merci de régler rapidement votre scolarité. '.repeat(12)}`;
    const check = validateTemplate(long, 'invoice_due_in', 'sms');
    expect(check.ok).toBe(true);
    if (!check.ok) throw new Error('accepted expected');
    expect(check.segments).toBeGreaterThan(3);
    expect(check.warnings[0]).toContain('parties');
    expect(validateTemplate(long, 'invoice_due_in', 'email')).toEqual({
      ok: true,
      warnings: [],
      segments: null,
    });
  });

  it('renders by substitution only: GSM-7 for an SMS, e-mail untouched', () => {
    const values = {
      eleve: 'Ɖosseh K.',
      montant: '45 000 FCFA',
      ecole: 'École Démo',
      echeance: '15/01/2027',
      lien: 'https://x/s/a',
    };
    expect(
      renderTemplate('« {ecole} » : {eleve} doit {montant} — {inconnu}', values, {
        channel: 'sms',
      }),
    ).toBe('" École Démo " : Dosseh K. doit 45 000 FCFA - {inconnu}');
    expect(renderTemplate('« {ecole} » {facture}', values, { channel: 'email' })).toBe(
      '« École Démo » ',
    );
  });

  it('has a sample value for every placeholder a trigger offers', () => {
    for (const trigger of workflowTriggerValues) {
      for (const name of placeholdersByTrigger[trigger]) expect(sampleValues[name]).toBeTruthy();
    }
  });
});

describe('workflow bodies', () => {
  const base = {
    name: 'Rappel J-3',
    trigger: 'invoice_due_in',
    params: { days: 3 },
    action: { channel: 'sms', recipients: 'main_payer', template: reminder },
  } as const;

  it('accepts a reminder and defaults to paused', () => {
    const parsed = createWorkflowSchema.parse(base);
    expect(parsed.enabled).toBe(false);
    expect(parsed.conditions).toEqual({});
    expect(workflowStepText(parsed.trigger, parsed.params, parsed.action)).toBe(
      "J-3 avant l'échéance · SMS au payeur principal",
    );
  });

  it('refuses what does not fit the trigger or the channel, on the field', () => {
    const refusal = (body: unknown) =>
      createWorkflowSchema.safeParse(body).error?.issues.map((issue) => issue.path.join('.'));
    expect(refusal({ ...base, params: {} })).toEqual(['params.days']);
    expect(refusal({ ...base, params: { days: 91 } })).toEqual(['params.days']);
    expect(refusal({ ...base, params: { days: 3, repeatEveryDays: 7, repeatTimes: 2 } })).toEqual([
      'params.repeatEveryDays',
    ]);
    expect(
      refusal({ ...base, trigger: 'invoice_overdue', params: { days: 3, repeatTimes: 2 } }),
    ).toEqual(['params.repeatEveryDays']);
    expect(refusal({ ...base, action: { ...base.action, recipients: undefined } })).toEqual([
      'action.recipients',
    ]);
    expect(refusal({ ...base, action: { ...base.action, channel: 'email' } })).toEqual([
      'action.subject',
    ]);
    expect(refusal({ ...base, action: { ...base.action, template: '{recu}' } })).toEqual([
      'action.template',
    ]);
    expect(
      refusal({
        ...base,
        trigger: 'weekly_summary',
        params: {},
        action: { channel: 'sms', recipients: 'main_payer', template: '{ecole}' },
      }),
    ).toEqual(['action.channel']);
    expect(
      refusal({
        ...base,
        action: { channel: 'staff', staffRoleIds: [], template: '{eleve}' },
      }),
    ).toEqual(['action.staffRoleIds']);
  });

  it('overdue with repeats reads as it runs', () => {
    expect(
      workflowStepText(
        'invoice_overdue',
        { days: 3, repeatEveryDays: 7, repeatTimes: 4 },
        {
          channel: 'whatsapp',
          recipients: 'all_guardians',
          staffRoleIds: [],
        },
      ),
    ).toBe(
      "J+3 après l'échéance, puis tous les 7 jours (4 fois) · WhatsApp à tous les responsables",
    );
  });

  it('the status label follows enabled', () => {
    expect(workflowStatusLabels[workflowStatusOf(true)]).toBe('Actif');
    expect(workflowStatusLabels[workflowStatusOf(false)]).toBe('En pause');
  });
});

it('Finance may read and write automations, Scolarité not', () => {
  const finance = systemRoles.find((role) => role.key === 'finance')!;
  expect(finance.permissions).toContain('read:automations');
  expect(finance.permissions).toContain('write:automations');
  const registrar = systemRoles.find((role) => role.key === 'registrar')!;
  expect(registrar.permissions).not.toContain('read:automations');
  expect(registrar.permissions).not.toContain('write:automations');
});
