import {
  MAX_STATEMENT_ERRORS,
  type StatementRowError,
  type StatementSource,
} from '@ecolage/contracts';
import {
  attemptIdOf,
  dayOf,
  readFrancs,
  readFrenchDate,
  readIsoInstant,
  type Read,
} from './statement-values';

/**
 * Each source's statement format, as its back office exports it (apps/psp-sandbox/src/statements.ts
 * writes the same): separator, header names, how dates and amounts are written, which column is
 * the provider's transaction id and which echoes our reference. A row becomes a `StatementLine`
 * or row-level errors; a header that is not this source's is one error on line 1.
 */

export interface StatementLine {
  lineNo: number;
  providerTxnId: string | null;
  ourReference: string | null;
  attemptRef: string | null;
  occurredAt: Date;
  day: string;
  direction: 'credit' | 'debit';
  amount: number;
  fee: number;
  /** payment (a collection that succeeded), payout, transfer, refund, other (failed, balance…). */
  type: 'payment' | 'refund' | 'payout' | 'transfer' | 'other';
  counterparty: string | null;
  raw: string;
}

type Row = Record<string, string>;
type Cells = (row: Row) => {
  [K in keyof Omit<StatementLine, 'lineNo' | 'raw' | 'day' | 'attemptRef'>]: Read<StatementLine[K]>;
};

export interface StatementFormat {
  /** Field separator of the CSV (Wave and FedaPay may also come as JSON). */
  delimiter: ',' | ';';
  columns: readonly string[];
  cells: Cells;
  /** JSON form: JSON Lines (Wave) or an envelope of objects (FedaPay). */
  json?: 'lines' | 'envelope';
}

const text = (value: string | undefined): Read<string | null> => ({
  ok: true,
  value: value?.trim() ? value.trim().slice(0, 200) : null,
});
const required = (value: string | undefined, what: string): Read<string> =>
  value?.trim()
    ? { ok: true, value: value.trim().slice(0, 200) }
    : { ok: false, reason: `${what} absent` };
const is = <T>(value: T): Read<T> => ({ ok: true, value });

const MTN_COLUMNS = [
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
] as const;

const ORANGE_COLUMNS = [
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
] as const;

const WAVE_COLUMNS = [
  'timestamp',
  'transaction_id',
  'transaction_type',
  'amount',
  'fee',
  'currency',
  'client_reference',
  'counterparty_name',
  'counterparty_mobile',
  'is_reversal',
] as const;

const FEDAPAY_COLUMNS = [
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
] as const;

const PAYGATE_COLUMNS = [
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
] as const;

const BANK_COLUMNS = ['Date', 'Libellé', 'Référence', 'Débit', 'Crédit'] as const;

/** FedaPay's `custom_metadata` cell: `{"attempt_id": "…"}`. */
function fedapayAttempt(cell: string | undefined): Read<string | null> {
  const value = cell?.trim();
  if (!value) return is(null);
  try {
    const parsed = JSON.parse(value) as { attempt_id?: unknown };
    return is(typeof parsed?.attempt_id === 'string' ? parsed.attempt_id : null);
  } catch {
    return { ok: false, reason: `métadonnées illisibles « ${value.slice(0, 30)} » (JSON attendu)` };
  }
}

const absolute = (read: Read<number>): Read<number> => (read.ok ? is(Math.abs(read.value)) : read);

const walletMoney = (row: Row, amount: string, signed = true) =>
  readFrancs(row[amount], { signed });

