import { describe, expect, it } from 'vitest';
import { auditActionLabels } from '@ecolage/contracts';
import { audit as english } from '../../i18n/en/audit';
import { audit as french } from '../../i18n/fr/audit';

/** Words of an action code (`cash_session.closed`) in one of the app's string files. */
function words(strings: typeof french, code: string): string | undefined {
  const [entity, verb] = code.split('.') as [string, string];
  const group = (strings.audit.actions as Record<string, Record<string, string> | undefined>)[
    entity
  ];
  return group?.[verb];
}

describe('audit actions on the journal screen', () => {
  it('has French and English words for every action the server journals', () => {
    const codes = Object.keys(auditActionLabels);
    expect(codes.length).toBeGreaterThan(50);
    expect(codes.filter((code) => !words(french, code))).toEqual([]);
    expect(codes.filter((code) => !words(english as typeof french, code))).toEqual([]);
  });
});
