// The rush's crowd (bench/rush.ts): parents paying by link through the payer pages as a phone's
// browser does (link page, « Payer » → the waiting page), their approvals at the sandbox, and
// staff browsing the lists and the dashboard. Latencies kept per step.
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Plain `http` with kept-alive connections: the generator takes little of the two cores. */
export function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(options.body);
  });
}

export async function timed<T>(into: number[], work: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const result = await work();
  into.push(performance.now() - t0);
  return result;
}

export interface PayerTimings {
  linkPage: number[];
  payToWaiting: number[];
}

/**
 * One parent: opens the link, ticks the oldest invoice, pays with Wave from their phone and lands
 * on the waiting page. Returns the payment attempt's id (from the waiting page's address).
 */
export async function payByLink(
  origin: string,
  link: { path: string; phone: string },
  timings: PayerTimings,
): Promise<string> {
  const page = await timed(timings.linkPage, () => request(`${origin}${link.path}`));
  if (page.status !== 200) throw new Error(`page du lien : ${page.status}`);
  const invoiceId = /name="invoiceIds"[^>]*value="([^"]+)"/.exec(page.body)?.[1];
  const key = /name="idempotencyKey" value="([^"]+)"/.exec(page.body)?.[1];
  if (!invoiceId || !key) throw new Error('page du lien sans facture ni clé');
  const form = new URLSearchParams({
    invoiceIds: invoiceId,
    wallet: 'WAVE',
    phone: link.phone,
    idempotencyKey: key,
  }).toString();
  return timed(timings.payToWaiting, async () => {
    const posted = await request(`${origin}${link.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    const location = posted.headers.location;
    if (posted.status !== 303 || !location) {
      throw new Error(`« Payer » : ${posted.status} ${posted.body.slice(0, 300)}`);
    }
    const waiting = await request(`${origin}${location}`);
    if (waiting.status !== 200) throw new Error(`page d’attente : ${waiting.status}`);
    return location.split('/').pop()!;
  });
}

/** The staff's screens: the lists' first pages (and a later one) and the dashboard. */
const STAFF_PAGES = [
  '/api/students?page=1&pageSize=25',
  '/api/invoices?page=1&pageSize=25',
  '/api/payments?page=1&pageSize=25',
  '/api/dashboard',
  '/api/students?page=40&pageSize=25&search=agbeko',
  '/api/invoices?page=12&pageSize=25&status=open',
];

/**
 * A member of staff going from screen to screen (a second between them, as a person reads) until
 * `until()` says stop; alternates between the API processes as a load balancer would.
 */
export async function browse(
  origins: string[],
  token: string,
  timings: number[],
  errors: string[],
  until: () => boolean,
  offset: number,
) {
  for (let i = offset; !until(); i += 1) {
    const origin = origins[i % origins.length]!;
    const route = STAFF_PAGES[i % STAFF_PAGES.length]!;
    const answer = await timed(timings, () =>
      request(`${origin}${route}`, { headers: { authorization: `Bearer ${token}` } }),
    );
    if (answer.status !== 200)
      errors.push(`${route} : ${answer.status} ${answer.body.slice(0, 200)}`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/**
 * The sandbox's transactions by the payment they belong to (Wave's client reference), refreshed
 * on demand at most every 300 ms for everyone waiting.
 */
export function simTransactions(sandbox: string) {
  const byAttempt = new Map<string, string>();
  let refreshing: Promise<void> | null = null;
  const refresh = () =>
    (refreshing ??= (async () => {
      const answer = await request(`${sandbox}/__sim/state?provider=wave`);
      const state = JSON.parse(answer.body) as {
        transactions: { id: string; lookup: Record<string, string> }[];
      };
      for (const transaction of state.transactions) {
        const reference = transaction.lookup.clientReference;
        if (reference) byAttempt.set(reference, transaction.id);
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
    })().finally(() => (refreshing = null)));
  return async (attemptId: string): Promise<string> => {
    for (let i = 0; i < 200; i += 1) {
      const id = byAttempt.get(attemptId);
      if (id) return id;
      await refresh();
    }
    throw new Error(`transaction du bac à sable introuvable pour ${attemptId}`);
  };
}

/** The payer approves on their phone: the sandbox confirms and sends Wave's webhook. */
export async function approve(sandbox: string, simId: string): Promise<void> {
  const answer = await request(`${sandbox}/__sim/transactions/${simId}/resolve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'paid' }),
  });
  if (answer.status !== 200) throw new Error(`approbation : ${answer.status} ${answer.body}`);
}
