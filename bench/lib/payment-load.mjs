// The payers and the provider for the payments benchmark, on a thread of their own so that the
// load they generate does not run on the server's event loop: every payment is approved at the
// sandbox (which sends its webhook), then each webhook is delivered again nine times, shuffled.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { sandbox, payments, deliveries: copies } = workerData;

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

async function post(url, body) {
  const status = await send(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (status < 200 || status >= 300) throw new Error(`${url}: ${status}`);
}

const confirmedAt = {};
await inParallel(payments, 16, async ({ attemptId, simId }) => {
  await post(`${sandbox}/__sim/transactions/${simId}/resolve`, { action: 'paid' });
  confirmedAt[attemptId] = Date.now();
});

// The sandbox sends its webhooks asynchronously: wait until each one has gone out.
let deliveries = [];
for (let wait = 0; wait < 200; wait += 1) {
  const state = await (await fetch(`${sandbox}/__sim/state?provider=wave`)).json();
  deliveries = state.transactions.flatMap((transaction) =>
    transaction.timeline
      .filter((entry) => entry.event === 'callback' && entry.detail?.body)
      .slice(0, 1)
      .map((entry) => entry.detail),
  );
  if (deliveries.length >= payments.length) break;
  await new Promise((resolve) => setTimeout(resolve, 100));
}
const replays = deliveries.flatMap((delivery) => Array(copies - 1).fill(delivery));
for (let i = replays.length - 1; i > 0; i -= 1) {
  const j = Math.floor(Math.random() * (i + 1));
  [replays[i], replays[j]] = [replays[j], replays[i]];
}
await inParallel(replays, 32, async (delivery) => {
  const status = await send(delivery.url, delivery);
  if (status !== 200) throw new Error(`replay answered ${status}`);
});
parentPort.postMessage({ confirmedAt, delivered: deliveries.length + replays.length });
