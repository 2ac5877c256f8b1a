/** One data line of an import file, its cells as text. */
export interface TableRecord {
  /** Line in the file (CSV) or row number (Excel): the header is line 1. */
  line: number;
  cells: string[];
  /** Indexes of the cells holding a formula (Excel). */
  formulaCells?: number[];
}

/** An import file read into text cells, before its columns are understood. */
export interface ImportTable {
  headers: string[];
  records: TableRecord[];
}
