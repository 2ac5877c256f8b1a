// `npm run bench`: builds, then measures the targets of the platform issue and prints the figures
// (also written to bench/results/). Pass names to run a subset: npm run bench -- http startup
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { benchAccountingList } from './accounting-list';
import { benchAuth } from './auth.bench';
import { benchDashboard } from './dashboard';
import { benchForecast } from './forecast';
import { benchHttp } from './http.bench';
import { benchLanding } from './landing.bench';
import { benchLighthouse } from './lighthouse.bench';
import { benchPayer } from './payer';
import { benchPayments } from './payments';
import { benchReceipts } from './receipts';
import { benchReminders } from './reminders';
import { benchReconciliation } from './reconciliation';
import { benchRushFromArgs } from './rush';
import { benchSearch } from './search';
import { benchStatistics } from './statistics';
import { freePort } from '../e2e/support/free-port';
import { freshDataDir, root, startProduct } from './lib/product-server';
import { benchStartup } from './startup.bench';
import { benchStudentsList } from './students-list';
import { benchStudentImport } from './student-import';
import { benchStudentImportMemory } from './student-import-memory';

/** The public pages Lighthouse measures (the payer pages are the payer bench's). */
const PUBLIC_PAGES = ['/', '/about', '/form'];

const wanted = new Set(process.argv.slice(2));
const runs = (name: string) => wanted.size === 0 || wanted.has(name);

const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const results: Record<string, unknown> = { date: new Date().toISOString(), node: process.version };

if (runs('landing') || runs('lighthouse')) {
  const dataDir = freshDataDir('pages');
  try {
    // The simulator on a free port too: 3100 may be another product's.
    const product = await startProduct(dataDir, { PSP_SANDBOX_PORT: String(await freePort()) });
    try {
      if (runs('landing')) results.landing = await benchLanding(`${product.url}/`);
      // Never throws: a page that cannot be measured is reported with why.
      if (runs('lighthouse')) results.lighthouse = benchLighthouse(product.url, PUBLIC_PAGES);
    } finally {
      await product.stop();
    }
  } catch (error) {
    // The product did not start, or the landing bench failed: say so, and measure the rest.
    console.error('bancs des pages publiques en échec :', error);
    results.pages = { error: error instanceof Error ? error.message : String(error) };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
if (runs('startup')) results.startup = await benchStartup();
if (runs('http')) results.http = await benchHttp();
if (runs('auth')) results.auth = await benchAuth();
if (runs('students-list')) results.studentsList = await benchStudentsList();
if (runs('student-import')) results.studentImport = await benchStudentImport();
if (runs('student-import-memory')) results.studentImportMemory = await benchStudentImportMemory();
if (runs('payments')) results.payments = await benchPayments();
if (runs('dashboard')) results.dashboard = await benchDashboard();
if (runs('forecast')) results.forecast = await benchForecast();
if (runs('receipts')) results.receipts = await benchReceipts();
if (runs('payer')) results.payer = await benchPayer();
if (runs('search')) results.search = await benchSearch();
if (runs('reminders')) results.reminders = await benchReminders();
if (runs('reconciliation')) results.reconciliation = await benchReconciliation();
if (runs('accounting-list')) results.accountingList = await benchAccountingList();
if (runs('statistics')) results.statistics = await benchStatistics();
// `rush --workers 1` / `rush --kill`: the flags are the rush's own, not benches' names.
if (wanted.has('rush')) results.rush = await benchRushFromArgs(process.argv.slice(2));

console.log(JSON.stringify(results, null, 2));
const dir = path.join(root, 'bench', 'results');
mkdirSync(dir, { recursive: true });
const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(file, JSON.stringify(results, null, 2));
console.log(`\nRésultats écrits dans ${path.relative(root, file)}`);
