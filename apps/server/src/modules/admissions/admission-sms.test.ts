import { isGsm7, smsSegments, toGsm7 } from '@ecolage/contracts';
import { describe, expect, it } from 'vitest';
import { admissionSms } from './admission-messages';

const SCHOOL = 'Collège Sainte-Rita de Lomé';
const URL = 'http://127.0.0.1:3000/s/Ab3xY9Qk12';

function expectOneGsm7Sms(text: string) {
  expect(isGsm7(text), text).toBe(true);
  expect(toGsm7(text)).toBe(text);
  expect(smsSegments(text), text).toMatchObject({ encoding: 'GSM-7', segments: 1 });
}

describe('the applicant’s SMS', () => {
  it('keep their accents in GSM-7 and are one SMS each', () => {
    const received = admissionSms.received(SCHOOL, 'STU-2027-0042');
    expect(received).toBe(
      "Collège Sainte-Rita de Lomé : votre demande d'inscription est bien enregistrée " +
        "(matricule STU-2027-0042). L'école vous répondra par SMS et par e-mail.",
    );
    const accepted = admissionSms.accepted(SCHOOL, URL);
    expect(accepted).toBe(
      'Collège Sainte-Rita de Lomé : votre inscription est acceptée. ' +
        `Payez les frais d'inscription en ligne : ${URL}`,
    );
    const refused = admissionSms.refused(SCHOOL, 'Dossier incomplet : il manque le bulletin.');
    expect(refused).toBe(
      "Collège Sainte-Rita de Lomé : votre demande d'inscription n'a pas été retenue. " +
        'Motif : Dossier incomplet : il manque le bulletin.',
    );
    for (const text of [received, accepted, refused]) expectOneGsm7Sms(text);
  });

  it('cuts a long refusal reason to keep one SMS, written in GSM-7', () => {
    const reason =
      'Les places en 6e sont toutes prises cette année ; nous avons gardé votre dossier en liste ' +
      'd’attente « prioritaire » et vous recontacterons dès qu’une place se libère.';
    const refused = admissionSms.refused(SCHOOL, reason);
    expectOneGsm7Sms(refused);
    expect(refused).toMatch(/Motif : Les places en 6e sont toutes prises cette année ; .+\.\.\.$/);
    // A very long school name leaves the reason 60 characters all the same (two SMS then).
    const crowded = admissionSms.refused('É'.repeat(120), reason);
    expect(crowded.split('Motif : ')[1]).toHaveLength(60);
    expect(isGsm7(crowded)).toBe(true);
  });
});
