import { describe, expect, it } from 'vitest';
import { auditActionLabels, auditCategoryLabels, auditFilterCategories } from '@ecolage/contracts';
import { audit } from '../../i18n/fr/audit';
import { FILTER_CATEGORIES, periodStart, readAuditParams } from './audit-params';

describe('journal periods', () => {
  const now = new Date('2026-11-21T14:05:00Z');

  it('start at midnight in Lomé (UTC+0): today and the days before, the year, or nothing', () => {
    expect(periodStart('7j', now)).toBe('2026-11-15T00:00:00.000Z');
    expect(periodStart('30j', now)).toBe('2026-10-23T00:00:00.000Z');
    expect(periodStart('annee', now)).toBe('2026-01-01T00:00:00.000Z');
    expect(periodStart('tout', now)).toBeNull();
  });

  it('do not move within a day (stable cache keys)', () => {
    expect(periodStart('7j', new Date('2026-11-21T00:00:01Z'))).toBe(
      periodStart('7j', new Date('2026-11-21T23:59:59Z')),
    );
  });
});

describe('journal address', () => {
  it('reads period, category, search and page; ignores what it does not know', () => {
    const now = new Date('2026-11-21T14:05:00Z');
    expect(
      readAuditParams(new URLSearchParams('periode=7j&categorie=paiements&q=+ama+&page=3'), now),
    ).toEqual({
      period: '7j',
      category: 'payment',
      search: 'ama',
      from: '2026-11-15T00:00:00.000Z',
      page: 3,
      pageSize: 20,
    });
    expect(
      readAuditParams(new URLSearchParams('periode=hier&categorie=x&page=-1&taille=7'), now),
    ).toEqual({
      period: '30j',
      category: null,
      search: '',
      from: '2026-10-23T00:00:00.000Z',
      page: 1,
      pageSize: 20,
    });
  });
});

describe('journal wording', () => {
  it('filters on the categories of the contracts, named as they are', () => {
    expect(FILTER_CATEGORIES).toEqual([...auditFilterCategories]);
    expect(audit.audit.categories).toEqual(auditCategoryLabels);
  });

  it('words the known actions as the contracts do', () => {
    const actions = audit.audit.actions as Record<string, Record<string, string>>;
    for (const [code, label] of Object.entries(auditActionLabels)) {
      const [domain = '', name = ''] = code.split('.');
      expect(actions[domain]?.[name], code).toBe(label);
    }
  });
});
