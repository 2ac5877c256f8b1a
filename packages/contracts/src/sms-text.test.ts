import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isGsm7, smsSegments, toGsm7 } from './sms-text';

describe('toGsm7', () => {
  it('keeps the accents GSM-7 has and replaces only what forces UCS-2', () => {
    expect(toGsm7('Reçu « payé » à l’école : 150\u202F000\u00A0FCFA… Ôté, où, Œuvre')).toBe(
      'Recu " payé " à l\'école : 150 000 FCFA... Oté, où, OEuvre',
    );
    expect(toGsm7('Élève Ɖokui Mawuɛna, tâche, fête, île, côte, sûr, Noël, maïs')).toBe(
      'Élève Dokui Mawuena, tache, fete, ile, cote, sur, Noel, mais',
    );
    expect(toGsm7('École Démo — À Lomé, Ça Ê Ô È')).toBe('École Démo - A Lomé, Ça E O E');
  });

  it('keeps every GSM-7 letter: é è à ù ì ò É Ç Ä Ö Ñ Ü ä ö ñ ü and the extension table', () => {
    const text = 'é è à ù ì ò É Ç Ä Ö Ñ Ü ä ö ñ ü {x} [y] ~ | ^ € \\';
    expect(toGsm7(text)).toBe(text);
  });

  it('writes Ewe and Kabiyè letters in Latin and drops what has no GSM-7 form', () => {
    expect(toGsm7('Ŋlɔ Ƒiagbe Kɩlɩm Ʋɔ Ɣe 2°C 🎉')).toBe('Nlo Fiagbe Kilim Vo Ge 2oC ');
  });

  it('always returns GSM-7, and GSM-7 text unchanged', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const converted = toGsm7(text);
        expect(isGsm7(converted)).toBe(true);
        expect(toGsm7(converted)).toBe(converted);
      }),
    );
  });
});

describe('smsSegments', () => {
  it('counts GSM-7 in septets: 160 in one SMS, 153 per part', () => {
    expect(smsSegments('')).toEqual({ encoding: 'GSM-7', units: 0, segments: 0, perSegment: 160 });
    expect(smsSegments('é'.repeat(160))).toEqual({
      encoding: 'GSM-7',
      units: 160,
      segments: 1,
      perSegment: 160,
    });
    expect(smsSegments('a'.repeat(161))).toMatchObject({
      units: 161,
      segments: 2,
      perSegment: 153,
    });
    expect(smsSegments('a'.repeat(306)).segments).toBe(2);
    expect(smsSegments('a'.repeat(307)).segments).toBe(3);
  });

  it('counts the extension characters twice and never splits one across parts', () => {
    expect(smsSegments('€'.repeat(80))).toMatchObject({ units: 160, segments: 1 });
    expect(smsSegments('€'.repeat(81))).toMatchObject({ units: 162, segments: 2 });
    // 152 septets then a 2-septet € : the € starts the second part.
    expect(smsSegments(`${'a'.repeat(152)}€${'a'.repeat(152)}`).segments).toBe(3);
  });

  it('counts UCS-2 in UTF-16 units: 70 alone, 67 per part', () => {
    expect(smsSegments('ç'.repeat(70))).toEqual({
      encoding: 'UCS-2',
      units: 70,
      segments: 1,
      perSegment: 70,
    });
    expect(smsSegments('ç'.repeat(71))).toMatchObject({ segments: 2, perSegment: 67 });
    expect(smsSegments('🎉')).toMatchObject({ encoding: 'UCS-2', units: 2, segments: 1 });
  });

  it('needs at least ceil(units / per part) parts and never fewer than the plain division', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 600 }), (text) => {
        const { units, segments, perSegment } = smsSegments(text);
        if (units === 0) expect(segments).toBe(0);
        else expect(segments).toBeGreaterThanOrEqual(Math.ceil(units / perSegment));
        expect(segments).toBeLessThanOrEqual(Math.max(1, Math.ceil(units / (perSegment - 1))));
      }),
    );
  });
});
