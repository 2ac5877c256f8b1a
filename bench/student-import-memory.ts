// A hostile import against the built product (`npm start`'s script): an Excel file of 1,000,000
// one-cell rows (a few MB zipped) uploaded several times while /api/health is asked without a
// pause. Measures the server process's resident memory (RSS, /proc) and the health route's
// latency throughout. Targets: RSS rises less than 100 MB, every health answer within 200 ms,
// each upload refused with a 4xx. Prints figures only.
import { readFileSync, rmSync } from 'node:fs';
import { freePort } from '../e2e/support/free-port';
import { ImportMessages } from '../packages/contracts/src/student-import';
import { demoAccounts, DEMO_PASSWORD } from '../apps/server/src/seed/demo-seed';
import {
  inlineRow,
  rowPieces,
  SHEET_END,
  SHEET_START,
  xlsxFile,
} from '../apps/server/src/modules/students/import/xlsx-files.test-support';
import { percentile } from './lib/in-process';
import { freshDataDir, startProduct } from './lib/product-server';

const ROWS = 1_000_000;
const SAMPLE_MS = 10;

function* oneCellSheet(): Generator<string> {
  yield SHEET_START + inlineRow(1, ['Nom complet']);
  yield* rowPieces(ROWS, (index) => {
    const row = index + 2;
    return `<row r="${row}"><c r="A${row}" t="inlineStr"><is><t>Élève ${index}</t></is></c></row>`;
  });
  yield SHEET_END;
}

/** The process's resident memory in MB, from the kernel. */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kilobytes / 1024;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function benchStudentImportMemory({ uploads = 3 } = {}) {
  const file = await xlsxFile(oneCellSheet());
  const dataDir = freshDataDir('import-memory');
  const [port, sandboxPort] = [await freePort(), await freePort()];
  const product = await startProduct(dataDir, {
    PORT: String(port),
    PSP_SANDBOX_PORT: String(sandboxPort),
    // The health route is asked without a pause: the per-address limit would answer 429.
    RATE_LIMIT_PER_MINUTE: '100000000',
  });
  const pid = product.process.pid!;
  try {
    const login = await fetch(`${product.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: demoAccounts[0]!.email, password: DEMO_PASSWORD }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    // The server at rest: started, logged in, health asked a few times.
    for (let index = 0; index < 20; index += 1) await fetch(`${product.url}/api/health`);
    await sleep(1000);
    const baselineRss = rssMb(pid);
    let peakRss = baselineRss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(pid))), SAMPLE_MS);

    const health: number[] = [];
    let probing = true;
    const prober = (async () => {
      while (probing) {
        const asked = performance.now();
        const response = await fetch(`${product.url}/api/health`);
        await response.arrayBuffer();
        health.push(performance.now() - asked);
        if (response.status !== 200) throw new Error(`/api/health: ${response.status}`);
      }
    })();

    const answers: { status: number; message: string; seconds: number }[] = [];
    try {
      await sleep(200);
      for (let index = 0; index < uploads; index += 1) {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(file)]), 'un-million-de-lignes.xlsx');
        const sent = performance.now();
        const response = await fetch(`${product.url}/api/students/imports`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        });
        const body = (await response.json()) as { message?: string };
        answers.push({
          status: response.status,
          message: body.message ?? '',
          seconds: Math.round((performance.now() - sent) / 10) / 100,
        });
      }
      await sleep(500);
    } finally {
      probing = false;
      await prober;
      clearInterval(sampler);
    }
    const sorted = [...health].sort((a, b) => a - b);
    const riseMb = Math.round(peakRss - baselineRss);
    const maxHealthMs = Math.round(sorted.at(-1) ?? 0);
    return {
      rows: ROWS,
      fileKb: Math.round(file.length / 1024),
      answers,
      refusedAsTooManyRows: answers.every(
        (answer) => answer.status === 400 && answer.message === ImportMessages.tooManyRows,
      ),
      baselineRssMb: Math.round(baselineRss),
      peakRssMb: Math.round(peakRss),
      rssRiseMb: riseMb,
      healthChecks: health.length,
      healthP50Ms: percentile(sorted, 50),
      healthP99Ms: percentile(sorted, 99),
      healthMaxMs: maxHealthMs,
      targets: { rssRiseMb: 100, healthMaxMs: 200 },
      met: riseMb < 100 && maxHealthMs <= 200,
    };
  } finally {
    await product.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
