import { beforeAll, describe, expect, it } from 'vitest';
import { PayerMessages, PaymentMessages, AccessMessages } from '@ecolage/contracts';
import { changeLanguage, i18n } from '../i18n';
import { formatMoney } from './amounts';
import { ApiClientError, NetworkError } from './api-client';
import { planRefusal } from '../components/ui/form-issues';
import { codeMessage, errorMessage } from './error-message';

const refused = (status: number, code: string, message: string, params?: Record<string, number>) =>
  new ApiClientError(status, { code: code as never, message, ...(params ? { params } : {}) });

const refundAbove = refused(400, 'REFUND_ABOVE_REFUNDABLE', PaymentMessages.refundAboveRefundable, {
  refundable: 25_000,
});
const roleTaken = refused(409, 'ROLE_NAME_TAKEN', AccessMessages.roleNameTaken);
const belowMinimum = refused(422, 'AMOUNT_BELOW_MINIMUM', PayerMessages.amountBelowMinimum, {
  minimum: 10_000,
});

describe('errorMessage', () => {
  beforeAll(async () => {
    // Loads the English chunk once; each test's end puts French back.
    await changeLanguage('en');
  });

  it('says a refused refund, a duplicate role name and an amount below the minimum in English', () => {
    const t = i18n.getFixedT('en');
    expect(errorMessage(refundAbove, t, 'x')).toBe(
      `The refund is more than what can still be refunded on this payment (${formatMoney(25_000, 'en')}).`,
    );
    expect(errorMessage(roleTaken, t, 'x')).toBe('A role already has this name in your school.');
    expect(errorMessage(belowMinimum, t, 'x')).toBe(
      `The amount is below the minimum the school accepts (${formatMoney(10_000, 'en')}).`,
    );
  });

  it('gives a French reader the server’s own sentence', () => {
    const t = i18n.getFixedT('fr');
    expect(errorMessage(refundAbove, t, 'x')).toBe(PaymentMessages.refundAboveRefundable);
    expect(errorMessage(roleTaken, t, 'x')).toBe(AccessMessages.roleNameTaken);
    expect(errorMessage(belowMinimum, t, 'x')).toBe(PayerMessages.amountBelowMinimum);
  });

  it('falls back on the server’s sentence for a code without text, then on the fallback', () => {
    const t = i18n.getFixedT('en');
    const general = refused(400, 'VALIDATION_FAILED', 'Le nom est obligatoire.');
    expect(errorMessage(general, t, 'x')).toBe('Le nom est obligatoire.');
    expect(errorMessage(refused(409, 'SOMETHING_NEW', 'Phrase du serveur.'), t, 'x')).toBe(
      'Phrase du serveur.',
    );
    expect(errorMessage(new ApiClientError(502, undefined), t, 'Failed.')).toBe('Failed.');
    expect(errorMessage(new Error('boom'), t, 'Failed.')).toBe('Failed.');
    expect(errorMessage(new NetworkError(new Error('offline')), t, 'x')).toBe(
      t('common.networkError'),
    );
  });

  it('reads the code’s text in the reader’s language, with French amounts for French', () => {
    expect(codeMessage(i18n.getFixedT('fr'), 'AMOUNT_BELOW_MINIMUM', { minimum: 10_000 })).toBe(
      `Le montant est inférieur au minimum accepté par l’école (${formatMoney(10_000, 'fr')}).`,
    );
    expect(codeMessage(i18n.getFixedT('en'), 'CONFLICT')).toBeUndefined();
    expect(codeMessage(i18n.getFixedT('en'), undefined)).toBeUndefined();
  });

  it('puts a refused refund on its field in the reader’s language', () => {
    const onAmount = new ApiClientError(400, {
      code: 'REFUND_ABOVE_REFUNDABLE',
      message: PaymentMessages.refundAboveRefundable,
      params: { refundable: 25_000 },
      issues: [{ path: 'amount', message: PaymentMessages.refundAboveRefundable }],
    });
    const options = { fieldNames: ['amount', 'reason'], failure: 'x' };
    expect(planRefusal(onAmount, { t: i18n.getFixedT('en'), ...options })).toEqual({
      fields: [
        {
          name: 'amount',
          message: `The refund is more than what can still be refunded on this payment (${formatMoney(25_000, 'en')}).`,
        },
      ],
      form: null,
    });
    expect(planRefusal(onAmount, { t: i18n.getFixedT('fr'), ...options }).fields).toEqual([
      { name: 'amount', message: PaymentMessages.refundAboveRefundable },
    ]);
  });
});
