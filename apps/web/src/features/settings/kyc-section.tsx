import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download, FileUp } from 'lucide-react';
import { KYC_MAX_BYTES, kycAcceptAttribute } from '@ecolage/contracts';
import type { KycDocumentKind, KycSummary } from '@ecolage/contracts';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { notify } from '../../components/ui/toaster';
import { filenameFromDisposition, saveBlob } from '../../lib/download';
import { codeMessage, errorMessage } from '../../lib/error-message';
import { formatDate } from '../../lib/format';
import { KYC_TONES } from './settings-home-page';
import { downloadKycDocument, useUploadKyc } from './settings.api';
import { formatBytes, SettingsSection } from './settings-ui';

const EXTENSIONS = /\.(pdf|jpe?g|png)$/i;

type Row = KycSummary['documents'][number];

/** One kind of document: its status, the file sent, a new file to send. */
function KycRow({ row, editable }: { row: Row; editable: boolean }) {
  const { t, i18n } = useTranslation();
  const inputId = useId();
  const messageId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUploadKyc();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const document = row.document;
  const status = document?.status ?? 'a_envoyer';
  const title = t(`settings.details.kyc.kinds.${row.kind}`);

  function choose(chosen: File | undefined) {
    if (!chosen) return;
    if (!EXTENSIONS.test(chosen.name)) {
      setProblem(codeMessage(t, 'KYC_FILE_TYPE_INVALID') ?? t('settings.details.kyc.wrongType'));
      setFile(null);
    } else if (chosen.size > KYC_MAX_BYTES) {
      setProblem(
        codeMessage(t, 'KYC_FILE_TOO_LARGE', { maxMegabytes: KYC_MAX_BYTES / (1024 * 1024) }) ??
          t('settings.details.kyc.tooLarge'),
      );
      setFile(null);
    } else {
      setProblem(null);
      setFile(chosen);
    }
  }

  async function send() {
    if (!file) return;
    try {
      await upload.mutateAsync({ kind: row.kind as KycDocumentKind, file });
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
      notify.success(t('settings.details.kyc.sentToast'));
    } catch (error) {
      setProblem(errorMessage(error, t, t('settings.failure')));
    }
  }

  async function download() {
    if (!document) return;
    try {
      const { blob, disposition } = await downloadKycDocument(document.id);
      saveBlob(blob, filenameFromDisposition(disposition) ?? document.fileName);
    } catch (error) {
      notify.error(errorMessage(error, t, t('settings.failure')));
    }
  }

  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 lg:flex-row lg:items-start lg:justify-between">
      <div className="min-w-0 space-y-1">
        <h3 className="font-semibold text-slate-900">{title}</h3>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <Badge tone={KYC_TONES[status]}>{t(`settings.kycStatus.${status}`)}</Badge>
          {document ? (
            <span className="text-slate-600">
              {t('settings.details.kyc.sent', {
                date: formatDate(document.uploadedAt, i18n.language),
                size: formatBytes(document.size, i18n.language),
              })}
            </span>
          ) : (
            <span className="text-slate-600">{t('settings.details.kyc.notSent')}</span>
          )}
        </p>
        {document?.status === 'refuse' && document.refusalReason ? (
          <p className="text-sm font-medium text-red-800">
            {t('settings.details.kyc.reason', { reason: document.refusalReason })}
          </p>
        ) : null}
        {document ? (
          <Button variant="ghost" size="sm" className="-ml-3" onClick={() => void download()}>
            <Download aria-hidden="true" className="size-4" />
            {t('settings.details.kyc.download', { name: document.fileName })}
          </Button>
        ) : null}
      </div>
      {editable ? (
        <div className="space-y-2 lg:max-w-xs lg:text-right">
          <div className="flex flex-wrap gap-2 lg:justify-end">
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              accept={kycAcceptAttribute}
              className="peer sr-only"
              aria-describedby={problem || file ? messageId : undefined}
              onChange={(event) => choose(event.target.files?.[0])}
            />
            <label
              htmlFor={inputId}
              className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border border-brand-600 bg-white px-3 text-sm font-semibold text-brand-700 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 hover:bg-brand-50"
            >
              <FileUp aria-hidden="true" className="size-4" />
              {t('settings.details.kyc.choose')}
              <span className="sr-only"> — {title}</span>
            </label>
            {file ? (
              <Button size="sm" onClick={() => void send()} disabled={upload.isPending}>
                {upload.isPending
                  ? t('settings.details.kyc.sending')
                  : t('settings.details.kyc.send')}
              </Button>
            ) : null}
          </div>
          {problem ? (
            <p id={messageId} role="alert" className="text-sm font-medium text-red-700">
              {problem}
            </p>
          ) : file ? (
            <p id={messageId} className="text-sm break-all text-slate-700">
              {t('settings.details.kyc.chosen', {
                name: file.name,
                size: formatBytes(file.size, i18n.language),
              })}
            </p>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** « Documents KYC »: one row per kind, its status (à envoyer, soumis, validé, refusé + motif). */
export function KycSection({ kyc, editable }: { kyc: KycSummary; editable: boolean }) {
  const { t } = useTranslation();
  return (
    <SettingsSection
      title={t('settings.details.kyc.title')}
      lead={t('settings.details.kyc.lead')}
      action={<Badge tone={KYC_TONES[kyc.status]}>{t(`settings.kycStatus.${kyc.status}`)}</Badge>}
    >
      <ul className="divide-y divide-slate-200">
        {kyc.documents.map((row) => (
          <KycRow key={row.kind} row={row} editable={editable} />
        ))}
      </ul>
    </SettingsSection>
  );
}
