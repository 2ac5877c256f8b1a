// The thread that reads uploaded import files (started by `readImportFileInThread`), one at a
// time: the decompression and parsing of a CSV or Excel file run here, beside the HTTP server's
// event loop, with a heap of their own that a hostile file cannot grow past the thread's limit.
import { parentPort } from 'node:worker_threads';
import { AppError } from '../../../platform/errors';
import type { ImportThreadReply, ImportThreadRequest } from './import-file-thread';
import { readImportFile } from './read-import-file';

async function answer({ bytes }: ImportThreadRequest): Promise<ImportThreadReply> {
  try {
    const rows = await readImportFile(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));
    return { rows };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const { code, message, statusCode, params } = error;
    return { refusal: { code, message, statusCode, params } };
  }
}

parentPort!.on('message', (request: ImportThreadRequest) => {
  void answer(request).then((reply) => parentPort!.postMessage(reply));
});
