import { useTranslation } from 'react-i18next';
import { RotateCcw } from 'lucide-react';
import type { MessageItem, MessageStatus } from '@ecolage/contracts';
import { Badge } from '../../components/ui/badge';
import type { BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ListState } from '../../components/ui/list-state';
import { Pager } from '../../components/ui/pager';
import { SelectField } from '../../components/ui/select';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table';
import { notify } from '../../components/ui/toaster';
import { errorMessage, errorStatus } from '../../lib/error-message';
import { formatDateTime } from '../../lib/format';
import { useListPageCount } from '../../lib/list-params';
import type { ParamsPatch } from '../../lib/list-params';
import { automationParamsPatch, MESSAGE_FILTERS, MESSAGES_PAGE_SIZE } from './automations-params';
import type { AutomationParams } from './automations-params';
import { useMessages, useRetryMessage } from './messages.api';

const STATUS_TONES: Record<MessageStatus, BadgeTone> = {
  captured: 'grey',
  queued: 'blue',
  sending: 'purple',
  sent: 'teal',
  delivered: 'green',
  failed: 'red',
  dead: 'orange',
};

const RETRYABLE: readonly MessageStatus[] = ['failed', 'dead'];

function MessageRow({
  message,
  canRetry,
  pending,
  onRetry,
}: {
  message: MessageItem;
  canRetry: boolean;
  pending: boolean;
  onRetry: (message: MessageItem) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Tr>
      <Td className="whitespace-nowrap">{formatDateTime(message.createdAt, i18n.language)}</Td>
      <Td label={t('automations.messages.recipient')}>
        <span className="block text-sm">{t(`automations.channels.${message.channel}`)}</span>
        <span className="block font-mono text-xs break-all">{message.recipient}</span>
      </Td>
      <Td label={t('automations.messages.text')} className="max-w-sm text-sm">
        {message.subject ? (
          <span className="block font-semibold text-slate-900">{message.subject}</span>
        ) : null}
        <span className="line-clamp-3 whitespace-pre-wrap text-slate-700" title={message.body}>
          {message.body}
        </span>
      </Td>
      <Td label={t('automations.messages.status')}>
        <Badge tone={STATUS_TONES[message.status]}>
          {t(`automations.messages.statuses.${message.status}`)}
        </Badge>
        <span className="mt-1 block text-xs text-slate-600 tabular-nums">
          {t('automations.messages.attempts', { count: message.attempts })}
        </span>
        {message.error ? (
          <span className="mt-1 block max-w-48 text-xs text-red-800">{message.error}</span>
        ) : null}
      </Td>
      {canRetry ? (
        <Td className="text-right">
          {RETRYABLE.includes(message.status) ? (
            <Button
              variant="secondary"
              size="sm"
              disabled={pending}
              aria-label={t('automations.messages.retryLabel', { recipient: message.recipient })}
              onClick={() => onRetry(message)}
            >
              <RotateCcw aria-hidden="true" className="size-4" />
              {pending ? t('automations.messages.retrying') : t('automations.messages.retry')}
            </Button>
          ) : null}
        </Td>
      ) : null}
    </Tr>
  );
}

/**
 * « Messages »: every message the school sent or is sending (SMS, WhatsApp, e-mail) with its
 * status, attempts and last error, filtered by status, page by page (in the address). A failed
 * or abandoned one can be sent again (write:automations).
 */
export function MessagesSection({
  params,
  update,
  canRetry,
}: {
  params: AutomationParams;
  update: (patch: ParamsPatch, options?: { replace?: boolean }) => void;
  canRetry: boolean;
}) {
  const { t } = useTranslation();
  const { messageStatus, page } = params;
  const messages = useMessages({ status: messageStatus, page, pageSize: MESSAGES_PAGE_SIZE });
  const retry = useRetryMessage();
  const pages = useListPageCount(messages, page, MESSAGES_PAGE_SIZE, update);
  const data = messages.data;

  async function retryMessage(message: MessageItem) {
    try {
      await retry.mutateAsync(message.id);
      notify.success(t('automations.messages.retried'));
    } catch (error) {
      notify.error(errorMessage(error, t, t('automations.messages.retryFailure')));
    }
  }

  let body;
  if (messages.isPending) {
    body = <ListState tone="loading" title={t('automations.messages.loading')} />;
  } else if (messages.isError && !data) {
    body = (
      <ListState
        tone="error"
        title={t('automations.messages.loadError')}
        retryLabel={t('ui.retry')}
        onRetry={() => void messages.refetch()}
      >
        {errorStatus(messages.error) === 403 ? t('ui.forbidden') : null}
      </ListState>
    );
  } else if (!data || data.items.length === 0) {
    body = (
      <ListState
        title={
          messageStatus ? t('automations.messages.emptyFiltered') : t('automations.messages.empty')
        }
      >
        {t('automations.messages.emptyHint')}
      </ListState>
    );
  } else {
    body = (
      <Table
        caption={t('automations.messages.caption')}
        layout="stack"
        busy={messages.isPlaceholderData}
        minWidth="md:min-w-[48rem]"
      >
        <THead>
          <Tr>
            <Th>{t('automations.messages.date')}</Th>
            <Th>{t('automations.messages.recipient')}</Th>
            <Th>{t('automations.messages.text')}</Th>
            <Th>{t('automations.messages.status')}</Th>
            {canRetry ? <Th className="text-right">{t('automations.messages.action')}</Th> : null}
          </Tr>
        </THead>
        <TBody>
          {data.items.map((message) => (
            <MessageRow
              key={message.id}
              message={message}
              canRetry={canRetry}
              pending={retry.isPending && retry.variables === message.id}
              onRetry={(chosen) => void retryMessage(chosen)}
            />
          ))}
        </TBody>
      </Table>
    );
  }

  return (
    <div className="space-y-4">
      <SelectField
        compact
        wrapperClassName="sm:w-64"
        label={t('automations.messages.filter')}
        placeholder={t('automations.messages.filterAll')}
        value={messageStatus ?? ''}
        onChange={(event) =>
          update(
            automationParamsPatch({
              messageStatus: MESSAGE_FILTERS.find((value) => value === event.target.value) ?? null,
              page: 1,
            }),
          )
        }
        options={MESSAGE_FILTERS.map((value) => ({
          value,
          label: t(`automations.messages.statuses.${value}`),
        }))}
      />
      {body}
      {data && data.total > 0 ? (
        <Pager
          page={Math.min(page, pages)}
          pageCount={pages}
          total={data.total}
          pageSize={MESSAGES_PAGE_SIZE}
          onPageChange={(next) => update(automationParamsPatch({ page: next }))}
        />
      ) : null}
    </div>
  );
}
