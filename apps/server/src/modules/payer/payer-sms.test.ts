import { isGsm7, smsSegments, toGsm7 } from '@ecolage/contracts';
import { describe, expect, it } from 'vitest';
import { payLinkSms } from './links/pay-links.service';
import { codeSms } from './pay-page/payer-codes.service';

const SCHOOL = 'Collège Sainte-Rita de Lomé';

function expectOneGsm7Sms(text: string) {
  expect(isGsm7(text), text).toBe(true);
  expect(toGsm7(text)).toBe(text);
  expect(smsSegments(text), text).toMatchObject({ encoding: 'GSM-7', segments: 1 });
}

describe('the payer’s SMS', () => {
  it('the payment link: accents kept, our short link, one SMS', () => {
    const url = 'http://127.0.0.1:3000/s/Ab3xY9Qk12';
    const text = payLinkSms(SCHOOL, 'Kossiwa Agbéko-Mensah', url);
    expect(text).toBe(
      `Collège Sainte-Rita de Lomé : payez les frais de scolarité de Kossiwa Agbéko-Mensah en ligne : ${url}`,
    );
    expectOneGsm7Sms(text);
    // « d’Adjoa »: the typographic apostrophe is written ' by the outbox, still one SMS.
    const elided = toGsm7(payLinkSms(SCHOOL, 'Adjoa Ɖosseh', url));
    expect(elided).toContain("de scolarité d'Adjoa Dosseh en ligne");
    expectOneGsm7Sms(elided);
  });

  it('the one-time code: GSM-7 with « à », one SMS', () => {
    const text = codeSms(SCHOOL, '483921');
    expect(text).toBe(
      'Collège Sainte-Rita de Lomé : votre code pour payer les frais est 483921. ' +
        'Valable 10 min. Ne le communiquez à personne.',
    );
    expectOneGsm7Sms(text);
  });
});
