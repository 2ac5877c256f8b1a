import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, Check, ExternalLink, X } from 'lucide-react';
import { formatPhone, operatorKycRefusalSchema } from '@ecolage/contracts';
import type { KycDocument, OperatorSchoolDetail } from '@ecolage/contracts';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ListState } from '../../components/ui/list-state';
import { notify } from '../../components/ui/toaster';
import { formatMoney } from '../../lib/amounts';
import { formatDate, formatNumber } from '../../lib/format';
import { errorMessage, errorStatus } from '../../lib/error-message';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ReasonDialog } from '../students/student-reason';
import { DocumentBadge, KycBadge } from './operator-badges';
import { openKycDocument, useOperatorSchool, useReviewKycDocument } from './operator.api';
import { operatorPaths } from './operator-paths';

/**
 * « École »: a school as the operator sees it — identity and contact, plan and its terms,
 * volumes, and its KYC documents, each viewable in a new tab, validated or refused with a reason
 * the school then reads. Never the school's students, payments or receipts.
 */
export function SchoolPage() {
  const { t } = useTranslation();
  const { schoolId = '' } = useParams();
  const school = useOperatorSchool(schoolId);
  useDocumentTitle(school.data?.name ?? t('operator.schools.title'));

  let body;
  if (school.isPending) body = <ListState tone="loading" title={t('operator.school.loading')} />;
  else if (school.isError || !school.data) {
    body =
      errorStatus(school.error) === 404 || errorStatus(school.error) === 400 ? (
        <ListState title={t('operator.school.notFound')} />
      ) : (
        <ListState
          tone="error"
          title={t('operator.loadError')}
          retryLabel={t('ui.retry')}
          onRetry={() => void school.refetch()}
        />
      );
  } else body = <SchoolDetail school={school.data} />;

  return (
    <div className="space-y-6">
      <Link
        to={operatorPaths.schools}
        className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('operator.school.back')}
      </Link>
      {body}
    </div>
  );
}

/** `850 o`, `200 Ko`, `1,5 Mo` (`B`, `KB`, `MB` in English). */
function fileSize(bytes: number, language: string): string {
  const [b, kb, mb] = language.startsWith('fr') ? ['o', 'Ko', 'Mo'] : ['B', 'KB', 'MB'];
  if (bytes < 1024) return `${formatNumber(bytes, language)} ${b}`;
  if (bytes < 1024 * 1024) return `${formatNumber(bytes / 1024, language, 0)} ${kb}`;
  return `${formatNumber(bytes / 1024 / 1024, language, 1)} ${mb}`;
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <h2 className="text-lg font-bold text-brand-950">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-600">{label}</dt>
          <dd className="text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function SchoolDetail({ school }: { school: OperatorSchoolDetail }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const money = (value: number) => formatMoney(value, language);
  const none = <span className="text-slate-500">{t('operator.school.none')}</span>;
  const terms = school.planTerms;

  return (
    <>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-extrabold tracking-tight text-brand-950 sm:text-3xl">
          {school.name}
        </h1>
        <Badge tone={school.status === 'active' ? 'green' : 'grey'}>
          {t(`operator.status.${school.status}`)}
        </Badge>
        <KycBadge status={school.kycStatus} />
      </header>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t('operator.school.identity')}>
          <Facts
            items={[
              [t('operator.school.slug'), school.slug],
              [t('operator.school.city'), school.city ?? none],
              [t('operator.school.country'), school.country],
              [t('operator.school.address'), school.contact.address ?? none],
              [t('operator.school.email'), school.contact.email ?? none],
              [
                t('operator.school.phone'),
                school.contact.phone ? formatPhone(school.contact.phone) : none,
              ],
              [t('operator.school.createdAt'), formatDate(school.createdAt, language)],
              [t('operator.school.members'), formatNumber(school.membersCount, language)],
            ]}
          />
        </Card>
        <div className="space-y-6">
          <Card title={t('operator.school.volumes')}>
            <Facts
              items={[
                [t('operator.school.month'), money(school.collectedThisMonth)],
                [t('operator.school.year'), money(school.collectedThisYear)],
              ]}
            />
          </Card>
          <Card title={t('operator.school.terms')}>
            <p className="mb-3 text-sm font-semibold text-slate-900">
              {t('operator.school.planSince', {
                plan: t(`operator.plan.${school.plan}`),
                date: formatDate(school.planSince, language),
              })}
            </p>
            {terms ? (
              <Facts
                items={[
                  [
                    t('operator.school.commission'),
                    `${formatNumber(terms.commissionRateBp / 100, language)} %`,
                  ],
                  [t('operator.school.feeFree'), money(terms.feeFreeVolumeXof)],
                  [
                    t('operator.school.subscription'),
                    terms.subscriptionXof === null
                      ? t('operator.school.quote')
                      : t(
                          terms.subscriptionPeriod === 'month'
                            ? 'operator.school.perMonth'
                            : 'operator.school.perYear',
                          { amount: money(terms.subscriptionXof) },
                        ),
                  ],
                  [
                    t('operator.school.memberLimit'),
                    terms.memberLimit === null
                      ? t('operator.school.unlimited')
                      : formatNumber(terms.memberLimit, language),
                  ],
                ]}
              />
            ) : (
              <p className="text-sm text-slate-600">{t('operator.school.noTerms')}</p>
            )}
          </Card>
        </div>
      </div>
      <KycDocuments school={school} />
    </>
  );
}

