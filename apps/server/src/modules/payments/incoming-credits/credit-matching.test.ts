import { describe, expect, it } from 'vitest';
import { referenceKeys } from './credit-matching';
import { matriculeKey } from './incoming-credits.reads';

describe('a reference read as a matricule', () => {
  it('reads the usual spellings of one matricule alike', () => {
    for (const typed of ['stu001', 'STU-001', 'Stu 1', 'STU 01', 'stu_0001', 'S.T.U-1']) {
      expect(matriculeKey(typed), typed).toBe('STU1');
    }
    expect(matriculeKey('STU-010')).toBe('STU10');
    expect(matriculeKey('STU-100')).toBe('STU100');
    expect(matriculeKey('2024/AB/007')).toBe('2024AB7');
  });

  it('finds the matricule in a longer text, and reads a number alone with the school prefix', () => {
    expect(referenceKeys('Scolarité STU-001 Kossi', 'STU')).toContain('STU1');
    expect(referenceKeys('042', 'ELV')).toEqual(['ELV42']);
    expect(referenceKeys('Frais 42', 'ELV')).toContain('ELV42');
    // A word that looks like a matricule wins over the numbers around it.
    expect(referenceKeys('STU-005 mois 2', 'STU')).not.toContain('STU2');
    expect(referenceKeys('  ', 'STU')).toEqual([]);
  });
});
