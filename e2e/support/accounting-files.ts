import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * What the accounting journey checks in the files a school hands its accountant: the FEC
 * (research §1: 18 `|`-separated fields, CRLF, dates AAAAMMJJ, amounts `150000,00`) and an XLSX
 * opened by LibreOffice as a school would (`soffice --headless --convert-to csv`). Written here,
 * not imported from the server: the e2e project builds only what a browser and a file can show.
 */

export interface FecSummary {
  /** Problems found, in French (empty when the file is right). */
  errors: string[];
  /** Lines under the header. */
  lines: number;
  /** Distinct entries (journal + number). */
  entries: number;
  /** Every journal and year with its numbers, in order. */
  journals: Map<string, number[]>;
  /** The rows' fields, for further questions (auxiliaries, accounts…). */
  rows: string[][];
}

/** Centimes of a FEC amount `150000,00` (integers: no float ever adds money). */
function centimes(amount: string): number | null {
  const match = /^(\d+),(\d{2})$/.exec(amount);
  return match ? Number(match[1]) * 100 + Number(match[2]) : null;
}

/**
 * The journey's own check of an FEC file for `period` (YYYY-MM-DD days): 18 fields on every line
 * (header included), CRLF endings, every entry (journal + EcritureNum) balanced with two lines at
 * least and one date, entry dates within the period, each journal's numbers (per fiscal year)
 * sequential without gaps or repeats, amounts on one side only.
 */
export function checkFecFile(text: string, period: { from: string; to: string }): FecSummary {
  const errors: string[] = [];
  if (/(?<!\r)\n/.test(text)) errors.push('des lignes ne finissent pas par CR LF');
  const all = text.split('\r\n');
  if (all.at(-1) === '') all.pop();
  const [header, ...body] = all;
  const names = (header ?? '').replace(/^\uFEFF/, '').split('|');
  if (names.length !== 18) errors.push(`en-tête : ${names.length} champs au lieu de 18`);
  if (names[0] !== 'JournalCode' || names[2] !== 'EcritureNum' || names[11] !== 'Debit') {
    errors.push(`en-tête inattendu : ${header}`);
  }
  const from = period.from.replaceAll('-', '');
  const to = period.to.replaceAll('-', '');
  const entries = new Map<string, { debit: number; credit: number; lines: number; date: string }>();
  const journals = new Map<string, number[]>();
  const rows: string[][] = [];
  body.forEach((line, index) => {
    const where = `ligne ${index + 2}`;
    const fields = line.split('|');
    if (fields.length !== 18) {
      errors.push(`${where} : ${fields.length} champs`);
      return;
    }
    rows.push(fields);
    const [journal, , number, date, , , , , , , , debitText, creditText] = fields as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    if (!/^\d{8}$/.test(date) || date < from || date > to) {
      errors.push(`${where} : date ${date} hors de ${from}–${to}`);
    }
    const debit = centimes(debitText);
    const credit = centimes(creditText);
    if (debit === null || credit === null) {
      errors.push(`${where} : montants « ${debitText} » / « ${creditText} »`);
      return;
    }
    if ((debit === 0) === (credit === 0)) errors.push(`${where} : débit et crédit à la fois`);
    const key = `${journal}|${number}`;
    const entry = entries.get(key);
    if (entry) {
      entry.debit += debit;
      entry.credit += credit;
      entry.lines += 1;
      if (entry.date !== date) errors.push(`${where} : l’écriture ${number} a deux dates`);
      return;
    }
    entries.set(key, { debit, credit, lines: 1, date });
    const parts = /^(.*?)(\d{4})-(\d+)$/.exec(number);
    if (!parts || parts[1] !== journal) {
      errors.push(`${where} : numéro « ${number} » pour le journal ${journal}`);
      return;
    }
    const sequence = `${journal} ${parts[2]}`;
    journals.set(sequence, [...(journals.get(sequence) ?? []), Number(parts[3])]);
  });
  for (const [key, entry] of entries) {
    if (entry.debit !== entry.credit) {
      errors.push(`écriture ${key} déséquilibrée : ${entry.debit} / ${entry.credit} centimes`);
    }
    if (entry.lines < 2) errors.push(`écriture ${key} : une seule ligne`);
  }
  for (const [sequence, numbers] of journals) {
    const sorted = [...numbers].sort((a, b) => a - b);
    sorted.forEach((value, index) => {
      if (index > 0 && value !== sorted[index - 1]! + 1) {
        errors.push(`journal ${sequence} : ${value} après ${sorted[index - 1]} (trou ou doublon)`);
      }
    });
  }
  return { errors, lines: body.length, entries: entries.size, journals, rows };
}

/** A CSV's rows (LibreOffice's export: comma-separated, double quotes around some fields). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** Whole francs of a cell as a spreadsheet shows it (« 12 345 », « 12345 », « -1 200 », « 12345.00 »). */
export function francsOfCell(cell: string): number {
  const compact = cell
    .replace(/[\s\u00a0\u202f]|F(CFA)?$/g, '')
    .replace('\u2212', '-')
    // Thousands grouped by a comma or a dot (« 74,920 », « 1.250.000 »): groups of 3 digits.
    .replace(/(\d)[.,](?=\d{3}(?:\D|$))/g, '$1');
  const match = /^(-?)(\d+)(?:[.,](\d{1,2}))?$/.exec(compact);
  if (!match) throw new Error(`pas un montant : « ${cell} »`);
  if (match[3] && Number(match[3]) !== 0) throw new Error(`des centimes en francs : « ${cell} »`);
  return (match[1] ? -1 : 1) * Number(match[2]);
}

/** Whole francs of an amount the screen shows (« 12 345 F », « −1 200 FCFA »). */
export function francsOnScreen(text: string): number {
  const negative = /[-\u2212]/.test(text);
  const digits = text.replace(/\D/g, '');
  if (!digits) throw new Error(`pas un montant à l’écran : « ${text} »`);
  return (negative ? -1 : 1) * Number(digits);
}

/** The XLSX converted by LibreOffice headless into CSV, as rows. */
export function xlsxToCsvRows(xlsx: Buffer, name: string): string[][] {
  const folder = mkdtempSync(path.join(tmpdir(), 'ecolage-e2e-soffice-'));
  try {
    const file = path.join(folder, name);
    writeFileSync(file, xlsx);
    execFileSync(
      'soffice',
      [
        // Its own profile: no clash with another LibreOffice running on the machine.
        `-env:UserInstallation=file://${path.join(folder, 'profil')}`,
        '--headless',
        '--convert-to',
        // Comma-separated, double quotes, UTF-8 (76): the text as the sheet holds it.
        // Tokens: comma, double quote, UTF-8 (76), from line 1, standard cell formats, default
        // language, quoted text, detect numbers, cells NOT as shown (the numbers themselves).
        'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false',
        '--outdir',
        folder,
        file,
      ],
      { stdio: 'pipe', timeout: 60_000 },
    );
    const csv = readdirSync(folder).find((entry) => entry.endsWith('.csv'));
    if (!csv) throw new Error('LibreOffice n’a pas produit de CSV');
    return parseCsv(readFileSync(path.join(folder, csv), 'utf8'));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
