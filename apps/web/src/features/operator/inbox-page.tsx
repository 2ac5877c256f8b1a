import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import type { OperatorContactMessage, OperatorSubscriber } from '@ecolage/contracts';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ListState } from '../../components/ui/list-state';
import { Pager } from '../../components/ui/pager';
import { SearchField } from '../../components/ui/search-field';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table';
import { notify } from '../../components/ui/toaster';
import { formatDate, formatDateTime } from '../../lib/format';
import { errorMessage } from '../../lib/error-message';
import { readPage, useListPageCount, useListParams } from '../../lib/list-params';
import { useDocumentTitle } from '../../lib/use-document-title';
import { downloadInbox, useInbox, useMarkMessageHandled } from './operator.api';
import type { InboxKind } from './operator.api';
import { INBOX_PAGE_SIZE } from './operator-params';

const section = {
  'contact-messages': 'messages',
  'newsletter-subscribers': 'subscribers',
} as const;

/**
 * What the public site received: « Messages du site » (contact form) or « Abonnés newsletter »,
 * newest first, searched, in pages kept in the address, exported as CSV (the search applied).
 */
export function InboxPage({ kind }: { kind: InboxKind }) {
  const { t } = useTranslation();
  const key = section[kind];
  useDocumentTitle(t(`operator.${key}.title`));
  const [params, update] = useListParams();
  const q = params.get('q')?.trim().slice(0, 100) ?? '';
  const page = readPage(params);
  const inbox = useInbox<OperatorContactMessage | OperatorSubscriber>(kind, q, page);
  const pages = useListPageCount(inbox, page, INBOX_PAGE_SIZE, update);
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadInbox(kind, q);
      notify.success(t('operator.export.done'));
    } catch (error) {
      notify.error(errorMessage(error, t, t('operator.export.failed')));
    } finally {
      setExporting(false);
    }
  }

  const data = inbox.data;
  let body;
  if (inbox.isPending) body = <ListState tone="loading" title={t(`operator.${key}.loading`)} />;
  else if (inbox.isError && !data) {
    body = (
      <ListState
        tone="error"
        title={t('operator.loadError')}
        retryLabel={t('ui.retry')}
        onRetry={() => void inbox.refetch()}
      />
    );
  } else if (!data || data.items.length === 0) {
    body = <ListState title={t(`operator.${key}.empty`)} />;
  } else {
    body = (
      <>
        {kind === 'contact-messages' ? (
          <MessagesTable
            messages={data.items as OperatorContactMessage[]}
            busy={inbox.isPlaceholderData}
          />
        ) : (
          <SubscribersTable
            subscribers={data.items as OperatorSubscriber[]}
            busy={inbox.isPlaceholderData}
          />
        )}
        <Pager
          page={page}
          pageCount={pages}
          total={data.total}
          pageSize={INBOX_PAGE_SIZE}
          onPageChange={(next) => update({ page: next === 1 ? null : next })}
        />
      </>
    );
  }

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight text-brand-950 sm:text-3xl">
            {t(`operator.${key}.title`)}
          </h1>
          <p className="mt-2 max-w-3xl text-base text-slate-700">{t(`operator.${key}.lead`)}</p>
        </div>
        <Button variant="secondary" onClick={() => void exportCsv()} disabled={exporting}>
          <Download aria-hidden="true" className="size-4" />
          {exporting ? t('operator.export.exporting') : t('operator.export.csv')}
        </Button>
      </header>
      <SearchField
        className="max-w-md"
        label={t(`operator.${key}.search`)}
        placeholder={t(`operator.${key}.searchPlaceholder`)}
        value={q}
        onSearch={(value) => update({ q: value || null, page: null })}
      />
      <section aria-label={t(`operator.${key}.caption`)} className="space-y-4">
        {body}
      </section>
    </div>
  );
}

function MessagesTable({ messages, busy }: { messages: OperatorContactMessage[]; busy: boolean }) {
  const { t, i18n } = useTranslation();
  const markHandled = useMarkMessageHandled();

  async function mark(message: OperatorContactMessage) {
    try {
      await markHandled.mutateAsync(message.id);
      notify.success(t('operator.messages.markedHandled'));
    } catch (error) {
      notify.error(errorMessage(error, t, t('operator.messages.markFailed')));
    }
  }

  return (
    <Table caption={t('operator.messages.caption')} minWidth="min-w-[56rem]" busy={busy}>
      <THead>
        <Tr>
          <Th>{t('operator.messages.columns.receivedAt')}</Th>
          <Th>{t('operator.messages.columns.from')}</Th>
          <Th>{t('operator.messages.columns.subject')}</Th>
          <Th>{t('operator.messages.columns.state')}</Th>
        </Tr>
      </THead>
      <TBody>
        {messages.map((message) => (
          <Tr key={message.id}>
            <Td className="whitespace-nowrap">
              {formatDateTime(message.createdAt, i18n.language)}
            </Td>
            <Td>
              <span className="block font-semibold">{message.name}</span>
              <a
                href={`mailto:${message.email}`}
                className="text-sm text-brand-700 hover:underline"
              >
                {message.email}
              </a>
            </Td>
            <Td className="max-w-xl">
              <span className="block font-semibold">{message.subject}</span>
              <span className="block text-sm whitespace-pre-line text-slate-700">
                {message.message}
              </span>
            </Td>
            <Td>
              {message.handledAt ? (
                <Badge tone="green">
                  {t('operator.messages.handled', {
                    date: formatDate(message.handledAt, i18n.language),
                  })}
                </Badge>
              ) : (
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={markHandled.isPending}
                  aria-label={t('operator.messages.markHandledLabel', { name: message.name })}
                  onClick={() => void mark(message)}
                >
                  {t('operator.messages.markHandled')}
                </Button>
              )}
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}

function SubscribersTable({
  subscribers,
  busy,
}: {
  subscribers: OperatorSubscriber[];
  busy: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Table caption={t('operator.subscribers.caption')} busy={busy}>
      <THead>
        <Tr>
          <Th>{t('operator.subscribers.columns.email')}</Th>
          <Th>{t('operator.subscribers.columns.subscribedAt')}</Th>
          <Th>{t('operator.subscribers.columns.source')}</Th>
          <Th>{t('operator.subscribers.columns.state')}</Th>
        </Tr>
      </THead>
      <TBody>
        {subscribers.map((subscriber) => (
          <Tr key={subscriber.id}>
            <Td className="font-medium">{subscriber.email}</Td>
            <Td>{formatDate(subscriber.createdAt, i18n.language)}</Td>
            <Td>{subscriber.source}</Td>
            <Td>
              {subscriber.unsubscribedAt ? (
                <Badge tone="grey">
                  {t('operator.subscribers.unsubscribed', {
                    date: formatDate(subscriber.unsubscribedAt, i18n.language),
                  })}
                </Badge>
              ) : (
                <Badge tone="green">{t('operator.subscribers.subscribed')}</Badge>
              )}
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
