import { describe, expect, it } from 'vitest';
import { emailSchema, passwordSchema, personNameSchema } from '@ecolage/contracts';
import { ApiClientError } from '../../lib/api-client';
import { changeLanguage, i18n } from '../../i18n';
import { issueKind, issueMessage, planRefusal, valuePaths } from './form-issues';
import type { SchemaIssue } from './form-issues';

function issueOf(schema: typeof emailSchema | typeof passwordSchema, value: unknown): SchemaIssue {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) throw new Error('expected a refusal');
  return result.error.issues[0] as SchemaIssue;
}

describe('issueKind', () => {
  it('reads the kind from the code and the value the check saw', () => {
    expect(issueKind(issueOf(emailSchema, undefined))).toBe('required');
    expect(issueKind(issueOf(emailSchema, '   '))).toBe('required');
    expect(issueKind(issueOf(emailSchema, 'ama@'))).toBe('invalidEmail');
    expect(issueKind(issueOf(emailSchema, `${'a'.repeat(250)}@x.tg`))).toBe('tooLong');
    // A password of spaces is a (too short) password: its schema does not trim.
    expect(issueKind(issueOf(passwordSchema, '   '))).toBe('tooShort');
    expect(issueKind(issueOf(personNameSchema, 'A'))).toBe('tooShort');
    expect(
      issueKind({ code: 'too_small', path: [], message: '', input: 0, origin: 'number' }),
    ).toBe('tooSmall');
    expect(issueKind({ code: 'custom', path: [], message: '', input: '' })).toBe('invalid');
  });
});

describe('issueMessage', () => {
  const t = i18n.getFixedT('en');
  it('is the schema’s sentence for a French reader, the kind’s text with bounds otherwise', () => {
    const short = issueOf(passwordSchema, '123');
    expect(issueMessage(short, { t, language: 'fr' })).toBe(
      'Le mot de passe doit contenir au moins 6 caractères.',
    );
    expect(issueMessage(short, { t: i18n.getFixedT('fr'), language: 'en' })).toBe(
      'Au moins 6 caractères.',
    );
    const own = { messages: { '': { tooShort: 'Six, please.' } } };
    expect(issueMessage(short, { t, language: 'fr', ...own })).toBe('Six, please.');
  });

  it('says a contracts’ rule that names its domain code by that code (the payment amounts)', async () => {
    const above = {
      code: 'custom',
      path: ['amount'],
      message: 'Le montant dépasse ce qui reste à payer sur les factures choisies.',
      params: { code: 'AMOUNT_ABOVE_BALANCE', balance: 75_000 },
    };
    expect(issueMessage(above, { t: i18n.getFixedT('fr'), language: 'fr' })).toBe(above.message);
    await changeLanguage('en');
    try {
      expect(issueMessage(above, { t: i18n.getFixedT('en'), language: 'en' })).toBe(
        'The amount is more than what is left to pay on the chosen invoices (75,000\u00A0FCFA).',
      );
    } finally {
      await changeLanguage('fr');
    }
  });
});

describe('planRefusal', () => {
  const t = i18n.getFixedT('fr');
  const fieldNames = ['name', 'lines', 'lines.0.amount'];

  it('puts a mapped code on its field, issues on theirs, else the form', () => {
    const taken = new ApiClientError(409, { code: 'CONFLICT', message: 'Déjà pris.' });
    expect(
      planRefusal(taken, { t, fieldNames, codes: { CONFLICT: 'name' }, failure: 'x' }),
    ).toEqual({ fields: [{ name: 'name', message: 'Déjà pris.' }], form: null });
    const invalid = new ApiClientError(400, {
      message: 'Données invalides.',
      issues: [
        { path: 'lines.0.amount', message: 'Montant refusé.' },
        { path: 'lines.0.amount', message: 'Second message.' },
        { path: 'token', message: 'Pas ici.' },
      ],
    });
    expect(planRefusal(invalid, { t, fieldNames, failure: 'x' })).toEqual({
      fields: [{ name: 'lines.0.amount', message: 'Montant refusé.' }],
      form: null,
    });
    expect(planRefusal(taken, { t, fieldNames, failure: 'x' })).toEqual({
      fields: [],
      form: 'Déjà pris.',
    });
    expect(planRefusal(new Error('boom'), { t, fieldNames, failure: 'Échec.' }).form).toBe(
      'Échec.',
    );
  });
});

describe('valuePaths', () => {
  it('opens objects and arrays', () => {
    expect(valuePaths({ name: 'A', lines: [{ amount: 1 }], tags: [] })).toEqual([
      'name',
      'lines',
      'lines.0',
      'lines.0.amount',
      'tags',
    ]);
  });
});
