// Throughput and p99 latency of GET /api/health and a one-row database read, next to a bare Fastify
// hello-world measured in the same run, with autocannon on 127.0.0.1.
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { rmSync } from 'node:fs';
import { freshDataDir, startProduct } from './lib/product-server';

async function load(url: string, seconds: number) {
  const result = await autocannon({ url, connections: 50, duration: seconds, pipelining: 1 });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

export async function benchHttp(seconds = 10) {
  const hello = Fastify();
  hello.get('/', () => ({ hello: 'world' }));
  const helloUrl = await hello.listen({ host: '127.0.0.1', port: 0 });
  const dataDir = freshDataDir('http');
  // The rate limiter stays on (its cost is measured) with a budget the load cannot exhaust.
  const product = await startProduct(dataDir, { RATE_LIMIT_PER_MINUTE: '100000000' });
  try {
    return {
      bareFastifyHelloWorld: await load(helloUrl, seconds),
      health: await load(`${product.url}/api/health`, seconds),
      oneRowRead: await load(`${product.url}/api/public/schools/ecole-demo`, seconds),
      connections: 50,
      seconds,
    };
  } finally {
    await product.stop();
    await hello.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
