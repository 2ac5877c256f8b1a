import { randomUUID } from 'node:crypto';
import { statementSourceValues, type StatementSource } from '@ecolage/contracts';
import { describe, expect, it } from 'vitest';
import { bankStatement, renderStatement } from '../../../../../psp-sandbox/src/statements';
import { orangeOrderId } from '../../psp/orange/orange.transform';
import { parseStatement } from './parse-statement';
import { attemptIdOf, readFrancs } from './statement-values';

const attemptId = randomUUID();
const rows = (provider: StatementSource) => [
  {
    txnId: provider === 'fedapay' ? 'trx_abc123' : 'TX0001',
    ourRef: provider === 'orange' ? orangeOrderId(attemptId) : attemptId,
    amount: 150_000,
    fee: 3_750,
    at: new Date('2026-03-05T14:22:10Z'),
    counterparty: '22890112233',
    method: provider === 'paygate' ? 'FLOOZ' : 'togocel',
  },
  {
    txnId: provider === 'fedapay' ? 'trx_def456' : 'TX0002',
    ourRef: '',
    amount: 25_000,
    fee: 0,
    at: new Date('2026-03-06T08:00:00Z'),
    counterparty: '22890445566',
    method: 'FLOOZ',
  },
];

/** The sandbox's files, in every format each source exports. */
const files: [StatementSource, string | undefined][] = [
  ['mtn', undefined],
  ['orange', undefined],
  ['wave', undefined],
  ['wave', 'csv'],
  ['fedapay', undefined],
  ['fedapay', 'json'],
  ['paygate', undefined],
];

describe('statement formats (the sandbox writes them, the import reads them)', () => {
  it.each(files)('%s (%s) parses into our lines', async (source, format) => {
    const file = renderStatement(source as Exclude<StatementSource, 'bank'>, rows(source), format);
    const parsed = await parseStatement(source, Buffer.from(file.body));
    expect(parsed.ok, JSON.stringify(parsed)).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.lines).toHaveLength(2);
    expect(parsed.lines[0]).toMatchObject({
      providerTxnId: source === 'fedapay' ? 'trx_abc123' : 'TX0001',
      attemptRef: attemptId,
      amount: 150_000,
      fee: 3_750,
      direction: 'credit',
      type: 'payment',
      day: '2026-03-05',
    });
    expect(parsed.lines[1]).toMatchObject({ attemptRef: null, amount: 25_000 });
  });

  it.each(statementSourceValues.filter((source) => source !== 'wave'))(
    'a Wave statement imported as %s is refused on its header',
    async (source) => {
      const file = renderStatement('wave', rows('wave'), 'csv');
      const parsed = await parseStatement(source, Buffer.from(file.body));
      expect(parsed.ok).toBe(false);
      if (parsed.ok) return;
      expect(parsed.errors[0]).toMatchObject({ line: 1 });
      expect(parsed.errors[0]!.message).toMatch(/n’est pas au format de cet opérateur/);
    },
  );

  it('reads the bank statement: credits, the account fee as a debit', async () => {
    const body = bankStatement('2026-03-01', '2026-03-31', 'VIR-2026-000001:1234567', 'extra');
    const parsed = await parseStatement('bank', Buffer.from(body));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.lines.map((line) => [line.direction, line.amount, line.ourReference])).toEqual([
      ['credit', 1_234_567, 'VIR-2026-000001'],
      ['credit', 75_000, null],
      ['debit', 2_500, null],
    ]);
  });

  it('reads francs as each provider writes them, never with centimes', () => {
    expect(readFrancs('15 000')).toEqual({ ok: true, value: 15_000 });
    expect(readFrancs('15\u202f000,00')).toEqual({ ok: true, value: 15_000 });
    expect(readFrancs('-150', { signed: true })).toEqual({ ok: true, value: -150 });
    expect(readFrancs('15,50').ok).toBe(false);
    expect(readFrancs('-150').ok).toBe(false);
    expect(readFrancs('1e5').ok).toBe(false);
  });

  it('reads an Orange order id back into the attempt id', () => {
    expect(attemptIdOf(orangeOrderId(attemptId))).toBe(attemptId);
    expect(attemptIdOf('STU-001')).toBeNull();
  });

  it('counts every error, lists the first 50, and a duplicated transaction is an error', async () => {
    const header =
      'tx_reference,identifier,payment_reference,amount,fees,net_amount,datetime,payment_method,phone_number,status';
    const bad = Array.from(
      { length: 60 },
      (_, index) => `${index},x,y,abc,0,0,2026-03-05 10:00:00,FLOOZ,1,0`,
    );
    const parsed = await parseStatement('paygate', Buffer.from([header, ...bad].join('\n')));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.count).toBe(60);
    expect(parsed.errors).toHaveLength(50);
    const twice = await parseStatement(
      'paygate',
      Buffer.from(
        `${header}\n1,x,y,100,0,100,2026-03-05 10:00:00,FLOOZ,1,0\n1,x,y,100,0,100,2026-03-05 10:00:00,FLOOZ,1,0\n`,
      ),
    );
    expect(twice.ok).toBe(false);
    if (!twice.ok) expect(twice.errors[0]).toMatchObject({ line: 3 });
  });
});
