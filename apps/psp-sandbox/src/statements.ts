// Statements as each provider's back office exports them, from the sandbox's journal of
// transactions for a period: MTN's partner portal CSV, Orange Money's merchant CSV, Wave's
// Balance & Reconciliation transactions (JSON Lines or CSV), FedaPay's CSV or JSON, PayGate's CSV,
// and a bank statement. Differences can be planted for tests and demos:
// `plant=amount:<ref>,fee:<ref>,missing:<ref>,extra` (<ref>: our reference, the provider's id or the
// sandbox id; PayGate: also its payment reference). Fees: the providers' published rates known to the platform (PayGate 2.5 % Flooz,
// 3 % T-Money), others 0 unless `fees=wave:100,mtn:50` (basis points).
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Sandbox } from './engine';
import { PROVIDERS, randomDigits, randomHex, type ProviderId, type SimTransaction } from './state';

type StatementSource = ProviderId | 'bank';

interface Row {
  txnId: string;
  ourRef: string;
  amount: number;
  fee: number;
  at: Date;
  counterparty: string;
  /** FedaPay's mode, PayGate's network. */
  method: string;
  /** PayGate's payment reference, as its status and callback gave it to Écolage. */
  paymentRef?: string;
  extra?: string;
}

const DEFAULT_FEES_BP: Record<string, number> = { 'paygate:FLOOZ': 250, 'paygate:TMONEY': 300 };

function feeOf(bp: number, amount: number): number {
  return Math.floor((amount * bp + 5000) / 10000);
}

type Data = Record<string, unknown> & {
  kind?: string;
  transaction?: { id: string; client_reference: string | null; sender_mobile: string };
};

/** The provider's transaction id and our reference, as its exports show them. */
function identify(transaction: SimTransaction): {
  txnId: string;
  ourRef: string;
  method: string;
  paymentRef?: string;
} {
  const data = transaction.data as Data;
  if (data.kind === 'merchant_payment' && data.transaction) {
    return {
      txnId: data.transaction.id,
      ourRef: data.transaction.client_reference ?? '',
      method: 'merchant',
    };
  }
  switch (transaction.provider) {
    case 'mtn':
      return {
        txnId: String(data.financialTransactionId ?? `9${transaction.id.replace(/\D/g, '')}`),
        ourRef: String(data.externalId ?? data.referenceId ?? transaction.ref),
        method: 'MTN',
      };
    case 'orange':
      return {
        txnId: String(data.txnid ?? `MP${transaction.id.replace(/\D/g, '')}`),
        ourRef: String(data.orderId ?? ''),
        method: 'OM',
      };
    case 'wave': {
      const session = data.session as {
        transaction_id?: string | null;
        client_reference?: string | null;
      };
      return {
        txnId: session?.transaction_id ?? `T_${transaction.id}`,
        ourRef: session?.client_reference ?? '',
        method: 'WAVE',
      };
    }
    case 'fedapay': {
      const metadata = (data.customMetadata ?? {}) as Record<string, unknown>;
      return {
        txnId: String(data.reference),
        ourRef: typeof metadata.attempt_id === 'string' ? metadata.attempt_id : '',
        method: String(data.mode ?? 'togocel'),
      };
    }
    case 'paygate':
      return {
        txnId: transaction.ref,
        ourRef: String(data.identifier ?? ''),
        method: String(data.network ?? 'FLOOZ'),
        // The one PayGate answered when the payment succeeded: the same in every export.
        paymentRef: typeof data.paymentReference === 'string' ? data.paymentReference : '',
      };
  }
}

interface Plants {
  amount: Set<string>;
  fee: Set<string>;
  missing: Set<string>;
  extra: number;
}

