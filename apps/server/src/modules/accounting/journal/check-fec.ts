import { FEC_FIELDS } from './journal-format';

export interface FecCheck {
  ok: boolean;
  /** French, one per problem found (the first 50). */
  errors: string[];
  lines: number;
  entries: number;
  debits: number;
  credits: number;
}

const DAY = /^(\d{4})(\d{2})(\d{2})$/;
const AMOUNT = /^\d+,\d{2}$/;
const ENTRY_NUMBER = /^(.+?)(\d{4})-(\d{6,})$/;

function validDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10).replaceAll('-', '') === text;
}

const francs = (amount: string) => Number(amount.replace(',', '.'));

/**
 * Checks an FEC file as an auditor's tool would (research §1.5): the header's 18 names in order,
 * CRLF, 18 `|`-separated fields a line, dates AAAAMMJJ (entry dates within the period when one is
 * given), amounts `150000,00` on one side only, each entry (journal + number) balanced with two
 * lines at least and one date, and the numbers of each journal and year sequential in the file
 * without gaps. Pure: used by the tests and the browser journey.
 */
export function checkFec(text: string, period?: { from: string; to: string }): FecCheck {
  const errors: string[] = [];
  const fail = (message: string) => {
    if (errors.length < 50) errors.push(message);
  };
  if (/(?<!\r)\n/.test(text)) fail('Les lignes doivent se terminer par CR LF.');
  const rows = text.split('\r\n').filter((row, index, all) => row !== '' || index < all.length - 1);
  if (rows[0] !== FEC_FIELDS.join('|'))
    fail('En-tête : les 18 champs du FEC, dans l’ordre, séparés par « | ».');
  const from = period?.from.replaceAll('-', '');
  const to = period?.to.replaceAll('-', '');
  const entries = new Map<string, { debit: number; credit: number; lines: number; date: string }>();
  const lastNumber = new Map<string, number>();
  let debits = 0;
  let credits = 0;
  for (const [index, row] of rows.slice(1).entries()) {
    const where = `ligne ${index + 2}`;
    const fields = row.split('|');
    if (fields.length !== 18) {
      fail(`${where} : ${fields.length} champs au lieu de 18.`);
      continue;
    }
    const [
      journal,
      ,
      number,
      date,
      account,
      ,
      aux,
      auxLabel,
      ,
      pieceDate,
      ,
      debit,
      credit,
      letter,
      letterDate,
      validDate,
    ] = fields as string[] & { length: 18 };
    if (!journal || !number || !account)
      fail(`${where} : journal, numéro et compte sont obligatoires.`);
    if (!/^\d{3}/.test(account!)) fail(`${where} : le compte doit commencer par 3 chiffres.`);
    for (const [name, value] of [
      ['EcritureDate', date],
      ['PieceDate', pieceDate],
      ['ValidDate', validDate],
    ] as const) {
      if (!validDay(value!)) fail(`${where} : ${name} « ${value} » n’est pas une date AAAAMMJJ.`);
    }
    if (letterDate && !validDay(letterDate)) fail(`${where} : DateLet invalide.`);
    if (Boolean(letter) !== Boolean(letterDate))
      fail(`${where} : EcritureLet et DateLet vont ensemble.`);
    if (Boolean(aux) !== Boolean(auxLabel))
      fail(`${where} : CompAuxNum et CompAuxLib vont ensemble.`);
    if (from && to && (date! < from || date! > to))
      fail(`${where} : date ${date} hors de la période.`);
    if (validDate! < date!) fail(`${where} : ValidDate antérieure à EcritureDate.`);
    if (!AMOUNT.test(debit!) || !AMOUNT.test(credit!)) {
      fail(`${where} : montants au format 150000,00 attendus.`);
      continue;
    }
    const d = francs(debit!);
    const c = francs(credit!);
    if ((d === 0) === (c === 0)) fail(`${where} : un montant au débit ou au crédit, pas les deux.`);
    debits += d;
    credits += c;
    const key = `${journal}|${number}`;
    const entry = entries.get(key);
    if (entry) {
      entry.debit += d;
      entry.credit += c;
      entry.lines += 1;
      if (entry.date !== date) fail(`${where} : l’écriture ${number} a plusieurs dates.`);
      continue;
    }
    entries.set(key, { debit: d, credit: c, lines: 1, date: date! });
    const parts = ENTRY_NUMBER.exec(number!);
    if (!parts || parts[1] !== journal) {
      fail(
        `${where} : numéro d’écriture « ${number} » attendu sous la forme ${journal}AAAA-000001.`,
      );
      continue;
    }
    const sequence = `${journal} ${parts[2]}`;
    const value = Number(parts[3]);
    const previous = lastNumber.get(sequence);
    if (previous !== undefined && value !== previous + 1) {
      fail(`${where} : journal ${sequence}, numéro ${value} après ${previous} (séquence rompue).`);
    }
    lastNumber.set(sequence, value);
  }
  for (const [key, entry] of entries) {
    if (entry.debit !== entry.credit) {
      fail(
        `Écriture ${key.replace('|', ' ')} déséquilibrée : ${entry.debit} au débit, ${entry.credit} au crédit.`,
      );
    }
    if (entry.lines < 2) fail(`Écriture ${key.replace('|', ' ')} : une seule ligne.`);
  }
  return {
    ok: errors.length === 0,
    errors,
    lines: rows.length - 1,
    entries: entries.size,
    debits,
    credits,
  };
}