export const statementFormats: Record<StatementSource, StatementFormat> = {
  mtn: {
    delimiter: ',',
    columns: MTN_COLUMNS,
    cells: (row) => {
      const amount = walletMoney(row, 'Amount');
      const succeeded = row.Status?.trim() === 'SUCCESSFUL';
      const type = row.Type?.trim().toUpperCase();
      return {
        providerTxnId: required(row.Id, 'identifiant de transaction'),
        ourReference: text(row['External Transaction Id']),
        occurredAt: readIsoInstant(row.Date),
        direction: is(amount.ok && amount.value < 0 ? 'debit' : 'credit'),
        amount: amount.ok ? is(Math.abs(amount.value)) : amount,
        fee: readFrancs(row.Fee, { optional: true }),
        type: is(
          !succeeded
            ? 'other'
            : type === 'PAYMENT'
              ? 'payment'
              : type === 'REFUND'
                ? 'refund'
                : 'other',
        ),
        counterparty: text(row['From Name'] || row.From),
      };
    },
  },
  orange: {
    delimiter: ';',
    columns: ORANGE_COLUMNS,
    cells: (row) => {
      const status = row.Statut?.trim().toLowerCase();
      const kind = row.Type?.trim().toLowerCase() ?? '';
      return {
        providerTxnId: required(row['N° de transaction'], 'numéro de transaction'),
        ourReference: text(row['Référence commande']),
        occurredAt: readFrenchDate(row.Date, row.Heure),
        direction: is(kind.includes('retrait') || kind.includes('rembours') ? 'debit' : 'credit'),
        amount: readFrancs(row['Montant (FCFA)']),
        fee: readFrancs(row['Frais (FCFA)'], { optional: true }),
        type: is(
          status !== 'succès' && status !== 'succes'
            ? 'other'
            : kind.includes('paiement')
              ? 'payment'
              : kind.includes('rembours')
                ? 'refund'
                : 'other',
        ),
        counterparty: text(row['Numéro client']),
      };
    },
  },
  wave: {
    delimiter: ',',
    columns: WAVE_COLUMNS,
    json: 'lines',
    cells: (row) => {
      const amount = walletMoney(row, 'amount');
      const kind = row.transaction_type?.trim();
      const reversal = row.is_reversal?.trim() === 'true';
      return {
        providerTxnId: required(row.transaction_id, 'transaction_id'),
        ourReference: text(row.client_reference),
        occurredAt: readIsoInstant(row.timestamp),
        direction: is(amount.ok && amount.value < 0 ? 'debit' : 'credit'),
        amount: absolute(amount),
        fee: absolute(readFrancs(row.fee, { optional: true, signed: true })),
        type: is(
          reversal
            ? 'refund'
            : kind === 'merchant_payment'
              ? 'payment'
              : kind === 'payout'
                ? 'payout'
                : 'other',
        ),
        counterparty: text(row.counterparty_name || row.counterparty_mobile),
      };
    },
  },
  fedapay: {
    delimiter: ',',
    columns: FEDAPAY_COLUMNS,
    json: 'envelope',
    cells: (row) => {
      const status = row.status?.trim();
      const paid = status === 'approved' || status === 'transferred';
      return {
        providerTxnId: required(row.reference, 'référence'),
        ourReference: fedapayAttempt(row.custom_metadata),
        occurredAt: readIsoInstant(row.approved_at?.trim() || row.created_at),
        direction: is('credit'),
        amount: readFrancs(row.amount),
        fee: readFrancs(row.fees, { optional: true }),
        type: is(paid ? 'payment' : status === 'refunded' ? 'refund' : 'other'),
        counterparty: text(row.customer_phone),
      };
    },
  },
  paygate: {
    delimiter: ',',
    columns: PAYGATE_COLUMNS,
    cells: (row) => {
      const amount = readFrancs(row.amount);
      const fee = readFrancs(row.fees, { optional: true });
      const net = readFrancs(row.net_amount);
      const coherent = amount.ok && fee.ok && net.ok && amount.value - fee.value !== net.value;
      return {
        providerTxnId: required(row.tx_reference, 'tx_reference'),
        ourReference: text(row.identifier),
        occurredAt: readIsoInstant(row.datetime),
        direction: is('credit'),
        amount: coherent
          ? { ok: false, reason: 'montant net différent du montant moins les frais' }
          : amount,
        fee,
        type: is(row.status?.trim() === '0' ? 'payment' : 'other'),
        counterparty: text(row.phone_number),
      };
    },
  },
  bank: {
    delimiter: ';',
    columns: BANK_COLUMNS,
    cells: (row) => {
      const debit = readFrancs(row['Débit'], { optional: true });
      const credit = readFrancs(row['Crédit'], { optional: true });
      const both = debit.ok && credit.ok && debit.value > 0 === credit.value > 0;
      return {
        providerTxnId: is(null),
        ourReference: text(row['Référence']),
        occurredAt: readFrenchDate(row.Date),
        direction: is(credit.ok && credit.value > 0 ? 'credit' : 'debit'),
        amount: both
          ? { ok: false, reason: 'une ligne porte un débit ou un crédit, pas les deux ni aucun' }
          : debit.ok && credit.ok
            ? is(debit.value + credit.value)
            : debit.ok
              ? credit
              : debit,
        fee: is(0),
        type: is(credit.ok && credit.value > 0 ? 'transfer' : 'other'),
        counterparty: text(row['Libellé']),
      };
    },
  },
};

