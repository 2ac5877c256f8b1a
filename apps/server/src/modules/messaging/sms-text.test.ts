import { describe, expect, it } from 'vitest';
import { toGsm7 } from './sms-text';

describe('toGsm7', () => {
  it('keeps what GSM-7 has and writes the rest the closest way', () => {
    expect(toGsm7('Reçu « payé » à l’école : 150\u202F000\u00A0FCFA… Ôté, où, Œuvre')).toBe(
      'Recu " payé " à l\'école : 150 000 FCFA... Oté, où, OEuvre',
    );
    expect(toGsm7('Élève Ɖokui Mawuɛna, tâche, fête, île, côte, sûr')).toBe(
      'Élève Dokui Mawuena, tache, fete, ile, cote, sur',
    );
  });
});
