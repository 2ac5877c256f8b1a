// Student import at scale: a 10,000-line CSV (every student with a guardian — some families share
// one — and an enrolment billing registration + 10 monthly instalments, about 110,000 invoices and
// as many lines), previewed then committed all-or-nothing on the embedded engine, through the HTTP
// API as the web wizard does (upload, commit, progress polled every 500 ms). Prints figures only.
import { studentImportColumns } from '../packages/contracts/src/student-import';
import { percentile, startInProcess } from './lib/in-process';

const LEVELS = ['L1', 'L2', 'L3', 'M1', 'M2'];
const POLL_MS = 500;

function api(url: string, token = '') {
  return async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json()) as Record<string, unknown>;
    if (response.status >= 300) throw new Error(`${method} ${path}: ${JSON.stringify(answer)}`);
    return answer;
  };
}

/** `count` lines; one student in three shares the guardian of the line before (siblings). */
export function studentImportCsv(count: number, yearLabel: string): string {
  const lines = [studentImportColumns.map((column) => column.header).join(';')];
  let guardian = 0;
  for (let i = 0; i < count; i += 1) {
    if (i % 3 !== 2) guardian += 1;
    const guardianPhone = `91 ${String(guardian)
      .padStart(6, '0')
      .replace(/(\d\d)(?=\d)/g, '$1 ')}`;
    const cells: Record<string, string> = {
      matricule: i % 10 === 0 ? `MAT-${i}` : '',
      fullName: `Étudiant ${i} Agbéko`,
      phone: `90 ${String(i).padStart(6, '0')}`,
      email: `etudiant${i}@exemple.tg`,
      status: i % 20 === 0 ? 'En attente' : 'Actif',
      programme: 'Licence Informatique',
      level: LEVELS[i % LEVELS.length]!,
      year: yearLabel,
      guardianName: `Parent ${guardian} Mensah`,
      guardianPhone,
      guardianEmail: '',
      guardianRelation: i % 2 === 0 ? 'Mère' : 'Père',
    };
    lines.push(studentImportColumns.map((column) => cells[column.key] ?? '').join(';'));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/**
 * `siblingDiscount`: the school's sibling discount on, so that billing ranks every enrolment in
 * its family (one more query per enrolment).
 */
export async function benchStudentImport({ rows = 10_000, siblingDiscount = false } = {}) {
  const product = await startInProcess();
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 25);
  try {
    const anonymous = api(product.url);
    const email = `bench.${Date.now()}@exemple.tg`;
    await anonymous('POST', '/api/auth/registration', {
      name: 'Banc Import',
      email,
      password: 'motdepasse-solide',
      schoolName: 'Lycée du banc d’essai',
    });
    const login = await anonymous('POST', '/api/auth/login', {
      email,
      password: 'motdepasse-solide',
    });
    const call = api(product.url, login.access_token as string);
    const start = new Date().getUTCFullYear() + 1;
    const yearLabel = `${start}-${start + 1}`;
    await call('POST', '/api/academic-years', {
      label: yearLabel,
      startsOn: `${start}-09-01`,
      endsOn: `${start + 1}-07-31`,
      current: true,
    });
    if (siblingDiscount) {
      await call('PUT', '/api/billing/settings', {
        matriculePrefix: 'STU',
        monthlyDueDay: 5,
        siblingDiscount: { enabled: true, secondChildPercent: 10, thirdChildPercent: 15 },
        lateFee: { enabled: false, graceDays: 15, kind: 'fixed', value: 0, cap: 0 },
      });
    }
    const programme = await call('POST', '/api/programmes', { name: 'Licence Informatique' });
    for (const name of LEVELS) {
      await call('POST', `/api/programmes/${programme.id as string}/levels`, {
        name,
        registrationFee: 50_000,
        monthlyFee: 35_000,
      });
    }
    const csv = Buffer.from(studentImportCsv(rows, yearLabel), 'utf8');
    const baselineRss = process.memoryUsage().rss;
    peakRss = baselineRss;

    const t0 = performance.now();
    const form = new FormData();
    form.append('file', new Blob([csv]), 'bench-10000.csv');
    const upload = await fetch(`${product.url}/api/students/imports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${login.access_token as string}` },
      body: form,
    });
    const preview = (await upload.json()) as Record<string, unknown>;
    if (upload.status !== 201)
      throw new Error(`upload ${upload.status}: ${JSON.stringify(preview)}`);
    const previewSeconds = (performance.now() - t0) / 1000;

    const t1 = performance.now();
    await call('POST', `/api/students/imports/${preview.id as string}/commit`, {
      mode: 'all_or_nothing',
    });
    const progress: number[] = [];
    const polls: number[] = [];
    let done: Record<string, unknown>;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      const asked = performance.now();
      done = await call('GET', `/api/students/imports/${preview.id as string}`);
      polls.push(performance.now() - asked);
      progress.push(done.processedRows as number);
      if (done.status !== 'running') break;
    }
    const commitSeconds = (performance.now() - t1) / 1000;
    if (done.status !== 'done')
      throw new Error(`import ${String(done.status)}: ${String(done.error)}`);
    const invoiceLines = await product.database.pool.query<{ count: number }>(
      'select count(*)::int as count from invoice_lines',
    );
    const totalSeconds = previewSeconds + commitSeconds;
    const round = (value: number) => Math.round(value * 100) / 100;
    return {
      rows,
      siblingDiscount,
      fileBytes: csv.length,
      previewSeconds: round(previewSeconds),
      commitSeconds: round(commitSeconds),
      totalSeconds: round(totalSeconds),
      rowsPerSecond: Math.round(rows / totalSeconds),
      commitRowsPerSecond: Math.round(rows / commitSeconds),
      created: done.created,
      enrolled: done.enrolled,
      invoicesIssued: done.invoicesIssued,
      invoiceLines: invoiceLines.rows[0]?.count,
      /** Distinct progress values the wizard saw while polling (it moves batch by batch). */
      progressSteps: new Set(progress).size,
      pollP50Ms: percentile(
        polls.sort((a, b) => a - b),
        50,
      ),
      baselineRssMb: Math.round(baselineRss / 2 ** 20),
      peakRssMb: Math.round(peakRss / 2 ** 20),
      targetSeconds: 30,
    };
  } finally {
    clearInterval(sampler);
    await product.stop();
  }
}
