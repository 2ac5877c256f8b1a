import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkAllSchools } from '../../modules/billing';
import { verifyAllChains } from '../../modules/audit';
import { backUpServer } from '../../platform/db/backup/server-backup';
import {
  S3RVER_CREDENTIALS,
  startTestS3Server,
  type TestS3Server,
} from '../../platform/storage/s3-server.fixture';
import { startCluster, waitFor, type Cluster } from './cluster';
import { jsonClient as client } from './json-client';
import { pgbouncerInstalled } from './pgbouncer';
import { restoreServerDump } from './restore-dump';
import {
  addDays,
  expectLogoSharedAcrossProcesses,
  inParallel,
  type Invoice,
} from './scale-out.test-support';

/**
 * Issue 22's « Done when »: 2 API and 2 worker processes on one PostgreSQL behind PgBouncer in
 * transaction mode. Parents pay by their payment links (the sandbox approves), reminders are
 * planned for every student, a worker is killed with SIGKILL in the middle of the work; then every
 * payment is credited once, every receipt and reminder exists once, and the ledger and the audit
 * chain verify. Each process has its own data directory: the files go to an S3-compatible server
 * (s3rver) and a logo sent to one API process is served by the other. Both kinds of process
 * answer `/metrics` with the named series. A dump of the database restores into a fresh database
 * that passes both checks. Needs a PostgreSQL server and /usr/sbin/pgbouncer: the embedded engine's run
 * skips it (CI runs it as its own step, on the built bundles).
 */
const STUDENTS = 24;
const METRICS_TOKEN = 'jeton-des-metriques-de-la-grappe';
const { directAdminUrl, engine } = inject('testDatabase');
const runnable = engine === 'external' && pgbouncerInstalled();

