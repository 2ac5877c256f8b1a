// The payers and the provider for the payments benchmark, on a thread of their own so that the
// load they generate does not run on the server's event loop: every payment is approved at the
// sandbox (which sends its webhook), then each webhook is delivered again nine times, shuffled.
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

async function post(url, body) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
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
  const response = await fetch(delivery.url, {
    method: delivery.method,
    headers: delivery.headers,
    body: delivery.body,
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`replay answered ${response.status}`);
});
parentPort.postMessage({ confirmedAt, delivered: deliveries.length + replays.length });
