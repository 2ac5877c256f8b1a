import { chartLabelOf, journalLabel, type BaseChart } from '@ecolage/contracts';
import type { TabularColumn } from '../../../platform/tabular-export';
import { entryNumberText } from '../../ledger';
import type { JournalLine } from './journal-lines.reads';

/** A journal line as exported: the school's account, labels cleaned, auxiliary and lettering. */
export interface ExportLine {
  journal: string;
  journalLabel: string;
  entryNumber: string;
  entryDate: string;
  account: string;
  accountLabel: string;
  auxiliary: string;
  auxiliaryLabel: string;
  pieceRef: string;
  label: string;
  debit: number;
  credit: number;
  letter: string;
  letteredOn: string;
  validatedOn: string;
}

/** What the exports write for one of Écolage's accounts (the school's mapping). */
export type AccountMap = ReadonlyMap<string, { account: string; label: string }>;

/** Text safe in every profile: NFC, no tab, pipe, CR or LF, single spaces, trimmed. */
export function cleanText(text: string | null | undefined): string {
  return (text ?? '')
    .normalize('NFC')
    .replace(/[\t|\r\n\u2028\u2029]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** Lettering codes per student: A…Z, then AA, AB… */
export function letterCode(group: number): string {
  let code = '';
  let rest = group + 1;
  while (rest > 0) {
    const digit = (rest - 1) % 26;
    code = String.fromCharCode(65 + digit) + code;
    rest = Math.floor((rest - 1) / 26);
  }
  return code;
}

/** The students' auxiliary is their matricule; a guardian's (4191) a short stable code. */
function auxiliaryCode(line: JournalLine): string {
  if (!line.auxiliary) return '';
  if (line.account === '4191')
    return `RESP-${line.auxiliary.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
  return cleanText(line.auxiliary);
}

export function exportLine(line: JournalLine, mapping: AccountMap, chart: BaseChart): ExportLine {
  const mapped = mapping.get(line.account);
  const account = mapped?.account ?? line.account;
  const accountLabel = mapped?.label ?? chartLabelOf(chart, account) ?? `Compte ${account}`;
  const lettered = line.letterGroup !== null && line.letteredOn !== null;
  return {
    journal: line.journal,
    journalLabel: journalLabel(line.journal),
    entryNumber: entryNumberText(line.journal, line.fiscalYear, line.number),
    entryDate: line.entryDate,
    account,
    accountLabel: cleanText(accountLabel),
    auxiliary: auxiliaryCode(line),
    auxiliaryLabel: line.auxiliary ? cleanText(line.auxiliaryName ?? line.auxiliary) : '',
    pieceRef: cleanText(line.pieceRef),
    label: cleanText(line.label),
    debit: line.debit,
    credit: line.credit,
    letter: lettered ? letterCode(line.letterGroup!) : '',
    letteredOn: lettered ? line.letteredOn! : '',
    validatedOn: line.validatedOn,
  };
}

// ——— FEC (research §1): 18 fields in order, `|`, CRLF, AAAAMMJJ, `150000,00` ———

export const FEC_FIELDS = [
  'JournalCode',
  'JournalLib',
  'EcritureNum',
  'EcritureDate',
  'CompteNum',
  'CompteLib',
  'CompAuxNum',
  'CompAuxLib',
  'PieceRef',
  'PieceDate',
  'EcritureLib',
  'Debit',
  'Credit',
  'EcritureLet',
  'DateLet',
  'ValidDate',
  'Montantdevise',
  'Idevise',
] as const;

const compactDay = (day: string) => day.replaceAll('-', '');
/** Whole francs with the two decimals tools expect: `150000,00` (no thousands separator). */
export const fecAmount = (francs: number) => `${francs},00`;

export function fecLine(line: ExportLine): string {
  return [
    line.journal,
    line.journalLabel,
    line.entryNumber,
    compactDay(line.entryDate),
    line.account,
    line.accountLabel,
    line.auxiliary,
    line.auxiliaryLabel,
    line.pieceRef || '-',
    compactDay(line.entryDate),
    line.label || '/',
    fecAmount(line.debit),
    fecAmount(line.credit),
    line.letter,
    line.letteredOn ? compactDay(line.letteredOn) : '',
    compactDay(line.validatedOn),
    '',
    '',
  ].join('|');
}

// ——— Sage 100 « import paramétrable » (research §2.1): tab, 11 columns, JJMMAA ———

const sageDay = (day: string) => `${day.slice(8, 10)}${day.slice(5, 7)}${day.slice(2, 4)}`;

function settlementOf(journal: string): string {
  if (journal.startsWith('MM')) return 'Mobile money';
  if (journal.startsWith('CA')) return 'Espèces';
  if (journal.startsWith('BQ')) return 'Virement';
  return '';
}

export function sageLine(line: ExportLine): string {
  const onThirdParty = line.auxiliary !== '';
  return [
    'G',
    line.journal,
    sageDay(line.entryDate),
    line.entryNumber,
    line.account,
    line.auxiliary,
    line.label.slice(0, 69),
    onThirdParty ? settlementOf(line.journal) : '',
    '',
    fecAmount(line.debit),
    fecAmount(line.credit),
  ].join('\t');
}

/** Sage reads Windows code pages: the few characters Latin-1 lacks are spelled in it. */
export function toLatin1(text: string): Buffer {
  const spelled = text
    .replace(/[\u2018\u2019\u02BC]/g, "'")
    .replace(/[\u201C\u201D«»]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/\u0153/g, 'oe')
    .replace(/\u0152/g, 'OE')
    .normalize('NFC')
    .replace(/[^\t\r\n\u0020-\u00FF]/g, '?');
  return Buffer.from(spelled, 'latin1');
}

// ——— CSV and XLSX (the platform's writer) ———

export const journalColumns: TabularColumn<ExportLine>[] = [
  { header: 'Journal', type: 'text', width: 8, value: (line) => line.journal },
  { header: 'Libellé journal', type: 'text', width: 28, value: (line) => line.journalLabel },
  { header: 'N° écriture', type: 'text', width: 16, value: (line) => line.entryNumber },
  { header: 'Date', type: 'date', width: 12, value: (line) => line.entryDate },
  { header: 'Compte', type: 'text', width: 10, value: (line) => line.account },
  { header: 'Libellé compte', type: 'text', width: 30, value: (line) => line.accountLabel },
  { header: 'Compte auxiliaire', type: 'text', width: 14, value: (line) => line.auxiliary },
  { header: 'Libellé auxiliaire', type: 'text', width: 26, value: (line) => line.auxiliaryLabel },
  { header: 'Pièce', type: 'text', width: 16, value: (line) => line.pieceRef },
  { header: 'Libellé', type: 'text', width: 40, value: (line) => line.label },
  { header: 'Débit', type: 'integer', width: 14, value: (line) => line.debit },
  { header: 'Crédit', type: 'integer', width: 14, value: (line) => line.credit },
  { header: 'Lettrage', type: 'text', width: 9, value: (line) => line.letter },
  { header: 'Date lettrage', type: 'date', width: 12, value: (line) => line.letteredOn || null },
  { header: 'Validée le', type: 'date', width: 12, value: (line) => line.validatedOn },
];