/** Column names of the statement's lines, in the order of `cells`' answer. */
const FIELD_COLUMNS: Record<StatementSource, Partial<Record<keyof ReturnType<Cells>, string>>> = {
  mtn: { providerTxnId: 'Id', occurredAt: 'Date', amount: 'Amount', fee: 'Fee' },
  orange: {
    providerTxnId: 'N° de transaction',
    occurredAt: 'Date',
    amount: 'Montant (FCFA)',
    fee: 'Frais (FCFA)',
  },
  wave: { providerTxnId: 'transaction_id', occurredAt: 'timestamp', amount: 'amount', fee: 'fee' },
  fedapay: {
    providerTxnId: 'reference',
    ourReference: 'custom_metadata',
    occurredAt: 'approved_at',
    amount: 'amount',
    fee: 'fees',
  },
  paygate: {
    providerTxnId: 'tx_reference',
    occurredAt: 'datetime',
    amount: 'amount',
    fee: 'fees',
  },
  bank: { occurredAt: 'Date', amount: 'Crédit' },
};

/** Collects row-level errors, the first `MAX_STATEMENT_ERRORS` kept, all counted. */
export class RowErrors {
  readonly list: StatementRowError[] = [];
  count = 0;
  add(line: number, column: string | null, message: string) {
    this.count += 1;
    if (this.list.length < MAX_STATEMENT_ERRORS) this.list.push({ line, column, message });
  }
}

/** The header check: the source's columns must all be there (extra columns are allowed). */
export function checkHeader(source: StatementSource, header: readonly string[], errors: RowErrors) {
  const present = new Set(header.map((name) => name.replace(/^\uFEFF/, '').trim()));
  const missing = statementFormats[source].columns.filter((column) => !present.has(column));
  if (missing.length > 0) {
    errors.add(
      1,
      missing[0] ?? null,
      `en-tête inattendu pour ce relevé : ${missing.length === 1 ? 'colonne absente' : 'colonnes absentes'} ${missing
        .slice(0, 6)
        .map((name) => `« ${name} »`)
        .join(
          ', ',
        )}${missing.length > 6 ? '…' : ''} — ce fichier n’est pas au format de cet opérateur`,
    );
    return false;
  }
  return true;
}

/** One row into a statement line, or its errors. */
export function readRow(
  source: StatementSource,
  lineNo: number,
  row: Row,
  raw: string,
  errors: RowErrors,
): StatementLine | null {
  const cells = statementFormats[source].cells(row);
  let failed = false;
  const values: Record<string, unknown> = {};
  for (const [field, read] of Object.entries(cells) as [keyof typeof cells, Read<unknown>][]) {
    if (read.ok) values[field] = read.value;
    else {
      failed = true;
      errors.add(lineNo, FIELD_COLUMNS[source][field] ?? null, read.reason);
    }
  }
  if (failed) return null;
  const line = values as Omit<StatementLine, 'lineNo' | 'raw' | 'day' | 'attemptRef'>;
  if (line.amount === 0 && line.type !== 'other') {
    errors.add(lineNo, FIELD_COLUMNS[source].amount ?? null, 'montant nul');
    return null;
  }
  return {
    ...line,
    lineNo,
    raw: raw.slice(0, 2000),
    day: dayOf(line.occurredAt),
    attemptRef: attemptIdOf(line.ourReference),
  };
}
