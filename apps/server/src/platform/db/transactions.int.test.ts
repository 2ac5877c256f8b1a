import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/test-database';
import { TRANSACTION_ATTEMPTS } from './transactions';

/** A promise and its resolver: the two transactions wait for each other at fixed points. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe('transactions aborted by PostgreSQL run again', () => {
  const database = useTestDatabase();

  beforeAll(async () => {
    await database().db.execute(sql`
      create table verrous (id int primary key, n int not null);
      insert into verrous values (1, 0), (2, 0)`);
  });

  it('a deadlock between two transactions ends with both committed', async () => {
    const { db } = database();
    const firstLocked = [gate(), gate()];
    const runs = [0, 0];
    // Each locks one row, waits until the other holds its own, then asks for the other's:
    // PostgreSQL aborts one of them (40P01), which runs again once the other has committed.
    const bump = (side: 0 | 1) =>
      db.transaction(async (tx) => {
        runs[side]! += 1;
        const [mine, theirs] = side === 0 ? [1, 2] : [2, 1];
        await tx.execute(sql`update verrous set n = n + 1 where id = ${mine}`);
        firstLocked[side]!.open();
        if (runs[side] === 1) await firstLocked[1 - side]!.opened;
        await tx.execute(sql`update verrous set n = n + 1 where id = ${theirs}`);
      });
    await Promise.all([bump(0), bump(1)]);
    expect(runs[0]! + runs[1]!).toBe(3);
    const rows = await db.execute<{ n: number }>(sql`select n from verrous order by id`);
    expect(rows.rows.map((row) => row.n)).toEqual([2, 2]);
  });

  it('gives up after a bounded number of runs, with the database’s error', async () => {
    let runs = 0;
    const failing = database().db.transaction(async (tx) => {
      runs += 1;
      await tx.execute(
        sql`do $$ begin raise exception 'sérialisation' using errcode = '40001'; end $$`,
      );
    });
    await expect(failing).rejects.toMatchObject({ cause: { code: '40001' } });
    expect(runs).toBe(TRANSACTION_ATTEMPTS);
  });

  it('does not run again a transaction that failed for another reason', async () => {
    let runs = 0;
    const failing = database().db.transaction(async () => {
      runs += 1;
      throw new Error('refusé');
    });
    await expect(failing).rejects.toThrow('refusé');
    expect(runs).toBe(1);
  });
});
