import { describe, expect, it } from 'vitest';
import { deName } from './french-text';

describe('deName', () => {
  it('elides « de » before a vowel, an accented vowel or a mute h', () => {
    expect(deName('Adjoa')).toBe('d’Adjoa');
    expect(deName('Akossiwa Mensah')).toBe('d’Akossiwa Mensah');
    expect(deName('Élise')).toBe('d’Élise');
    expect(deName('école Les Cèdres')).toBe('d’école Les Cèdres');
    expect(deName('Hélène')).toBe('d’Hélène');
    expect(deName('Yves')).toBe('d’Yves');
    expect(deName('Œdipe')).toBe('d’Œdipe');
  });

  it('keeps « de » before a consonant, and before a y that sounds as one', () => {
    expect(deName('Kofi')).toBe('de Kofi');
    expect(deName('Yao Agbéko')).toBe('de Yao Agbéko');
    expect(deName('Yolande')).toBe('de Yolande');
    expect(deName('2025-2026')).toBe('de 2025-2026');
  });
});
