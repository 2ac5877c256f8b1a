import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answerOnPhone, harness, type Harness } from './sandbox.test-support';
import { mtnStatus, mtnToken, requestToPay } from './mtn.test-support';

let dataDir: string;
const open: Harness[] = [];

/** A sandbox keeping its transactions in `dataDir`, as `npm start` runs it. */
async function sandboxOnDisk(): Promise<Harness> {
  const h = await harness({ dataDir });
  open.push(h);
  return h;
}

/** The process dies: nothing is closed, nothing more is written. */
function crash(h: Harness): void {
  open.splice(open.indexOf(h), 1);
}

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'sandbox-journal-'));
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((h) => h.app.close()));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('The sandbox remembers its transactions across restarts, as a provider does', () => {
  it('answers the status of payments accepted and paid before a crash, and keeps numbering', async () => {
    const first = await sandboxOnDisk();
    const token = await mtnToken(first.app);
    const paid = await requestToPay(first.app, token, '22890112233');
    const waiting = await requestToPay(first.app, token, '22890112244');
    expect(paid.response.statusCode).toBe(202);
    expect((await answerOnPhone(first.app, '22890112233', 'pay')).statusCode).toBeLessThan(400);
    const before = (await mtnStatus(first.app, token, paid.referenceId)).json();
    expect(before.status).toBe('SUCCESSFUL');
    const ids = first.app.sandbox.store.transactions.map((transaction) => transaction.id);
    crash(first);

    const second = await sandboxOnDisk();
    // The token issued before the crash still opens the API; the payments are still there.
    const after = await mtnStatus(second.app, token, paid.referenceId);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual(before);
    const pending = await mtnStatus(second.app, token, waiting.referenceId);
    expect(pending.json()).toMatchObject({ status: 'PENDING' });
    const restored = second.app.sandbox.store.transactions;
    expect(restored.map((transaction) => transaction.id)).toEqual(ids);
    expect(restored[0]!.createdAt).toBeInstanceOf(Date);
    // The payer can still answer the one left waiting; new ids follow the old ones.
    expect((await answerOnPhone(second.app, '22890112244', 'refuse')).statusCode).toBeLessThan(400);
    expect((await mtnStatus(second.app, token, waiting.referenceId)).json()).toMatchObject({
      status: 'FAILED',
    });
    const next = await requestToPay(second.app, token, '22890112255');
    expect(next.response.statusCode).toBe(202);
    expect(second.app.sandbox.store.transactions.at(-1)!.id).not.toBe(ids[0]);
    expect(new Set(second.app.sandbox.store.transactions.map((t) => t.id)).size).toBe(3);
  });

  it('expires on its clock what was left waiting while it was stopped', async () => {
    const first = await sandboxOnDisk();
    const token = await mtnToken(first.app);
    const waiting = await requestToPay(first.app, token, '22890112266');
    await first.app.close();
    crash(first);

    const second = await sandboxOnDisk();
    second.advance(600);
    expect((await mtnStatus(second.app, token, waiting.referenceId)).json()).toMatchObject({
      status: 'FAILED',
    });
  });

  it('reads a journal whose last line was cut short by the crash', async () => {
    const first = await sandboxOnDisk();
    const token = await mtnToken(first.app);
    const paid = await requestToPay(first.app, token, '22890112277');
    crash(first);
    appendFileSync(path.join(dataDir, 'transactions.ndjson'), '{"kind":"tx","value":{"id":"si');

    const second = await sandboxOnDisk();
    expect((await mtnStatus(second.app, token, paid.referenceId)).statusCode).toBe(200);
  });

  it('writes a transaction again only when it changed, not each time its status is read', async () => {
    const h = await sandboxOnDisk();
    const token = await mtnToken(h.app);
    const waiting = await requestToPay(h.app, token, '22890112299');
    const journal = path.join(dataDir, 'transactions.ndjson');
    const size = statSync(journal).size;
    for (let read = 0; read < 5; read += 1) await mtnStatus(h.app, token, waiting.referenceId);
    expect(statSync(journal).size).toBe(size);
    await answerOnPhone(h.app, '22890112299', 'pay');
    expect(statSync(journal).size).toBeGreaterThan(size);
  });

  it('forgets everything, on disk too, on POST /__sim/reset', async () => {
    const first = await sandboxOnDisk();
    const token = await mtnToken(first.app);
    const paid = await requestToPay(first.app, token, '22890112288');
    const reset = await first.app.inject({ method: 'POST', url: '/__sim/reset' });
    expect(reset.statusCode).toBe(204);
    expect(readFileSync(path.join(dataDir, 'transactions.ndjson'), 'utf8')).not.toContain(
      paid.referenceId,
    );
    await first.app.close();
    crash(first);

    const second = await sandboxOnDisk();
    expect(second.app.sandbox.store.transactions).toHaveLength(0);
    const token2 = await mtnToken(second.app);
    expect((await mtnStatus(second.app, token2, paid.referenceId)).statusCode).toBe(404);
  });
});
