import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { DEFAULT_SCHOOL_TIME_ZONE } from '../../platform/clock';
import type { Database, DbOrTx } from '../../platform/db/database';
import type { FileStorage } from '../../platform/storage';
import { domainError } from '../../platform/errors';
import type { ActingMember } from '../../platform/http/acting-member';
import { recordAuditEntry } from '../audit';
import { findOrganizationsByIds } from '../organizations';
import { receiptLook } from './receipt-look';
import { renderReceiptPdf } from './receipt-pdf';
import type { ReceiptLook } from './receipt-view';
import { findReceipt, findReceiptsIssuedBetween } from './receipts.repository';

/** At most this many receipts per archive: a longer period is split by the person. */
export const MAX_ARCHIVED_RECEIPTS = 5_000;

export interface ReceiptArchive {
  fileName: string;
  count: number;
  /** The zip, produced as it is read: each PDF is rendered when its turn comes. */
  stream: Readable;
}

/**
 * The zip of a period's receipts (the school's days `from` to `to`, inclusive), one A4 PDF per
 * receipt named by its number. Checked and journaled before the first byte: none → 404, more
 * than 5,000 → 422.
 */
export async function receiptArchive(
  db: Database,
  files: FileStorage,
  acting: ActingMember,
  range: { from: string; to: string },
): Promise<ReceiptArchive> {
  const { organizationId } = acting;
  const [school] = await findOrganizationsByIds(db, [organizationId]);
  const timeZone = school?.timeZone ?? DEFAULT_SCHOOL_TIME_ZONE;
  const listed = await findReceiptsIssuedBetween(
    db,
    organizationId,
    { ...range, timeZone },
    MAX_ARCHIVED_RECEIPTS + 1,
  );
  if (listed.length === 0) throw domainError('RECEIPT_ARCHIVE_EMPTY');
  if (listed.length > MAX_ARCHIVED_RECEIPTS) {
    throw domainError('RECEIPT_ARCHIVE_TOO_LARGE');
  }
  await db.transaction((tx) =>
    recordAuditEntry(tx, {
      organizationId,
      actor: acting.actor,
      action: 'receipts.exported',
      resourceType: 'receipt',
      category: 'export',
      details: { du: range.from, au: range.to, recus: listed.length, format: 'zip' },
      ip: acting.ip,
      userAgent: acting.userAgent,
    }),
  );
  return {
    fileName: `recus-${range.from}-${range.to}.zip`,
    count: listed.length,
    // One look for the whole period: the school's look when the archive is asked for.
    stream: zipReceipts(db, organizationId, listed, await receiptLook(db, files, organizationId)),
  };
}

/** A file of the zip, produced only when the zip reaches it. */
export interface ZipEntry {
  name: string;
  mtime: Date;
  content: () => Promise<Buffer>;
}

/**
 * Zips the entries in order, each produced when its turn comes (one PDF in memory at a time,
 * whatever the period). Entries are stored, not deflated: PDFs are compressed already.
 */
export function zipFiles(entries: ZipEntry[]): Readable {
  const zip = new ZipFile();
  for (const entry of entries) {
    zip.addReadStreamLazy(entry.name, { mtime: entry.mtime, compress: false }, (done) => {
      entry.content().then(
        (bytes) => done(null, Readable.from([bytes])),
        (error: unknown) => done(error, Readable.from([])),
      );
    });
  }
  zip.end();
  const output = zip.outputStream as Readable;
  // A failure inside the zip ends the download instead of hanging it.
  zip.on('error', (error: Error) => output.destroy(error));
  return output;
}

/** The listed receipts' A4 PDFs, each read and rendered when the zip reaches it. */
function zipReceipts(
  db: DbOrTx,
  organizationId: string,
  listed: { id: string; number: string; issuedAt: Date }[],
  look: ReceiptLook,
): Readable {
  return zipFiles(
    listed.map(({ id, number, issuedAt }) => ({
      name: `${number}.pdf`,
      mtime: issuedAt,
      content: async () => {
        const receipt = await findReceipt(db, organizationId, id);
        if (!receipt) throw new Error(`receipt ${id} vanished`);
        return renderReceiptPdf(receipt, 'a4', look);
      },
    })),
  );
}
