import { useId, useState } from 'react';
import type { ChangeEvent, DragEvent, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Download, FileUp } from 'lucide-react';
import { MAX_IMPORT_BYTES, studentImportColumns } from '@ecolage/contracts';
import { FormAlert } from '../../components/ui/form-alert';
import { errorMessage } from '../../lib/error-message';
import { formatNumber } from '../../lib/format';
import { useDownloadTemplate } from './import.api';
import type { TemplateFormat } from './import.api';
import { ImportProgressBar } from './import-progress';

/** What the file input offers; the server reads the content, not the name. */
const ACCEPT = [
  '.csv',
  '.xlsx',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
].join(',');

/** The file the reader chose is small enough to send (checked before any upload). */
export function fileTooLarge(file: File): boolean {
  return file.size > MAX_IMPORT_BYTES;
}

/**
 * Step 1: the accepted files and columns, the templates, and the file chosen by the input (its
 * label is the drop zone) or dropped on it. While the file goes up, the upload's progress.
 */
export function ImportFileStep({
  inputRef,
  onFile,
  uploading,
  error,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  onFile: (file: File) => void;
  /** The file being sent and the share sent (0 to 1), or null. */
  uploading: { name: string; sent: number } | null;
  /** Why the last file was refused, with the server's details if any. */
  error: { message: string; details: string[] } | null;
}) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const template = useDownloadTemplate();
  const [dragging, setDragging] = useState(false);

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = ''; // choosing the same file again must fire `change` again
    if (file && !uploading) onFile(file);
  }

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !uploading) onFile(file);
  }

  function download(format: TemplateFormat) {
    if (!template.isPending) template.mutate(format);
  }

  const describedBy = [hintId, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="space-y-5">
      <section aria-labelledby={`${inputId}-files`} className="space-y-2">
        <h3 id={`${inputId}-files`} className="font-semibold text-slate-900">
          {t('studentImport.files.heading')}
        </h3>
        <ul className="list-disc space-y-1 pl-5 text-slate-700">
          <li>{t('studentImport.files.csv')}</li>
          <li>{t('studentImport.files.xlsx')}</li>
          <li>{t('studentImport.files.size')}</li>
        </ul>
      </section>

      <section aria-labelledby={`${inputId}-columns`} className="space-y-2">
        <h3 id={`${inputId}-columns`} className="font-semibold text-slate-900">
          {t('studentImport.columns.heading')}
        </h3>
        <p className="text-sm text-slate-700">{t('studentImport.columns.hint')}</p>
        <ul className="flex flex-wrap gap-2">
          {studentImportColumns.map((column) => (
            <li
              key={column.key}
              className="rounded-md bg-slate-100 px-2 py-1 text-sm text-slate-800 ring-1 ring-slate-300 ring-inset"
            >
              {column.header}
              {column.required ? (
                <strong className="ml-1 font-semibold text-red-800">
                  <span aria-hidden="true">*</span>
                  <span className="sr-only">({t('studentImport.columns.required')})</span>
                </strong>
              ) : null}
            </li>
          ))}
        </ul>
        <p className="text-sm text-slate-700">
          <span aria-hidden="true" className="font-semibold text-red-800">
            *
          </span>{' '}
          {t('studentImport.columns.required')}
        </p>
      </section>

      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700">
        <span>{t('studentImport.template.lead')}</span>
        <TemplateLink label={t('studentImport.template.csv')} onClick={() => download('csv')} />
        <span aria-hidden="true">·</span>
        <TemplateLink label={t('studentImport.template.xlsx')} onClick={() => download('xlsx')} />
      </p>
      <FormAlert>
        {template.isError
          ? errorMessage(template.error, t, t('studentImport.template.failure'))
          : null}
      </FormAlert>

      <div>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={ACCEPT}
          className="peer sr-only"
          aria-disabled={uploading !== null || undefined}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          onChange={onChange}
        />
        <label
          htmlFor={inputId}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={[
            'flex cursor-pointer flex-col items-center gap-2 rounded-2xl border-2 border-dashed px-4 py-8 text-center',
            'peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600',
            dragging ? 'border-brand-600 bg-brand-50' : 'border-slate-400 bg-slate-50',
            uploading ? 'pointer-events-none opacity-60' : 'hover:bg-brand-50',
          ].join(' ')}
        >
          <FileUp aria-hidden="true" className="size-8 text-brand-700" />
          <span className="font-semibold text-brand-800">
            {dragging ? t('studentImport.drop.active') : t('studentImport.drop.label')}
          </span>
        </label>
        <p id={hintId} className="mt-1.5 text-sm text-slate-600">
          {t('studentImport.drop.hint')}
        </p>
      </div>

      {uploading ? (
        <div className="space-y-2">
          <p role="status" className="text-sm font-medium text-slate-800">
            {uploading.sent < 1
              ? t('studentImport.upload.sending', { name: uploading.name })
              : t('studentImport.upload.reading')}
          </p>
          <ImportProgressBar
            label={t('studentImport.upload.progress')}
            value={Math.round(uploading.sent * 100)}
            valueText={`${formatNumber(Math.round(uploading.sent * 100), language)} %`}
          />
        </div>
      ) : null}

      {error ? (
        <div id={errorId}>
          <FormAlert>
            {error.message}
            {error.details.length > 0 ? (
              <span className="mt-1 block font-normal">
                {error.details.map((detail) => (
                  <span key={detail} className="block">
                    {detail}
                  </span>
                ))}
              </span>
            ) : null}
          </FormAlert>
        </div>
      ) : null}
    </div>
  );
}

function TemplateLink({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="inline-flex items-center gap-1 font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
    >
      <Download aria-hidden="true" className="size-4" />
      {label}
    </button>
  );
}
