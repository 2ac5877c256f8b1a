// The payers and the provider for the payments benchmark, on a thread of their own so that the
// load they generate does not run on the server's event loop: every payment is approved at the
// sandbox (which sends its webhook) and, while others are still approving, each webhook the
// sandbox has sent is delivered again nine times, mixed with the others.
import http from 'node:http';
import net from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';

const { sandbox, server, payments, deliveries: copies } = workerData;

async function inParallel(items, lanes, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

// Plain `http` with kept-alive connections: a fraction of `fetch`'s cost per request, so the
// load generator takes less of the two cores the server, the sandbox and PostgreSQL share.
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** Sends a request and answers its status once the body has been read. */
function send(url, { method, headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * One kept-alive connection that sends ready-made HTTP/1.1 requests one at a time and answers
 * each response's status: the 27,000 replays cost the generator next to nothing, and the two
 * cores go to what is measured.
 */
function rawConnection(origin) {
  const { hostname, port } = new URL(origin);
  const socket = net.connect(Number(port), hostname);
  socket.setNoDelay(true);
  let pending = null;
  let buffered = Buffer.alloc(0);
  socket.on('data', (chunk) => {
    buffered = Buffer.concat([buffered, chunk]);
    const end = buffered.indexOf('\r\n\r\n');
    if (end < 0 || !pending) return;
    const head = buffered.subarray(0, end).toString('latin1');
    const length = Number(/content-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    if (buffered.length < end + 4 + length) return;
    buffered = buffered.subarray(end + 4 + length);
    const { resolve } = pending;
    pending = null;
    resolve(Number(head.slice(9, 12)));
  });
  socket.on('error', (error) => pending?.reject(error));
  return {
    send(request) {
      return new Promise((resolve, reject) => {
        pending = { resolve, reject };
        socket.write(request);
      });
    },
    close: () => socket.end(),
  };
}

/** The bytes of a delivery as the provider sent it. */
function rawRequest({ url, method, headers, body }) {
  const target = new URL(url);
  const payload = Buffer.from(body, 'utf8');
  const lines = [`${method} ${target.pathname}${target.search} HTTP/1.1`, `host: ${target.host}`];
  for (const [name, value] of Object.entries(headers)) {
    if (!/^(host|content-length|connection)$/i.test(name)) lines.push(`${name}: ${value}`);
  }
  lines.push(`content-length: ${payload.length}`, '', '');
  return Buffer.concat([Buffer.from(lines.join('\r\n'), 'latin1'), payload]);
}

async function post(url, body) {
  const status = await send(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (status < 200 || status >= 300) throw new Error(`${url}: ${status}`);
}

const confirmedAt = {};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const approving = inParallel(payments, 64, async ({ attemptId, simId }) => {
  await post(`${sandbox}/__sim/transactions/${simId}/resolve`, { action: 'paid' });
  confirmedAt[attemptId] = Date.now();
});

// Meanwhile, every webhook the sandbox has sent is delivered again nine times, mixed with the
// others sent since the last look: retries arrive while other payers are still approving.
const replays = [];
let delivered = 0;
let collecting = true;
const collectingDone = (async () => {
  let from = 0;
  while (delivered < payments.length) {
    const page = await (
      await fetch(`${sandbox}/__sim/callbacks?provider=wave&from=${from}`)
    ).json();
    from = page.next;
    const fresh = page.callbacks.flatMap(({ detail }) => Array(copies - 1).fill(detail));
    delivered += page.callbacks.length;
    for (let i = fresh.length - 1; i > 0; i -= 1) {
      const j = Math.floor(Math.random() * (i + 1));
      [fresh[i], fresh[j]] = [fresh[j], fresh[i]];
    }
    replays.push(...fresh);
    if (delivered < payments.length) await sleep(100);
  }
  collecting = false;
})();

// 32 connections deliver the replays as they come.
let replayed = 0;
await Promise.all([
  approving,
  collectingDone,
  ...Array.from({ length: 32 }, async () => {
    const connection = rawConnection(server);
    for (;;) {
      const delivery = replays.shift();
      if (!delivery) {
        if (!collecting) break;
        await sleep(5);
        continue;
      }
      const status = await connection.send(rawRequest(delivery));
      if (status !== 200) throw new Error(`replay answered ${status}`);
      replayed += 1;
    }
    connection.close();
  }),
]);
parentPort.postMessage({ confirmedAt, delivered: delivered + replayed });
