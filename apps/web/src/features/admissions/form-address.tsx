import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Copy, ExternalLink } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { InputField } from '../../components/ui/field';
import { notify } from '../../components/ui/toaster';

/** The public pre-registration form of a school: `https://…/inscription/<slug>`. */
export function admissionFormUrl(slug: string, origin = window.location.origin): string {
  return `${origin}/inscription/${encodeURIComponent(slug)}`;
}

/**
 * « Le formulaire en ligne »: the form's address, read-only, with « Copier l'adresse » (to paste
 * on the school's website or in a WhatsApp message) and a link that opens it.
 */
export function FormAddress({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const url = admissionFormUrl(slug);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      notify.success(t('admissions.form.copied'));
    } catch {
      notify.error(t('admissions.form.copyBlocked'));
    }
  }

  return (
    <section
      aria-labelledby={titleId}
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <div>
        <h2 id={titleId} className="text-lg font-bold text-slate-900">
          {t('admissions.form.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t('admissions.form.lead')}</p>
      </div>
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
        <InputField
          label={t('admissions.form.address')}
          readOnly
          value={url}
          wrapperClassName="lg:flex-1"
          onFocus={(event) => event.currentTarget.select()}
        />
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button variant="secondary" onClick={() => void copy()}>
            <Copy aria-hidden="true" className="size-4" />
            {t('admissions.form.copy')}
          </Button>
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 text-sm font-semibold text-brand-700 hover:underline"
          >
            <ExternalLink aria-hidden="true" className="size-4" />
            {t('admissions.form.openForm')}
          </a>
        </div>
      </div>
    </section>
  );
}
