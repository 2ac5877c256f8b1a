import { vi } from 'vitest';
import type { StudentImport } from '@ecolage/contracts';

/** Test data and a fake XMLHttpRequest for the student import wizard's tests. */

export const IMPORT_ID = '4d3c2b1a-0f9e-4d8c-8b7a-6f5e4d3c2b01';

/** An import as the server answers it (a previewed file of 4 rows by default). */
export function importAnswer(overrides: Partial<StudentImport> = {}): StudentImport {
  return {
    id: IMPORT_ID,
    fileName: 'eleves-rentree.csv',
    status: 'previewed',
    mode: null,
    totalRows: 4,
    validRows: 4,
    invalidRows: 0,
    issues: [],
    preview: [
      {
        line: 2,
        matricule: null,
        fullName: 'Kofi Agbodjan',
        programme: 'Collège',
        level: '6e',
        guardianName: 'Afi Agbodjan',
        guardianPhone: '+228 90 12 34 56',
        action: 'create',
        valid: true,
      },
      {
        line: 3,
        matricule: 'STU-0042',
        fullName: 'Akossiwa Mensah',
        programme: 'Collège',
        level: '5e',
        guardianName: null,
        guardianPhone: null,
        action: 'update',
        valid: true,
      },
    ],
    processedRows: 0,
    created: 0,
    updated: 0,
    skipped: 0,
    enrolled: 0,
    invoicesIssued: 0,
    error: null,
    createdAt: '2026-11-21T10:00:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

export interface UploadAnswer {
  status: number;
  body?: unknown;
}

export interface UploadRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  file: File | null;
}

/**
 * Replaces XMLHttpRequest (used for the upload's progress) for the current test: each `send`
 * reports half of it sent, waits for `answer`, reports it all sent, then loads the answer.
 */
export function stubUpload(
  answer: (request: UploadRequest) => UploadAnswer | Promise<UploadAnswer>,
) {
  const requests: UploadRequest[] = [];

  class FakeUpload extends EventTarget {}

  class FakeXhr extends EventTarget {
    readonly upload = new FakeUpload();
    status = 0;
    responseText = '';
    private request: UploadRequest = { method: '', url: '', headers: {}, file: null };
    private aborted = false;

    open(method: string, url: string) {
      this.request = { method, url, headers: {}, file: null };
    }

    setRequestHeader(name: string, value: string) {
      this.request.headers[name.toLowerCase()] = value;
    }

    abort() {
      this.aborted = true;
      this.dispatchEvent(new Event('abort'));
    }

    send(body: FormData) {
      const file = body.get('file');
      this.request.file = file instanceof File ? file : null;
      requests.push(this.request);
      const total = 200; // ProgressEvent counts whole bytes: a round figure keeps 50 % exact
      const progress = (loaded: number) =>
        this.upload.dispatchEvent(
          new ProgressEvent('progress', { lengthComputable: true, loaded, total }),
        );
      void (async () => {
        progress(total / 2);
        const reply = await answer(this.request);
        if (this.aborted) return;
        progress(total);
        this.status = reply.status;
        this.responseText = reply.body === undefined ? '' : JSON.stringify(reply.body);
        this.dispatchEvent(new Event('load'));
      })();
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { requests };
}

/** A file of `size` bytes (the content is not read; only the size matters here). */
export function csvFile(name = 'eleves-rentree.csv', size?: number): File {
  const file = new File(['Nom complet;Téléphone\nKofi Agbodjan;90123456\n'], name, {
    type: 'text/csv',
  });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}
