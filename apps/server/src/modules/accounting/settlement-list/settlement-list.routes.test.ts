import { beforeAll, describe, expect, it } from 'vitest';
import { memberWith } from '../../../test/members';
import { signUpSchool } from '../../../test/school-fixture';
import { useTestApp } from '../../../test/test-app';
import { insertLine, insertPayout, type LineFixture } from './settlement-lines.test-support';

type School = Awaited<ReturnType<typeof signUpSchool>>;
type Line = LineFixture & { reference: string | null };

const STATUS_RANK = { pending: 0, in_payout: 1, at_desk: 2, paid: 3 } as const;
const PROVIDERS = ['mtn', 'wave', 'desk', 'paygate'] as const;
const WALLETS = { mtn: 'MTN', wave: 'WAVE', desk: 'CASH', paygate: 'YAS_TG' } as const;
const STUDENTS = ['Kossi Agbéko', 'Ama Mensah', 'Yao Dossou', 'Afi Lawson'];
const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

describe('« Comptabilité › Paiements »: GET /api/accounting/settlements', () => {
  const { app, database } = useTestApp();
  let school: School;
  let elsewhere: { school: School; payoutId: string };
  const lines: Line[] = [];
  const payoutIds: string[] = [];

  const get = async (query: string, token = school.token) =>
    app().inject({
      method: 'GET',
      url: `/api/accounting/settlements?${query}`,
      headers: { authorization: `Bearer ${token}` },
    });

  /** Every page of `query`, concatenated: the ids in the order the API gives them. */
  async function allPages(query: string) {
    const first = (await get(`${query}&page=1`)).json();
    const pages = Math.ceil(first.total / 8);
    const ids: string[] = first.rows.map((row: { id: string }) => row.id);
    for (let page = 2; page <= pages; page += 1) {
      const answer = await get(`${query}&page=${page}`);
      expect(answer.statusCode, answer.body).toBe(200);
      const body = answer.json();
      expect(body.rows.length).toBe(page < pages ? 8 : first.total - 8 * (pages - 1));
      ids.push(...body.rows.map((row: { id: string }) => row.id));
    }
    return { ids, total: first.total as number, totals: first.totals };
  }

  const byDate = (a: Line, b: Line) =>
    cmp(a.day, b.day) || cmp(a.occurredAt.getTime(), b.occurredAt.getTime()) || cmp(a.id, b.id);
  const comparators: Record<string, (a: Line, b: Line) => number> = {
    date: byDate,
    student: (a, b) => cmp(a.studentSortKey, b.studentSortKey) || cmp(a.id, b.id),
    gross: (a, b) => cmp(a.gross, b.gross) || cmp(a.id, b.id),
    commission: (a, b) => cmp(a.commission, b.commission) || cmp(a.id, b.id),
    fee: (a, b) => cmp(a.providerFee, b.providerFee) || cmp(a.id, b.id),
    net: (a, b) => cmp(a.net, b.net) || cmp(a.id, b.id),
    status: (a, b) => cmp(STATUS_RANK[a.status], STATUS_RANK[b.status]) || byDate(a, b),
    // Payouts by reference, then the lines in no payout.
    transfer: (a, b) =>
      (a.reference === null ? 1 : 0) - (b.reference === null ? 1 : 0) ||
      cmp(a.reference ?? '', b.reference ?? '') ||
      byDate(a, b),
  };
  const expected = (sort: string, dir: 'asc' | 'desc', keep: (line: Line) => boolean) =>
    lines
      .filter(keep)
      .sort((a, b) => (dir === 'asc' ? 1 : -1) * comparators[sort]!(a, b))
      .map((line) => line.id);
  const sums = (keep: (line: Line) => boolean) => {
    const kept = lines.filter(keep);
    const sum = (pick: (line: Line) => number) =>
      kept.reduce((total, line) => total + pick(line), 0);
    return {
      count: kept.length,
      gross: sum((line) => line.gross),
      commission: sum((line) => line.commission),
      providerFee: sum((line) => line.providerFee),
      net: sum((line) => line.net),
    };
  };

  beforeAll(async () => {
    const db = database().db;
    school = await signUpSchool(app(), 'Lycée Les Cocotiers');
    // Created out of reference order: the transfer sort follows the references, not the ids.
    for (const sequence of [3, 1, 2]) {
      payoutIds.push((await insertPayout(db, school.organizationId, sequence)).id);
    }
    const references = new Map<string, string>();
    for (const [index, sequence] of [3, 1, 2].entries()) {
      references.set(payoutIds[index]!, `VIR-2026-00000${sequence}`);
    }
    const base = Date.parse('2026-06-01T07:30:00Z');
    for (let i = 0; i < 45; i += 1) {
      const provider = PROVIDERS[i % 4]!;
      const status =
        provider === 'desk' ? 'at_desk' : (['pending', 'in_payout', 'paid'] as const)[i % 3]!;
      const payoutId = status === 'pending' || status === 'at_desk' ? null : payoutIds[i % 3]!;
      const refund = i % 11 === 10;
      // Amounts with ties (the id decides), a few days with several lines.
      const gross = (refund ? -1 : 1) * (10_000 + (i % 5) * 2_500);
      const commission = provider === 'desk' ? 0 : Math.trunc(gross / 100);
      // Every seventh wallet line met no provider's fee in force: 0, and unknown.
      const feeRateMissing = provider !== 'desk' && i % 7 === 1;
      const providerFee =
        provider === 'desk' || feeRateMissing ? 0 : Math.trunc(gross / 50) + (i % 2);
      const line = await insertLine(db, {
        organizationId: school.organizationId,
        kind: refund ? 'refund' : 'payment',
        provider,
        wallet: WALLETS[provider],
        occurredAt: new Date(base + Math.floor(i / 3) * 86_400_000 + (i % 3) * 3_600_000),
        studentLabel: STUDENTS[i % 4]!,
        gross,
        commission,
        providerFee,
        feeRateMissing,
        status,
        payoutId,
      });
      lines.push({ ...line, reference: payoutId ? references.get(payoutId)! : null });
    }
    const other = await signUpSchool(app(), 'Collège Voisin');
    const otherPayout = await insertPayout(db, other.organizationId, 1);
    for (let i = 0; i < 5; i += 1) {
      await insertLine(db, {
        organizationId: other.organizationId,
        kind: 'payment',
        provider: 'mtn',
        wallet: 'MTN',
        occurredAt: new Date(base + i * 3_600_000),
        studentLabel: 'Kossi Agbéko',
        gross: 50_000,
        commission: 500,
        providerFee: 1_000,
        status: 'in_payout',
        payoutId: otherPayout.id,
      });
    }
    elsewhere = { school: other, payoutId: otherPayout.id };
  });

  it('answers 8 lines a page, newest first, with the totals of every line', async () => {
    const answer = await get('');
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({ page: 1, pageSize: 8, total: 45, totals: sums(() => true) });
    expect(body.rows.map((row: { id: string }) => row.id)).toEqual(
      expected('date', 'desc', () => true).slice(0, 8),
    );
    const refund = lines
      .filter((line) => line.kind === 'refund')
      .sort((a, b) => a.gross - b.gross || cmp(a.id, b.id))[0]!;
    const { rows } = (await get('sort=gross&dir=asc')).json();
    expect(rows[0]).toMatchObject({
      id: refund.id,
      kind: 'refund',
      gross: refund.gross,
      status: expect.any(String),
    });
    expect(rows[0].gross).toBeLessThan(0);
    const inPayout = lines.find((line) => line.payoutId)!;
    const { rows: ofPayout } = (
      await get(`payoutId=${inPayout.payoutId}&sort=date&dir=asc`)
    ).json();
    expect(ofPayout[0]).toMatchObject({
      payoutId: inPayout.payoutId,
      payoutReference: expect.stringMatching(/^VIR-2026-/),
      transferId: expect.stringMatching(/^TRF/),
    });
    expect(ofPayout[0].date).toMatch(/^2026-06-\d\dT/);
  });

  it.each(Object.keys(comparators))(
    'sorts by %s both ways, ties by id, every page',
    async (sort) => {
      for (const dir of ['asc', 'desc'] as const) {
        const { ids, total } = await allPages(`sort=${sort}&dir=${dir}`);
        expect(total).toBe(45);
        expect(ids).toEqual(expected(sort, dir, () => true));
      }
    },
  );

  it('filters by period, provider, status, payout and student, alone and together, with their totals', async () => {
    const payout = payoutIds[1]!;
    const cases: [string, (line: Line) => boolean][] = [
      ['from=2026-06-04&to=2026-06-09', (l) => l.day >= '2026-06-04' && l.day <= '2026-06-09'],
      ['from=2026-06-10', (l) => l.day >= '2026-06-10'],
      ['provider=desk', (l) => l.provider === 'desk'],
      ['provider=mtn', (l) => l.provider === 'mtn'],
      ['status=pending', (l) => l.status === 'pending'],
      ['status=paid&provider=wave', (l) => l.status === 'paid' && l.provider === 'wave'],
      [`payoutId=${payout}`, (l) => l.payoutId === payout],
      ['q=agbe', (l) => l.studentLabel === 'Kossi Agbéko'],
      ['q=MENSAH%20ama', (l) => l.studentLabel === 'Ama Mensah'],
      [
        'q=dossou&from=2026-06-03&status=in_payout',
        (l) => l.studentLabel === 'Yao Dossou' && l.day >= '2026-06-03' && l.status === 'in_payout',
      ],
      [
        `payoutId=${payout}&provider=paygate&to=2026-06-12`,
        (l) => l.payoutId === payout && l.provider === 'paygate' && l.day <= '2026-06-12',
      ],
      ['q=personne', () => false],
    ];
    for (const [query, keep] of cases) {
      for (const sort of ['date', 'gross', 'status', 'transfer']) {
        const { ids, total, totals } = await allPages(`${query}&sort=${sort}&dir=asc`);
        expect(totals, query).toEqual(sums(keep));
        expect(total, query).toBe(sums(keep).count);
        expect(ids, `${query} ${sort}`).toEqual(expected(sort, 'asc', keep));
      }
    }
  });

  it('says which lines met no provider fee in force (fee 0, unknown), the others known', async () => {
    const { ids } = await allPages('sort=date&dir=asc');
    const missing = lines.filter((line) => line.feeRateMissing).map((line) => line.id);
    expect(missing.length).toBeGreaterThan(0);
    const flagged: string[] = [];
    for (let page = 1; page <= Math.ceil(ids.length / 8); page += 1) {
      const { rows } = (await get(`sort=date&dir=asc&page=${page}`)).json();
      for (const row of rows as { id: string; feeRateMissing: boolean; providerFee: number }[]) {
        expect(typeof row.feeRateMissing).toBe('boolean');
        if (row.feeRateMissing) {
          expect(row.providerFee).toBe(0);
          flagged.push(row.id);
        }
      }
    }
    expect(flagged.sort()).toEqual([...missing].sort());
  });

  it('a page past the last is empty; the total stays', async () => {
    const body = (await get('page=7')).json();
    expect(body).toMatchObject({ rows: [], page: 7, total: 45 });
  });

  it('shows nothing of another school, not even through its payout', async () => {
    const mine = (await get(`payoutId=${elsewhere.payoutId}`)).json();
    expect(mine).toMatchObject({ rows: [], total: 0, totals: { count: 0, gross: 0 } });
    const theirs = (await get('', elsewhere.school.token)).json();
    expect(theirs.total).toBe(5);
    expect(theirs.rows.every((row: { gross: number }) => row.gross === 50_000)).toBe(true);
  });

  it('refuses a member without read:accounting (403)', async () => {
    const token = await memberWith(app(), database().db, school, ['read:payments']);
    const answer = await get('', token);
    expect(answer.statusCode).toBe(403);
  });

  it.each([
    ['from=9999-12-31', 'from'],
    ['to=2026-02-30', 'to'],
    ['from=hier', 'from'],
    ['from=2026-06-10&to=2026-06-01', 'to'],
    ['sort=amount', 'sort'],
    ['dir=up', 'dir'],
    ['provider=paypal', 'provider'],
    ['status=done', 'status'],
    ['payoutId=VIR-1', 'payoutId'],
    ['page=0', 'page'],
  ])('refuses %s with a French 400', async (query, field) => {
    const answer = await get(query);
    expect(answer.statusCode, answer.body).toBe(400);
    const body = answer.json();
    expect(body.message).toMatch(/[a-zé]/);
    expect(JSON.stringify(body.issues ?? [])).toContain(field);
  });
});
