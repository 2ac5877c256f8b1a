import { readXml, type XmlHandler } from './xml-stream';
import { readZipText, type ZipEntry } from './zip-entries';

/**
 * What an Excel workbook says about its first worksheet before its cells are read: where the
 * sheet and the shared strings are, which cell styles show a date, and the date system.
 */
export interface WorkbookLayout {
  sheet: ZipEntry;
  sharedStrings: ZipEntry | null;
  /** By cell style index (`s`): whether the style's number format is a date. */
  dateStyles: boolean[];
  date1904: boolean;
}

export class NotAWorkbook extends Error {}

type Entries = Map<string, ZipEntry>;

const noop = () => undefined;

async function read(bytes: Buffer, entry: ZipEntry, handler: Partial<XmlHandler>) {
  await readXml(readZipText(bytes, entry), {
    open: handler.open ?? noop,
    close: handler.close ?? noop,
    text: handler.text ?? noop,
  });
}

/** `xl/workbook.xml` + `worksheets/sheet1.xml` → `xl/worksheets/sheet1.xml` (or absolute). */
function resolvePart(base: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = base.split('/').slice(0, -1);
  for (const segment of target.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.') parts.push(segment);
  }
  return parts.join('/');
}

function relsPath(part: string): string {
  const slash = part.lastIndexOf('/');
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
}

/** A part's relationships: id → { type (last segment), target part }. */
async function readRelationships(bytes: Buffer, entries: Entries, part: string) {
  const found = new Map<string, { type: string; target: string }>();
  const entry = entries.get(relsPath(part));
  if (!entry) return found;
  await read(bytes, entry, {
    open(name, attributes) {
      if (name !== 'Relationship' || !attributes.Id || !attributes.Target) return;
      const type = (attributes.Type ?? '').split('/').pop() ?? '';
      found.set(attributes.Id, { type, target: resolvePart(part, attributes.Target) });
    },
  });
  return found;
}

/** Excel's built-in date and time formats (ECMA-376 18.8.30, with the East Asian ones). */
function isBuiltInDate(id: number): boolean {
  return (id >= 14 && id <= 22) || (id >= 27 && id <= 36) || (id >= 45 && id <= 58);
}

/** A custom format shows a date when, quoted text and `[…]` removed, it has date letters. */
export function isDateFormat(code: string): boolean {
  return /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

async function readDateStyles(bytes: Buffer, entry: ZipEntry | undefined): Promise<boolean[]> {
  if (!entry) return [];
  const customDates = new Map<number, boolean>();
  const styles: boolean[] = [];
  let inCellXfs = false;
  await read(bytes, entry, {
    open(name, attributes) {
      if (name === 'numFmt') {
        customDates.set(Number(attributes.numFmtId), isDateFormat(attributes.formatCode ?? ''));
      } else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        const id = Number(attributes.numFmtId ?? 0);
        styles.push(customDates.get(id) ?? isBuiltInDate(id));
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return styles;
}

/** Finds the first worksheet (the workbook's order, not the archive's) and what reading it needs. */
export async function readWorkbookLayout(bytes: Buffer, entries: Entries): Promise<WorkbookLayout> {
  const root = await readRelationships(bytes, entries, '');
  const office = [...root.values()].find((rel) => rel.type === 'officeDocument');
  const workbookPart = office?.target ?? 'xl/workbook.xml';
  const workbook = entries.get(workbookPart);
  if (!workbook) throw new NotAWorkbook();
  let firstSheetId: string | null = null;
  let date1904 = false;
  await read(bytes, workbook, {
    open(name, attributes) {
      if (name === 'sheet' && firstSheetId === null) firstSheetId = attributes.id ?? '';
      if (name === 'workbookPr') date1904 = ['1', 'true'].includes(attributes.date1904 ?? '');
    },
  });
  const rels = await readRelationships(bytes, entries, workbookPart);
  const partOf = (type: string) => {
    const rel = [...rels.values()].find((candidate) => candidate.type === type);
    return rel ? entries.get(rel.target) : undefined;
  };
  const sheetTarget = firstSheetId === null ? undefined : rels.get(firstSheetId)?.target;
  const sheet = sheetTarget ? entries.get(sheetTarget) : undefined;
  if (!sheet) throw new NotAWorkbook();
  return {
    sheet,
    sharedStrings: partOf('sharedStrings') ?? null,
    dateStyles: await readDateStyles(bytes, partOf('styles')),
    date1904,
  };
}
