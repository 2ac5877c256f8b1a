import { useTranslation } from 'react-i18next';
import { Copy, Download } from 'lucide-react';
import type { SchoolPageKind, SchoolPages } from '@ecolage/contracts';
import { Button } from '../../components/ui/button';
import { notify } from '../../components/ui/toaster';
import { filenameFromDisposition, saveBlob } from '../../lib/download';
import { apiDownload } from '../auth/auth-client';
import { SettingsSection } from '../settings/settings-ui';
import { qrAddress, useQrPreview } from './school-pages.api';

/** Copies `text`, saying whether it worked (a browser without the clipboard API says no). */
async function copy(text: string, done: string, failed: string) {
  try {
    await navigator.clipboard.writeText(text);
    notify.success(done);
  } catch {
    notify.error(failed);
  }
}

function CopyButton({ url, page }: { url: string; page: string }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-label={t('schoolPages.links.copyLabel', { page })}
      onClick={() =>
        void copy(url, t('schoolPages.links.copied'), t('schoolPages.links.copyFailed'))
      }
    >
      <Copy aria-hidden="true" className="size-4" />
      {t('schoolPages.links.copy')}
    </Button>
  );
}

function QrPreview({ page, slug, name }: { page: SchoolPageKind; slug: string; name: string }) {
  const { t } = useTranslation();
  const qr = useQrPreview(page, slug);
  const box =
    'flex size-36 shrink-0 items-center justify-center rounded-lg border border-slate-200 bg-white p-1';
  if (qr.isPending) {
    return (
      <div className={`${box} text-center text-xs text-slate-600`} role="status">
        {t('schoolPages.links.qrLoading')}
      </div>
    );
  }
  if (qr.isError) {
    return (
      <div className={`${box} text-center text-xs text-slate-600`}>
        {t('schoolPages.links.qrError')}
      </div>
    );
  }
  return (
    <div className={box}>
      <img
        src={qr.data}
        alt={t('schoolPages.links.qrAlt', { page: name })}
        width={136}
        height={136}
        className="size-full"
      />
    </div>
  );
}

async function download(page: SchoolPageKind, format: 'svg' | 'png', failed: string) {
  try {
    const file = await apiDownload(qrAddress(page, format));
    saveBlob(file.blob, filenameFromDisposition(file.disposition) ?? `qr-${page}.${format}`);
  } catch {
    notify.error(failed);
  }
}

function PageLink({
  page,
  name,
  url,
  slug,
}: {
  page: SchoolPageKind;
  name: string;
  url: string;
  slug: string;
}) {
  const { t } = useTranslation();
  const failed = t('schoolPages.links.downloadFailed');
  return (
    <li className="flex flex-col gap-4 rounded-xl border border-slate-200 p-4 sm:flex-row sm:items-start">
      <QrPreview page={page} slug={slug} name={name} />
      <div className="min-w-0 space-y-3">
        <h3 className="font-semibold text-slate-900">{name}</h3>
        <a
          href={url}
          target="_blank"
          rel="noreferrer"
          className="block break-all text-sm font-medium text-brand-700 underline underline-offset-4"
        >
          {url}
        </a>
        <div className="flex flex-wrap gap-2">
          <CopyButton url={url} page={name} />
          {(['svg', 'png'] as const).map((format) => (
            <Button
              key={format}
              variant="secondary"
              size="sm"
              aria-label={t('schoolPages.links.downloadLabel', {
                format: format.toUpperCase(),
                page: name,
              })}
              onClick={() => void download(page, format, failed)}
            >
              <Download aria-hidden="true" className="size-4" />
              {t(
                format === 'svg'
                  ? 'schoolPages.links.downloadSvg'
                  : 'schoolPages.links.downloadPng',
              )}
            </Button>
          ))}
        </div>
      </div>
    </li>
  );
}

/** « Liens et QR codes »: each public page's address, a copy button, its QR code and downloads. */
export function PageLinks({ pages }: { pages: SchoolPages }) {
  const { t } = useTranslation();
  const finder = t('schoolPages.links.finder');
  return (
    <SettingsSection title={t('schoolPages.links.title')} lead={t('schoolPages.links.lead')}>
      <ul className="space-y-4">
        <PageLink
          page="payer"
          name={t('schoolPages.links.payPage')}
          url={pages.addresses.payPage}
          slug={pages.slug}
        />
        <PageLink
          page="inscription"
          name={t('schoolPages.links.registration')}
          url={pages.addresses.registration}
          slug={pages.slug}
        />
        <li className="flex flex-col gap-2 rounded-xl border border-slate-200 p-4">
          <h3 className="font-semibold text-slate-900">{finder}</h3>
          <a
            href={pages.addresses.finder}
            target="_blank"
            rel="noreferrer"
            className="break-all text-sm font-medium text-brand-700 underline underline-offset-4"
          >
            {pages.addresses.finder}
          </a>
          <div>
            <CopyButton url={pages.addresses.finder} page={finder} />
          </div>
        </li>
      </ul>
    </SettingsSection>
  );
}
