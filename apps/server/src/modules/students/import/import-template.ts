import {
  guardianRelationLabels,
  studentImportColumns,
  studentStatusLabels,
  type StudentImportColumnKey,
} from '@ecolage/contracts';
import ExcelJS from 'exceljs';
import type { DbOrTx } from '../../../platform/db/database';
import { CSV_BOM, csvLine, csvQuoted } from '../../../platform/tabular-export';
import { findImportCatalogue } from './import-lookups.reads';

export type TemplateFormat = 'csv' | 'xlsx';

const TEMPLATE_NAME = 'modele-import-etudiants';
const contentTypes: Record<TemplateFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Columns Excel must keep as typed text (leading zeros, `+228`). */
const textColumns = new Set<StudentImportColumnKey>([
  'matricule',
  'phone',
  'guardianPhone',
  'year',
  'birthDate',
]);

type Catalogue = Awaited<ReturnType<typeof findImportCatalogue>>;

/** One example line, naming the school's own programme, level and year when it has them. */
function exampleRow(catalogue: Catalogue): Record<StudentImportColumnKey, string> {
  const programme = catalogue.programmes.find((entry) => entry.levels.length > 0);
  const year = catalogue.years.find((entry) => entry.isCurrent) ?? catalogue.years.at(-1);
  return {
    matricule: '',
    fullName: 'Kossi Agbéko',
    phone: '90 12 34 56',
    email: 'kossi.agbeko@exemple.tg',
    birthDate: '14/03/2005',
    status: studentStatusLabels.active,
    programme: programme?.name ?? 'Licence Informatique',
    level: programme?.levels[0]?.name ?? 'L1',
    year: year?.label ?? '',
    guardianName: 'Ama Agbéko',
    guardianPhone: '91 23 45 67',
    guardianEmail: 'ama.agbeko@exemple.tg',
    guardianRelation: guardianRelationLabels.mother,
  };
}

/**
 * UTF-8 with a BOM and `;`: what Excel opens correctly on a French Windows. Cells are quoted but
 * not guarded against formulas (no apostrophe): the import reads the template back as typed.
 */
function csvTemplate(example: Record<StudentImportColumnKey, string>): Buffer {
  const lines = [
    csvLine(studentImportColumns.map((column) => csvQuoted(column.header))),
    csvLine(studentImportColumns.map((column) => csvQuoted(example[column.key]))),
  ];
  return Buffer.from(CSV_BOM + lines.join(''), 'utf8');
}

async function xlsxTemplate(
  example: Record<StudentImportColumnKey, string>,
  catalogue: Catalogue,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Écolage';
  const sheet = workbook.addWorksheet('Étudiants', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = studentImportColumns.map((column) => ({
    header: column.header,
    key: column.key,
    width: Math.max(14, column.header.length + 4),
    style: textColumns.has(column.key) ? { numFmt: '@' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(example);

  // A second sheet lists the accepted values; only the first sheet is read back.
  const help = workbook.addWorksheet('Valeurs possibles');
  help.columns = [
    { header: 'Statut', key: 'status', width: 16 },
    { header: 'Lien', key: 'relation', width: 24 },
    { header: 'Programme', key: 'programme', width: 30 },
    { header: 'Niveau', key: 'level', width: 16 },
    { header: 'Année scolaire', key: 'year', width: 16 },
  ];
  help.getRow(1).font = { bold: true };
  const statuses = Object.values(studentStatusLabels);
  const relations = Object.values(guardianRelationLabels);
  const levels = catalogue.programmes.flatMap((programme) =>
    programme.levels.map((level) => ({ programme: programme.name, level: level.name })),
  );
  const length = Math.max(statuses.length, relations.length, levels.length, catalogue.years.length);
  for (let index = 0; index < length; index += 1) {
    help.addRow({
      status: statuses[index] ?? '',
      relation: relations[index] ?? '',
      programme: levels[index]?.programme ?? '',
      level: levels[index]?.level ?? '',
      year: catalogue.years[index]?.label ?? '',
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The import template: the columns' headers and one example line, in CSV or Excel. */
export async function buildImportTemplate(
  db: DbOrTx,
  organizationId: string,
  format: TemplateFormat,
): Promise<{ fileName: string; contentType: string; body: Buffer }> {
  const catalogue = await findImportCatalogue(db, organizationId);
  const example = exampleRow(catalogue);
  const body = format === 'csv' ? csvTemplate(example) : await xlsxTemplate(example, catalogue);
  return { fileName: `${TEMPLATE_NAME}.${format}`, contentType: contentTypes[format], body };
}
