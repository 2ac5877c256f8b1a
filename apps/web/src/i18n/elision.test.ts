import { describe, expect, it } from 'vitest';
import { addFrenchStrings } from './add-strings';
import { team } from './fr/team';
import { i18n } from './index';

addFrenchStrings(team);

describe('names after « de » in French strings', () => {
  it('elides before a vowel and keeps « de » before a consonant', () => {
    expect(i18n.t('team.changeRole.label', { name: 'Adjoa Mensah' })).toBe(
      'Changer le rôle d’Adjoa Mensah',
    );
    expect(i18n.t('team.changeRole.label', { name: 'Kofi Mensah' })).toBe(
      'Changer le rôle de Kofi Mensah',
    );
    expect(i18n.t('admin.home.school', { school: 'École Les Élites' })).toBe(
      "Bienvenue dans l'espace d’École Les Élites.",
    );
  });
});
