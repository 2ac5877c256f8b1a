import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Call } from '../../../test/school-fixture';
import { useTestApp } from '../../../test/test-app';
import { waitForImport } from '../../students/import/import.service';
import {
  csvText,
  line,
  setUpImportSchool,
  uploadFile,
} from '../../students/import/import.test-support';
import { familyCreditBalance } from '../allocations/family-credit.service';
import { createFamily, expectLedgerAgrees, pay } from '../ledger.test-support';

describe('an import posts its invoices in bulk and uses the families’ credit (real database)', () => {
  const { app, database } = useTestApp({ rateLimitPerMinute: 100_000 });

  it('every imported invoice is posted once; a family with credit spends it on them', async () => {
    const school = await setUpImportSchool(app());
    const call: Call = (method, url, payload) =>
      app().inject({ method, url, payload, headers: { authorization: `Bearer ${school.token}` } });
    const db = database().db;
    const { organizationId } = school;
    // A family already known, with 30 000 of credit before the import.
    const family = await createFamily(call, ['Afi Koffi']);
    const [guardian] = (
      await db.execute<{ phone: string }>(
        sql`select phone from guardians where id = ${family.guardianId}`,
      )
    ).rows;
    await pay(db, organizationId, { guardianId: family.guardianId, amount: 30_000 });
    expect(await familyCreditBalance(db, organizationId, family.guardianId)).toBe(30_000);

    // 150 lines × 11 invoices: past the bulk path's statistics threshold.
    const rows = Array.from({ length: 150 }, (_, index) =>
      line({
        fullName: `Étudiant ${index} Mensah`,
        programme: 'Licence Informatique',
        level: index % 2 === 0 ? 'L1' : 'L2',
        year: school.yearLabel,
        guardianName: index === 0 ? 'Parent Koffi' : `Parent ${index}`,
        guardianPhone: index === 0 ? guardian!.phone : `+2289${2_000_000 + index}`,
        guardianRelation: 'Mère',
      }),
    );
    const preview = await uploadFile(app(), school.token, 'eleves.csv', Buffer.from(csvText(rows)));
    expect(preview.statusCode, preview.body).toBe(201);
    const { id } = preview.json();
    const started = await call('POST', `/api/students/imports/${id}/commit`, {
      mode: 'all_or_nothing',
    });
    expect(started.statusCode, started.body).toBe(202);
    await waitForImport(id);
    const done = (await call('GET', `/api/students/imports/${id}`)).json();
    expect(done).toMatchObject({ status: 'done', invoicesIssued: 1_650 });

    const { rows: posted } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from ledger_transactions
        where organization_id = ${organizationId} and idempotency_key like 'invoice:%:issued'`,
    );
    expect(posted[0]!.n).toBe(1_650);
    expect(await familyCreditBalance(db, organizationId, family.guardianId)).toBe(0);
    await expectLedgerAgrees(db, organizationId);
  });
});
