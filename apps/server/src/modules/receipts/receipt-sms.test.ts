import { isGsm7, smsSegments, toGsm7 } from '@ecolage/contracts';
import { describe, expect, it } from 'vitest';
import { receiptSms } from './receipt-outbox';

/** The development origin is the longest one our links use (`http://127.0.0.1:3000`). */
const URL = 'http://127.0.0.1:3000/s/Ab3xY9Qk12';

describe('the receipt’s SMS', () => {
  it('keeps its accents in GSM-7, plain spaces in the amount, and is one SMS', () => {
    const text = receiptSms({
      schoolName: 'Collège Sainte-Rita de Lomé',
      amount: 1_250_000,
      paidOn: '12/01/2027',
      number: 'REC-2027-000123',
      url: URL,
    });
    expect(text).toBe(
      'Collège Sainte-Rita de Lomé : paiement de 1 250 000 FCFA enregistré le 12/01/2027. ' +
        `Justificatif REC-2027-000123 : ${URL}`,
    );
    expect(isGsm7(text)).toBe(true);
    // The outbox writes it as it is: nothing to replace.
    expect(toGsm7(text)).toBe(text);
    expect(smsSegments(text)).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    expect(text).not.toMatch(/recu|reçu|\u202f|\u00a0/i);
  });

  it('stays one SMS for a school name of 35 characters, and GSM-7 whatever the name', () => {
    const facts = { amount: 9_999_999, paidOn: '31/12/2027', number: 'REC-2027-999999', url: URL };
    const long = receiptSms({ ...facts, schoolName: 'Groupe Scolaire Les Élites de Kara' });
    expect(smsSegments(long).segments).toBe(1);
    // A name with letters GSM-7 lacks: the outbox writes them the closest way, still one SMS.
    const ewe = toGsm7(receiptSms({ ...facts, schoolName: 'Complexe Scolaire Ŋɔli-Côté' }));
    expect(ewe).toContain('Complexe Scolaire Noli-Coté');
    expect(smsSegments(ewe)).toMatchObject({ encoding: 'GSM-7', segments: 1 });
  });
});
