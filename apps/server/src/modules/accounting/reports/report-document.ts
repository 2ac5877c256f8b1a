/**
 * An accounting report as both renderers read it (`report-pdf.ts`, `report-xlsx.ts`): a title, the
 * period, typed columns, then lines arriving batch by batch (a group's heading, rows, a group's
 * subtotal, the grand total) so the spreadsheet streams what the database pages out.
 */
export type ReportCellType = 'text' | 'amount' | 'integer' | 'date';
/** `date` cells are `YYYY-MM-DD` days; `amount` and `integer` cells whole numbers (francs). */
export type ReportCell = string | number | null;

export interface ReportColumn {
  header: string;
  type: ReportCellType;
  /** Share of the PDF table's width (relative weights). */
  weight: number;
  /** XLSX column width in characters. */
  width: number;
}

export type ReportLine =
  /** A group's heading (a student of the grand livre, a mode of the encaissements). */
  | { kind: 'group'; text: string }
  | { kind: 'row'; cells: readonly ReportCell[] }
  /** A group's subtotal or closing line (bold). */
  | { kind: 'subtotal'; cells: readonly ReportCell[] }
  /** The report's grand total (bold, ruled above). */
  | { kind: 'total'; cells: readonly ReportCell[] };

export interface ReportDocument {
  /** « Grand livre auxiliaire des étudiants ». */
  title: string;
  /** « Du 01/10/2026 au 31/10/2026 », « Au 31/10/2026 ». */
  period: string;
  /** Base of the file's name (ASCII): `grand-livre-2026-10-01-2026-10-31`. */
  fileName: string;
  /** Sheet name (31 characters at most). */
  sheetName: string;
  landscape: boolean;
  columns: readonly ReportColumn[];
  lines: AsyncIterable<readonly ReportLine[]>;
}

/** The school as the report's header names it. */
export interface ReportSchool {
  name: string;
  addressLines: string[];
  /** The logo flattened on white (PNG), or null. */
  logo: Buffer | null;
  timeZone: string;
}

/** `JJ/MM/AAAA` of a `YYYY-MM-DD` day. */
export function frenchDay(day: string): string {
  return day.split('-').reverse().join('/');
}

/** Lines already in memory, as one batch. */
export async function* inOneBatch(
  lines: readonly ReportLine[],
): AsyncGenerator<readonly ReportLine[]> {
  yield lines;
}
