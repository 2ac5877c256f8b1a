/** One data line of an import file, its cells as text. */
export interface TableRecord {
  /** Line in the file (CSV) or row number (Excel): the header is line 1. */
  line: number;
  /** The cells under the columns the import reads (by position; the others are left out). */
  cells: string[];
  /** Indexes of the cells holding a formula (Excel). */
  formulaCells?: number[];
  /**
   * CSV: the line's number of cells when it has non-empty cells beyond the header's, which
   * means an unquoted separator inside a value (columns shifted).
   */
  columnCount?: number;
}

/** An import file read into text cells, before its columns are understood. */
export interface ImportTable {
  headers: string[];
  records: TableRecord[];
}