/** The school's four KYC kinds with their newest upload: view, validate, refuse. */
export function KycDocuments({ school }: { school: OperatorSchoolDetail }) {
  const { t, i18n } = useTranslation();
  const review = useReviewKycDocument(school.id);
  const [refusing, setRefusing] = useState<KycDocument | null>(null);
  const name = (document: KycDocument) => t(`operator.school.kinds.${document.kind}`);

  async function view(document: KycDocument) {
    try {
      await openKycDocument(school.id, document.id);
    } catch (error) {
      notify.error(errorMessage(error, t, t('operator.school.viewFailed')));
    }
  }

  async function validate(document: KycDocument) {
    try {
      await review.mutateAsync({ documentId: document.id, decision: 'valide' });
      notify.success(t('operator.school.validated', { document: name(document) }));
    } catch (error) {
      notify.error(errorMessage(error, t, t('operator.school.reviewFailed')));
    }
  }

  async function refuse(reason: string) {
    if (!refusing) return;
    await review.mutateAsync({ documentId: refusing.id, decision: 'refuse', reason });
    notify.success(t('operator.school.refused', { document: name(refusing) }));
    setRefusing(null);
  }

  return (
    <Card title={t('operator.school.documents')}>
      <p className="mb-4 text-sm text-slate-700">
        {t('operator.school.kycStatus', { status: t(`operator.kyc.${school.kyc.status}`) })}
      </p>
      <ul className="divide-y divide-slate-200">
        {school.kyc.documents.map(({ kind, document }) => (
          <li key={kind} className="flex flex-wrap items-center gap-3 py-3">
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-slate-900">{t(`operator.school.kinds.${kind}`)}</p>
              {document ? (
                <>
                  <p className="truncate text-sm text-slate-600">
                    {document.fileName} ·{' '}
                    {t('operator.school.uploadedAt', {
                      date: formatDate(document.uploadedAt, i18n.language),
                      size: fileSize(document.size, i18n.language),
                    })}
                  </p>
                  {document.status === 'refuse' && document.refusalReason ? (
                    <p className="text-sm text-red-800">
                      {t('operator.school.refusedBecause', { reason: document.refusalReason })}
                    </p>
                  ) : null}
                </>
              ) : (
                <p className="text-sm text-slate-600">{t('operator.school.notSent')}</p>
              )}
            </div>
            {document ? (
              <div className="flex flex-wrap items-center gap-2">
                <DocumentBadge status={document.status} />
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={t('operator.school.viewLabel', { document: name(document) })}
                  onClick={() => void view(document)}
                >
                  <ExternalLink aria-hidden="true" className="size-4" />
                  {t('operator.school.view')}
                </Button>
                {document.status !== 'valide' ? (
                  <Button
                    size="sm"
                    disabled={review.isPending}
                    onClick={() => void validate(document)}
                  >
                    <Check aria-hidden="true" className="size-4" />
                    {t('operator.school.validate')}
                  </Button>
                ) : null}
                {document.status !== 'refuse' ? (
                  <Button
                    variant="danger"
                    size="sm"
                    disabled={review.isPending}
                    onClick={() => setRefusing(document)}
                  >
                    <X aria-hidden="true" className="size-4" />
                    {t('operator.school.refuse')}
                  </Button>
                ) : null}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <ReasonDialog
        open={refusing !== null}
        title={refusing ? t('operator.school.refuseTitle', { document: name(refusing) }) : ''}
        onClose={() => setRefusing(null)}
        description={t('operator.school.refuseBody')}
        label={t('operator.school.refuseReason')}
        confirmLabel={t('operator.school.refuseConfirm')}
        pendingLabel={t('operator.school.refusing')}
        schema={operatorKycRefusalSchema}
        pending={review.isPending}
        onSubmit={refuse}
      />
    </Card>
  );
}
