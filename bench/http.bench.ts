// Per-request overhead: GET /api/health and a one-row database read (/api/public/schools/ecole-demo)
// of the product, each beside its bare counterpart measured in the same run (bench/http-bare.ts, in
// a process of its own as the product is): a Fastify hello-world, and a Fastify + pg route running
// the same query on the same database. autocannon on 127.0.0.1.
//
// Besides requests per second, each server's CPU time per request (its process's user + system
// time over the load, /proc): on a machine shared with other work, throughput follows whatever
// else runs, the CPU a request costs much less so.
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { freshDataDir, root, startProduct } from './lib/product-server';

const CONNECTIONS = 50;
const TICKS_PER_SECOND = 100;

/** User + system CPU seconds of a process so far (Linux). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command name.
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

async function load(url: string, seconds: number, pid: number) {
  // A short warm-up first (JIT, pools, caches), not counted.
  await autocannon({ url, connections: CONNECTIONS, duration: 2 });
  const cpuBefore = cpuSeconds(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds });
  const cpu = cpuSeconds(pid) - cpuBefore;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    cpuMicrosecondsPerRequest: Math.round((cpu * 1e6) / Math.max(1, result.requests.total)),
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** The embedded engine's address, from its data directory (credentials file, postmaster.pid). */
function embeddedDatabaseUrl(dataDir: string): string {
  const { user, password } = JSON.parse(
    readFileSync(path.join(dataDir, 'db-credentials.json'), 'utf8'),
  ) as { user: string; password: string };
  const port = readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3];
  return `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/ecolage`;
}

function startBareServers(databaseUrl: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'bench/http-bare.ts'), databaseUrl],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise<{ child: ChildProcess; helloUrl: string; readUrl: string }>(
    (resolve, reject) => {
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString('utf8');
        const match = /prêt (\S+) (\S+)/.exec(output);
        if (match) resolve({ child, helloUrl: match[1]!, readUrl: match[2]! });
      });
      child.once('exit', (code) => reject(new Error(`serveurs nus arrêtés (code ${code})`)));
    },
  );
}

const ratio = (part: { requestsPerSecond: number }, whole: { requestsPerSecond: number }) =>
  Math.round((part.requestsPerSecond / whole.requestsPerSecond) * 100) / 100;

export async function benchHttp(seconds = 10) {
  const dataDir = freshDataDir('http');
  // The rate limiter stays on (its cost is measured) with a budget the load cannot exhaust; the
  // access log too, at the production level (info). No payment simulator: no route here uses it.
  const product = await startProduct(dataDir, {
    RATE_LIMIT_PER_MINUTE: '100000000',
    LOG_LEVEL: 'info',
    PSP_SANDBOX: 'off',
  });
  const productPid = product.process.pid!;
  const bare = await startBareServers(embeddedDatabaseUrl(dataDir));
  const barePid = bare.child.pid!;
  try {
    const bareFastifyHelloWorld = await load(`${bare.helloUrl}/`, seconds, barePid);
    const health = await load(`${product.url}/api/health`, seconds, productPid);
    const readUrl = '/api/public/schools/ecole-demo';
    const bareFastifyPgRead = await load(`${bare.readUrl}${readUrl}`, seconds, barePid);
    const oneRowRead = await load(`${product.url}${readUrl}`, seconds, productPid);
    const figures = {
      bareFastifyHelloWorld,
      health,
      bareFastifyPgRead,
      oneRowRead,
      healthVsBare: ratio(health, bareFastifyHelloWorld),
      oneRowReadVsBarePg: ratio(oneRowRead, bareFastifyPgRead),
      connections: CONNECTIONS,
      seconds,
    };
    console.log(
      `http : /api/health ${health.requestsPerSecond} req/s (${health.cpuMicrosecondsPerRequest} µs CPU), ` +
        `Fastify nu ${bareFastifyHelloWorld.requestsPerSecond} req/s (${bareFastifyHelloWorld.cpuMicrosecondsPerRequest} µs) : ${figures.healthVsBare} ; ` +
        `lecture d'une ligne ${oneRowRead.requestsPerSecond} req/s (${oneRowRead.cpuMicrosecondsPerRequest} µs), ` +
        `Fastify + pg nu ${bareFastifyPgRead.requestsPerSecond} req/s (${bareFastifyPgRead.cpuMicrosecondsPerRequest} µs) : ${figures.oneRowReadVsBarePg}`,
    );
    return figures;
  } finally {
    bare.child.kill('SIGTERM');
    await product.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