describe.skipIf(!runnable)(
  'a cluster of 2 API and 2 worker processes behind PgBouncer (PostgreSQL server suite; skipped on the embedded engine or without pgbouncer)',
  { timeout: 600_000 },
  () => {
    let cluster: Cluster;
    let s3: TestS3Server;
    beforeAll(async () => {
      s3 = await startTestS3Server('ecolage-grappe');
      cluster = await startCluster({
        serverUrl: directAdminUrl,
        apis: 2,
        workers: 2,
        // The reminders' planner and dispatcher run on the test clock (quiet hours otherwise).
        env: {
          TEST_CLOCK: 'enabled',
          METRICS_TOKEN,
          STORAGE_DRIVER: 's3',
          S3_ENDPOINT: s3.endpoint,
          S3_BUCKET: s3.bucket,
          S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
          S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
        },
        // CLUSTER_BUNDLE=1: the built dist/api.js and dist/worker.js (less to load on a busy machine).
        bundle: process.env.CLUSTER_BUNDLE === '1',
        readyTimeoutMs: 400_000,
      });
    }, 600_000);
    afterAll(async () => {
      await cluster?.stop();
      await s3?.stop();
    });

    it('pays by link and reminds through a SIGKILL of a worker: nothing lost, nothing twice', async () => {
      const [api0, api1] = cluster.apis.map((api) => api.url) as [string, string];
      const { pool } = cluster.database;
      const count = async (text: string, values: unknown[] = []) =>
        Number((await pool.query<{ n: string }>(text, values)).rows[0]!.n);

      // A school with STUDENTS families: a student, the guardian who pays, an enrolment.
      const email = `grappe.${Date.now()}@exemple.tg`;
      await client(api0)('POST', '/api/auth/registration', {
        name: 'Grappe Test',
        email,
        password: 'motdepasse-solide',
        schoolName: 'Lycée de la grappe',
      });
      const login = await client(api0)<{ access_token: string }>('POST', '/api/auth/login', {
        email,
        password: 'motdepasse-solide',
      });
      const staff = client(api1, login.access_token);

      // A logo sent to the first API process is in the bucket and served by the second.
      await expectLogoSharedAcrossProcesses(s3, login.access_token, api0, api1);
      const start = new Date().getUTCFullYear() + 1;
      const year = await staff<{ id: string }>('POST', '/api/academic-years', {
        label: `${start}-${start + 1}`,
        startsOn: `${start}-09-01`,
        endsOn: `${start + 1}-07-31`,
        current: true,
      });
      const programme = await staff<{ id: string }>('POST', '/api/programmes', { name: 'Licence' });
      const level = await staff<{ id: string }>('POST', `/api/programmes/${programme.id}/levels`, {
        name: 'L1',
        registrationFee: 50_000,
        monthlyFee: 35_000,
      });
      const families: { link: string; phone: string; invoices: Invoice[] }[] = [];
      await inParallel([...Array(STUDENTS).keys()], 4, async (family) => {
        const student = await staff<{ id: string }>('POST', '/api/students', {
          fullName: `Élève ${family} Grappe`,
        });
        const phone = `+22891${String(family).padStart(6, '0')}`;
        await staff('POST', `/api/students/${student.id}/guardians`, {
          fullName: `Parent ${family} Grappe`,
          phone,
          relation: 'mother',
          mainPayer: true,
        });
        await staff('POST', `/api/students/${student.id}/enrolments`, {
          levelId: level.id,
          academicYearId: year.id,
        });
        const { items } = await staff<{ items: Invoice[] }>(
          'GET',
          `/api/invoices?studentId=${student.id}&pageSize=50`,
        );
        const link = await staff<{ url: string }>(
          'POST',
          `/api/students/${student.id}/payment-link`,
          { send: false },
        );
        families.push({
          link: new URL(link.url).pathname,
          phone,
          invoices: items.sort((a, b) => a.dueOn.localeCompare(b.dueOn)),
        });
      });

      // Each parent opens the link and pays the first invoice with Wave, on either API process.
      const attempts: string[] = [];
      await inParallel(families, 4, async (family) => {
        const base = attempts.length % 2 === 0 ? api0 : api1;
        const form = new URLSearchParams({
          invoiceIds: family.invoices[0]!.id,
          wallet: 'WAVE',
          phone: family.phone,
          idempotencyKey: `grappe-${family.phone.slice(1)}-${Date.now()}`,
        });
        const response = await fetch(`${base}${family.link}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
          redirect: 'manual',
        });
        const location = response.headers.get('location') ?? '';
        expect(response.status, await response.text()).toBe(303);
        attempts.push(/\/payer\/retour\/([0-9a-f-]{36})/.exec(location)![1]!);
      });

      // Reminders: seven days before the second due date, by SMS to every payer.
      const due = families[0]!.invoices[1]!.dueOn;
      const workflow = await staff<{ id: string }>('POST', '/api/automations', {
        name: 'Rappel J-7 de la grappe',
        trigger: 'invoice_due_in',
        params: { days: 7 },
        action: {
          channel: 'sms',
          recipients: 'main_payer',
          template: '{ecole}: {montant} pour {eleve} avant le {echeance}. Payez ici: {lien}',
        },
        enabled: true,
      });
      await client(api0)('PUT', '/api/test-clock', { at: `${addDays(due, -7)}T10:00:00Z` });

      // The sandbox approves every payment (Wave sends its webhook to the first API process);
      // halfway, the first worker is killed while it credits, plans and sends.
      const sim = client(cluster.sandbox);
      const state = await sim<{ transactions: { id: string; lookup: Record<string, string> }[] }>(
        'GET',
        '/__sim/state?provider=wave',
      );
      const simOf = new Map(state.transactions.map((t) => [t.lookup.clientReference, t.id]));
      let approved = 0;
      let killed: Promise<void> | undefined;
      const killedAt: { at?: Date } = {};
      await inParallel(attempts, 4, async (attemptId) => {
        await sim('POST', `/__sim/transactions/${simOf.get(attemptId)}/resolve`, {
          action: 'paid',
        });
        approved += 1;
        if (approved === attempts.length / 2) {
          killedAt.at = new Date();
          killed = cluster.kill(cluster.workers[0]!, 'SIGKILL');
        }
      });
      await killed;
      expect(await cluster.workers[0]!.exited).toBe('SIGKILL');

      // The surviving worker takes everything over.
      await waitFor(
        async () =>
          (await count(`select count(*) as n from payment_attempts where status = 'succeeded'`)) ===
          attempts.length,
        'paiements crédités',
        120_000,
      );
      await waitFor(
        async () => (await count(`select count(*) as n from receipts`)) === attempts.length,
        'reçus émis',
        120_000,
      );
      await waitFor(
        async () =>
          (await count(
            `select count(*) as n from workflow_sends where workflow_id = $1 and status <> 'planned'`,
            [workflow.id],
          )) === STUDENTS,
        'rappels envoyés',
        150_000,
      ).catch(async (error: Error) => {
        const sends = await pool.query(
          `select status, skip_reason, deferred_reason, count(*) from workflow_sends group by 1, 2, 3`,
        );
        const clock = await fetch(`${api0}/api/test-clock`).then((r) => r.text());
        const logs = cluster.workers
          .map((w) => `${w.name}:\n${w.output().slice(-4000)}`)
          .join('\n');
        throw new Error(
          `${error.message} ${JSON.stringify(sends.rows)} ${clock} échéance ${due}\n${logs}`,
        );
      });
      // A message the killed worker held `sending` is given back once its claim is old (10 min in
      // production: sweepWaitingMessages); the test does not wait that long and gives it back now.
      await pool.query(
        `update outbound_messages set status = 'queued' where status = 'sending' and claimed_at <= $1`,
        [killedAt.at],
      );
      await cluster.waitIdle(120_000);

      // Credited once: one ledger posting, one allocation and one receipt per payment.
      const paid = families.reduce((sum, family) => sum + family.invoices[0]!.balance, 0);
      expect(
        await count(
          `select count(*) as n from ledger_transactions where idempotency_key like 'pay:%:succeeded'`,
        ),
      ).toBe(attempts.length);
      expect(
        await count(`select count(*) as n from invoice_allocations where source_type = 'payment'`),
      ).toBe(attempts.length);
      expect(
        await count(
          `select coalesce(sum(amount), 0) as n from invoice_allocations where source_type = 'payment'`,
        ),
      ).toBe(paid);
      expect(await count(`select count(distinct payment_id) as n from receipts`)).toBe(
        attempts.length,
      );
      expect(await count(`select count(*) as n from receipts`)).toBe(attempts.length);
      // Each reminder once: one send per student, one message per send, each sent once.
      expect(
        await count(`select count(*) as n from workflow_sends where workflow_id = $1`, [
          workflow.id,
        ]),
      ).toBe(STUDENTS);
      const messages = await pool.query<{ status: string; n: string }>(
        `select m.status, count(*) as n from outbound_messages m
          join workflow_sends s on s.outbound_message_id = m.id
          where s.workflow_id = $1 group by m.status`,
        [workflow.id],
      );
      // Sent, or already reported delivered by the sandbox's SMS gateway.
      expect(
        messages.rows
          .filter((row) => row.status === 'sent' || row.status === 'delivered')
          .reduce((sum, row) => sum + Number(row.n), 0),
      ).toBe(STUDENTS);
      expect(
        await count(
          `select count(distinct outbound_message_id) as n from workflow_sends where workflow_id = $1`,
          [workflow.id],
        ),
      ).toBe(STUDENTS);
      // The books and the audit chain.
      expect((await checkAllSchools(cluster.database.db)).every((school) => school.agrees)).toBe(
        true,
      );
      expect((await verifyAllChains(cluster.database.db)).every((chain) => chain.check.valid)).toBe(
        true,
      );

      // /metrics on an API process and on the surviving worker, behind METRICS_TOKEN.
      expect((await fetch(`${api0}/metrics`)).status).toBe(401);
      for (const origin of [api0, cluster.workers[1]!.url]) {
        const metrics = await fetch(`${origin}/metrics`, {
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        });
        expect(metrics.status).toBe(200);
        const text = await metrics.text();
        for (const series of [
          'ecolage_provider_events_waiting',
          'ecolage_provider_events_oldest_waiting_seconds',
          'ecolage_outbox_events_undispatched',
          'ecolage_outbox_deliveries_due',
          'ecolage_jobs_waiting',
          'ecolage_jobs_oldest_waiting_seconds',
          'ecolage_messages_waiting',
          'ecolage_payments_in_flight',
          'ecolage_payment_transitions_recent',
        ]) {
          // Declared even while empty (nothing waiting once idle).
          expect(text, `${origin} ${series}`).toContain(`# TYPE ${series} gauge`);
        }
      }
      expect(
        await fetch(`${cluster.workers[1]!.url}/metrics`, {
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        }).then((response) => response.text()),
      ).toMatch(
        new RegExp(
          `^ecolage_payment_transitions_recent\\{state="succeeded"\\} ${attempts.length}$`,
          'm',
        ),
      );
      const apiMetrics = await fetch(`${api1}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      }).then((response) => response.text());
      expect(apiMetrics).toMatch(
        /^ecolage_http_request_duration_seconds_count\{[^}]*route="\/api\/students"[^}]*\} [1-9]/m,
      );
      const workerMetrics = await fetch(`${cluster.workers[1]!.url}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      }).then((response) => response.text());
      expect(workerMetrics).toMatch(
        /^ecolage_messages_sent_total\{[^}]*channel="sms"[^}]*\} [1-9]/m,
      );

      // A dump of the database restores into a fresh database that passes both checks.
      const directory = mkdtempSync(path.join(tmpdir(), 'ecolage-grappe-sauvegarde-'));
      try {
        const backup = await backUpServer({
          url: cluster.directUrl,
          out: path.join(directory, 'ecolage.dump'),
        });
        expect(backup.kind, JSON.stringify(backup)).toBe('dump');
        await restoreServerDump(
          directAdminUrl,
          path.join(directory, 'ecolage.dump'),
          async (restored) => {
            expect(
              Number((await restored.pool.query(`select count(*) as n from receipts`)).rows[0].n),
            ).toBe(attempts.length);
            expect((await checkAllSchools(restored.db)).every((school) => school.agrees)).toBe(
              true,
            );
            expect((await verifyAllChains(restored.db)).every((chain) => chain.check.valid)).toBe(
              true,
            );
          },
        );
      } finally {
        rmSync(directory, { recursive: true, force: true });
      }
    });
  },
);