function readPlants(text: string | undefined): Plants {
  const plants: Plants = { amount: new Set(), fee: new Set(), missing: new Set(), extra: 0 };
  for (const item of (text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [kind, ref] = item.split(/:(.*)/s) as [string, string | undefined];
    if (kind === 'extra') plants.extra += 1;
    else if ((kind === 'amount' || kind === 'fee' || kind === 'missing') && ref)
      plants[kind].add(ref);
  }
  return plants;
}

function readFees(text: string | undefined): Record<string, number> {
  const fees = { ...DEFAULT_FEES_BP };
  for (const item of (text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const at = item.lastIndexOf(':');
    const bp = Number(item.slice(at + 1));
    if (at > 0 && Number.isInteger(bp) && bp >= 0 && bp <= 10000) fees[item.slice(0, at)] = bp;
  }
  return fees;
}

/** The succeeded transactions of `provider` settled in [from, to] (days, UTC), as rows. */
export function statementRows(
  sandbox: Sandbox,
  provider: ProviderId,
  from: string,
  to: string,
  options: { plant?: string; fees?: string },
): Row[] {
  const plants = readPlants(options.plant);
  const fees = readFees(options.fees);
  const rows: Row[] = [];
  for (const transaction of sandbox.store.transactions) {
    if (transaction.provider !== provider || transaction.state !== 'succeeded') continue;
    const at = transaction.settledAt ?? transaction.createdAt;
    const day = at.toISOString().slice(0, 10);
    if (day < from || day > to) continue;
    const { txnId, ourRef, method, paymentRef = '' } = identify(transaction);
    const names = [
      transaction.id,
      transaction.ref,
      txnId,
      ourRef,
      paymentRef,
      ...Object.values(transaction.lookup),
    ];
    const planted = (set: Set<string>) => names.some((name) => name && set.has(name));
    if (planted(plants.missing)) continue;
    const amount = transaction.reportedAmount + (planted(plants.amount) ? 500 : 0);
    const bp = fees[`${provider}:${method}`] ?? fees[provider] ?? 0;
    const fee = feeOf(bp, transaction.reportedAmount) + (planted(plants.fee) ? 50 : 0);
    rows.push({
      txnId,
      ourRef,
      amount,
      fee,
      at,
      counterparty: transaction.msisdn ?? '',
      method,
      paymentRef,
    });
  }
  for (let index = 0; index < plants.extra; index += 1) {
    rows.push({
      txnId:
        provider === 'fedapay'
          ? `trx_${randomHex(6)}`
          : `${provider === 'wave' ? 'T_' : ''}${randomDigits(10)}`,
      ourRef: provider === 'orange' ? randomDigits(25) : randomUUID(),
      amount: 12_345,
      fee: 0,
      at: new Date(`${to}T12:00:00Z`),
      counterparty: '22890000000',
      method: provider === 'paygate' ? 'FLOOZ' : provider.toUpperCase(),
      paymentRef: provider === 'paygate' ? randomDigits(10) : '',
    });
  }
  return rows.sort((a, b) => a.at.getTime() - b.at.getTime());
}

const csvCell = (value: string | number, separator: string) => {
  const text = String(value);
  return text.includes(separator) || text.includes('"') || text.includes('\n')
    ? `"${text.replace(/"/g, '""')}"`
    : text;
};
const csv = (separator: string, header: string[], rows: (string | number)[][]) =>
  [header, ...rows]
    .map((row) => row.map((cell) => csvCell(cell, separator)).join(separator))
    .join('\r\n') + '\r\n';

const isoSeconds = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');
const localTime = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');
const frDay = (date: Date) => {
  const iso = date.toISOString();
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
};
const frAmount = (value: number) => value.toLocaleString('fr-FR').replace(/\s/g, '\u00a0');

/** The statement file of `source`: body, content type, file name. */
export function renderStatement(
  source: ProviderId,
  rows: Row[],
  format: string | undefined,
): { body: string; type: string; extension: string } {
  switch (source) {
    case 'mtn':
      return {
        type: 'text/csv; charset=utf-8',
        extension: 'csv',
        body: csv(
          ',',
          [
            'Id',
            'External Transaction Id',
            'Date',
            'Status',
            'Type',
            'From',
            'From Name',
            'To',
            'Amount',
            'Currency',
            'Fee',
            'Fee Currency',
            'Balance',
          ],
          rows.map((row) => [
            row.txnId,
            row.ourRef,
            localTime(row.at),
            'SUCCESSFUL',
            'PAYMENT',
            `FRI:${row.counterparty}/MSISDN`,
            '',
            'FRI:ecolage/USER',
            row.amount,
            'XOF',
            row.fee,
            'XOF',
            '',
          ]),
        ),
      };
    case 'orange':
      return {
        type: 'text/csv; charset=utf-8',
        extension: 'csv',
        body: `\uFEFF${csv(
          ';',
          [
            'Date',
            'Heure',
            'N° de transaction',
            'Référence commande',
            'Type',
            'Statut',
            'Numéro client',
            'Montant (FCFA)',
            'Frais (FCFA)',
            'Montant net (FCFA)',
          ],
          rows.map((row) => [
            frDay(row.at),
            row.at.toISOString().slice(11, 19),
            row.txnId,
            row.ourRef,
            'Paiement marchand',
            'Succès',
            row.counterparty,
            frAmount(row.amount),
            frAmount(row.fee),
            frAmount(row.amount - row.fee),
          ]),
        )}`,
      };
    case 'wave': {
      const objects = rows.map((row) => ({
        timestamp: isoSeconds(row.at),
        transaction_id: row.txnId,
        transaction_type: 'merchant_payment',
        amount: String(row.amount),
        fee: String(-row.fee),
        currency: 'XOF',
        client_reference: row.ourRef || null,
        counterparty_name: null,
        counterparty_mobile: row.counterparty ? `+${row.counterparty}` : null,
        is_reversal: false,
      }));
      if (format === 'csv') {
        const header = Object.keys(
          objects[0] ?? {
            timestamp: '',
            transaction_id: '',
            transaction_type: '',
            amount: '',
            fee: '',
            currency: '',
            client_reference: '',
            counterparty_name: '',
            counterparty_mobile: '',
            is_reversal: '',
          },
        );
        return {
          type: 'text/csv; charset=utf-8',
          extension: 'csv',
          body: csv(
            ',',
            header,
            objects.map((object) =>
              Object.values(object).map((value) => (value === null ? '' : String(value))),
            ),
          ),
        };
      }
      return {
        type: 'application/x-ndjson',
        extension: 'jsonl',
        body: objects.map((object) => JSON.stringify(object)).join('\n') + '\n',
      };
    }
    case 'fedapay': {
      const objects = rows.map((row, index) => ({
        id: 100_000 + index,
        reference: row.txnId,
        description: 'Frais de scolarité',
        amount: row.amount,
        fees: row.fee,
        currency: 'XOF',
        status: 'approved',
        mode: row.method,
        customer_phone: row.counterparty,
        custom_metadata: row.ourRef ? { attempt_id: row.ourRef } : null,
        created_at: isoSeconds(row.at),
        approved_at: isoSeconds(row.at),
      }));
      if (format === 'json') {
        return {
          type: 'application/json',
          extension: 'json',
          body: JSON.stringify({ 'v1/transactions': objects }, null, 2),
        };
      }
      return {
        type: 'text/csv; charset=utf-8',
        extension: 'csv',
        body: csv(
          ',',
          [
            'id',
            'reference',
            'description',
            'amount',
            'fees',
            'currency',
            'status',
            'mode',
            'customer_phone',
            'custom_metadata',
            'created_at',
            'approved_at',
          ],
          objects.map((o) => [
            o.id,
            o.reference,
            o.description,
            o.amount,
            o.fees,
            o.currency,
            o.status,
            o.mode,
            o.customer_phone,
            o.custom_metadata ? JSON.stringify(o.custom_metadata) : '',
            o.created_at,
            o.approved_at,
          ]),
        ),
      };
    }
    case 'paygate':
      return {
        type: 'text/csv; charset=utf-8',
        extension: 'csv',
        body: csv(
          ',',
          [
            'tx_reference',
            'identifier',
            'payment_reference',
            'amount',
            'fees',
            'net_amount',
            'datetime',
            'payment_method',
            'phone_number',
            'status',
          ],
          rows.map((row) => [
            row.txnId,
            row.ourRef,
            row.paymentRef ?? '',
            row.amount,
            row.fee,
            row.amount - row.fee,
            localTime(row.at),
            row.method === 'TMONEY' ? 'T-Money' : 'FLOOZ',
            row.counterparty,
            0,
          ]),
        ),
      };
  }
}

/**
 * A bank statement (« Date;Libellé;Référence;Débit;Crédit »): the credits given as
 * `credits=VIR-2026-000001:150000,…` (a payout's reference and net), on `to`, plus with
 * `plant=extra` a transfer from a parent that is none of them.
 */
export function bankStatement(
  from: string,
  to: string,
  credits: string | undefined,
  plant: string | undefined,
) {
  const rows: (string | number)[][] = [];
  const day = frDay(new Date(`${to}T00:00:00Z`));
  for (const item of (credits ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const at = item.lastIndexOf(':');
    const amount = Number(item.slice(at + 1));
    if (at <= 0 || !Number.isSafeInteger(amount) || amount <= 0) continue;
    const reference = item.slice(0, at);
    rows.push([day, `VIR RECU ECOLAGE ${reference}`, reference, '', frAmount(amount)]);
  }
  if (readPlants(plant).extra > 0) {
    rows.push([day, 'VIR RECU M. AGBEKO KOFFI SCOLARITE', '', '', frAmount(75_000)]);
  }
  rows.push([
    frDay(new Date(`${from}T00:00:00Z`)),
    'FRAIS TENUE DE COMPTE',
    '',
    frAmount(2_500),
    '',
  ]);
  return `\uFEFF${csv(';', ['Date', 'Libellé', 'Référence', 'Débit', 'Crédit'], rows)}`;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `GET /__sim/statements/<provider>?from&to[&plant][&fees][&format]` (and `bank` with `credits`). */
export function statementRoutes(sandbox: Sandbox) {
  return async (app: FastifyInstance) => {
    app.get<{
      Params: { source: string };
      Querystring: {
        from?: string;
        to?: string;
        plant?: string;
        fees?: string;
        format?: string;
        credits?: string;
      };
    }>('/__sim/statements/:source', async (request, reply) => {
      const { source } = request.params;
      const today = sandbox.now().toISOString().slice(0, 10);
      const from = request.query.from ?? today;
      const to = request.query.to ?? today;
      if (!DAY.test(from) || !DAY.test(to) || from > to) {
        return reply.code(400).send({ error: 'from and to: YYYY-MM-DD, from ≤ to' });
      }
      const name = `releve-${source}-${from}-${to}`;
      if (source === 'bank') {
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}.csv"`)
          .send(bankStatement(from, to, request.query.credits, request.query.plant));
      }
      if (!(PROVIDERS as readonly string[]).includes(source)) {
        return reply.code(404).send({ error: `unknown source ${source as StatementSource}` });
      }
      const provider = source as ProviderId;
      const rows = statementRows(sandbox, provider, from, to, request.query);
      const file = renderStatement(provider, rows, request.query.format);
      return reply
        .type(file.type)
        .header('content-disposition', `attachment; filename="${name}.${file.extension}"`)
        .send(file.body);
    });
  };
}
