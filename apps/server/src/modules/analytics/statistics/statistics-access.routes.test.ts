import { randomUUID } from 'node:crypto';
import { StatisticsMessages, type Statistics } from '@ecolage/contracts';
import { describe, expect, it } from 'vitest';
import { memberWith } from '../../../test/members';
import { ok } from '../../../test/school-fixture';
import { useStatisticsFixture } from './statistics.test-support';

/** `GET /api/statistics` and its options: bad input, schools apart, the filters' lists, access. */
describe('GET /api/statistics: input, options and access', () => {
  const fixture = useStatisticsFixture();
  const { app, db, ids } = fixture;
  const school = () => fixture.school();
  const other = () => fixture.other();

  it('bad input gets a French 4xx, never a 500', async () => {
    const reversed = await school().call('GET', '/api/statistics?ageMin=30&ageMax=10');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({
      message: StatisticsMessages.agesReversed,
      issues: [{ path: 'query.ageMin', message: StatisticsMessages.agesReversed }],
    });
    for (const programme of [randomUUID(), ids.otherProgramme]) {
      const unknown = await school().call('GET', `/api/statistics?programme=${programme}`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('Programme introuvable.');
    }
    for (const periode of ['0001', '1999', '2027', '9999']) {
      const absurd = await school().call('GET', `/api/statistics?periode=${periode}`);
      expect(absurd.statusCode, periode).toBe(422);
      expect(absurd.json().message).toBe(StatisticsMessages.periodUnknown);
    }
    const bad = [
      ['periode=hier', StatisticsMessages.periodUnknown],
      ['source=bitcoin', StatisticsMessages.sourceUnknown],
      ['operateur=banque', StatisticsMessages.providerUnknown],
      ['ageMin=-3', StatisticsMessages.ageOutOfRange],
      ['programme=abc', StatisticsMessages.programmeNotFound],
    ];
    for (const [query, message] of bad) {
      const answer = await school().call('GET', `/api/statistics?${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().message, query).toBe(message);
    }
  });

  it('another school sees only its own rows', async () => {
    const answer = await ok<Statistics>(other().call('GET', '/api/statistics'));
    expect(answer.money.collected.value).toBe(1_999_998);
    expect(answer.money.collectionRate.value).toBe(0);
    expect(answer.topProgrammes).toEqual([
      expect.objectContaining({ programmeId: ids.otherProgramme, name: 'Licence Voisine' }),
    ]);
  });

  it('options: « Année à ce jour », past years with data newest first, the programmes', async () => {
    const options = await ok(school().call('GET', '/api/statistics/options'));
    expect(options.periods).toEqual([
      { key: 'ytd', label: 'Année à ce jour' },
      { key: '2025', label: '2025' },
      { key: '2024', label: '2024' },
      { key: '2023', label: '2023' },
    ]);
    // The archived programme with money stays; the one never used does not.
    expect(options.programmes.map((row: { name: string }) => row.name)).toEqual([
      'BTS Ancien',
      'Licence Informatique',
      'Master Droit',
    ]);
    expect(options.sources).toContain('mobile_money');
    expect(options.providers).toContain('desk');
    const otherOptions = await ok(other().call('GET', '/api/statistics/options'));
    expect(otherOptions.periods).toEqual([{ key: 'ytd', label: 'Année à ce jour' }]);
  });

  it('needs read:statistics', async () => {
    const token = await memberWith(app(), db(), school(), ['read:students']);
    for (const url of ['/api/statistics', '/api/statistics/options']) {
      const answer = await app().inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(answer.statusCode, url).toBe(403);
    }
    const reader = await memberWith(app(), db(), school(), ['read:statistics']);
    const allowed = await app().inject({
      method: 'GET',
      url: '/api/statistics',
      headers: { authorization: `Bearer ${reader}` },
    });
    expect(allowed.statusCode).toBe(200);
  });
});
