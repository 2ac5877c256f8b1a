import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Bell, BellOff, CheckCheck, Settings2 } from 'lucide-react';
import type { StaffNotification } from '@ecolage/contracts';
import { useSession } from '../../features/auth/session-store';
import { TopBarPopover } from './top-bar-popover';
import { moveFocusWithArrows, usePopover } from './use-popover';
import { useBellItems, useBellStream, useMarkAllRead, useMarkRead } from './notifications.api';

const iconButton =
  'relative inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 hover:text-slate-900';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 60 * 60],
  ['day', 24 * 60 * 60],
];

/** « il y a 5 min », « il y a 2 h », « hier »…; a date past a week. */
export function relativeTime(iso: string, now: Date, language: string, justNow: string): string {
  const seconds = Math.round((now.getTime() - new Date(iso).getTime()) / 1000);
  if (seconds < 60) return justNow;
  if (seconds >= 7 * 24 * 60 * 60) {
    return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short' }).format(
      new Date(iso),
    );
  }
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto', style: 'short' });
  let unit: [Intl.RelativeTimeFormatUnit, number] = UNITS[0]!;
  for (const candidate of UNITS) if (seconds >= candidate[1]) unit = candidate;
  return format.format(-Math.floor(seconds / unit[1]), unit[0]);
}

function NotificationItem({
  item,
  onOpen,
}: {
  item: StaffNotification;
  onOpen: (item: StaffNotification) => void;
}) {
  const { t, i18n } = useTranslation();
  const unread = item.readAt === null;
  return (
    <li>
      <Link
        to={item.link}
        onClick={() => onOpen(item)}
        className="flex gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
      >
        <span className="mt-1.5 flex size-2 shrink-0">
          {unread ? (
            <span className="size-2 rounded-full bg-brand-600">
              <span className="sr-only">{t('admin.notifications.unread')}</span>
            </span>
          ) : null}
        </span>
        <span className="min-w-0 flex-1">
          <span
            className={`block text-sm ${unread ? 'font-semibold text-slate-900' : 'font-medium text-slate-700'}`}
          >
            {item.title}
          </span>
          <span className="mt-0.5 block text-sm break-words text-slate-600">{item.body}</span>
          <time dateTime={item.createdAt} className="mt-1 block text-xs text-slate-500">
            {relativeTime(
              item.createdAt,
              new Date(),
              i18n.language,
              t('admin.notifications.justNow'),
            )}
          </time>
        </span>
      </Link>
    </li>
  );
}

/**
 * The bell of the top bar (spec §2, §4): the unread count on it, a dropdown of the member's latest
 * items — title, text, how long ago, a dot while unread — each a link to its record (opening
 * one marks it read), « Tout marquer comme lu », the settings. Closed by the bell, a click on its
 * backdrop, Escape or tabbing away; arrows move through it. New items come without a reload.
 */
export function NotificationsMenu() {
  const { t } = useTranslation();
  const session = useSession();
  const organizationId = session?.organization.id ?? '';
  // A session already expired when the shell opened is being renewed by the guard: wait for it.
  const [openedAt] = useState(Date.now);
  const ready = !(session?.expiresAt !== undefined && session.expiresAt <= openedAt);
  const poll = useBellStream(organizationId, ready);
  const query = useBellItems(organizationId, poll, ready);
  const markRead = useMarkRead(organizationId);
  const markAllRead = useMarkAllRead(organizationId);
  const popover = usePopover();
  const { open, panelRef, close } = popover;
  const titleId = useId();
  const unread = query.data?.unread ?? 0;
  const items = query.data?.items ?? [];

  useEffect(() => {
    if (open) panelRef.current?.focus();
  }, [open, panelRef]);

  function openItem(item: StaffNotification) {
    if (!item.readAt) markRead.mutate(item.id);
    close(false);
  }

  let list;
  if (query.isPending) {
    list = (
      <p className="px-4 py-8 text-center text-sm text-slate-600">
        {t('admin.notifications.loading')}
      </p>
    );
  } else if (query.isError && items.length === 0) {
    list = (
      <p role="alert" className="px-4 py-8 text-center text-sm text-slate-600">
        {t('admin.notifications.failure')}
      </p>
    );
  } else if (items.length === 0) {
    list = (
      <p className="flex flex-col items-center gap-2 px-4 py-8 text-center text-sm text-slate-600">
        <BellOff aria-hidden="true" className="size-6 text-slate-400" />
        {t('admin.notifications.empty')}
      </p>
    );
  } else {
    list = (
      <ul className="max-h-[60vh] divide-y divide-slate-100 overflow-y-auto">
        {items.map((item) => (
          <NotificationItem key={item.id} item={item} onOpen={openItem} />
        ))}
      </ul>
    );
  }

  return (
    <TopBarPopover
      popover={popover}
      buttonClassName={`${iconButton} ${open ? 'bg-slate-100 text-slate-900' : ''}`}
      button={
        <>
          <Bell aria-hidden="true" className="size-5" />
          {unread > 0 ? (
            <span
              aria-hidden="true"
              data-testid="notifications-badge"
              className="absolute top-1.5 right-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-5 font-semibold text-white"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
          <span className="sr-only">
            {unread > 0
              ? t('admin.notifications.buttonUnread', { count: unread })
              : t('admin.notifications.button')}
          </span>
        </>
      }
      backdropTestId="notifications-backdrop"
      panelClassName="focus:outline-none sm:w-96"
      panelProps={{
        role: 'region',
        'aria-labelledby': titleId,
        tabIndex: -1,
        onKeyDown: moveFocusWithArrows,
      }}
    >
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-2">
        <h2 id={titleId} className="py-1 font-semibold text-slate-900">
          {t('admin.notifications.title')}
        </h2>
        {unread > 0 ? (
          <button
            type="button"
            onClick={() => markAllRead.mutate()}
            disabled={markAllRead.isPending}
            className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60"
          >
            <CheckCheck aria-hidden="true" className="size-4" />
            {t('admin.notifications.markAllRead')}
          </button>
        ) : null}
      </div>
      <div aria-live="polite">{list}</div>
      <Link
        to="/admin/notifications"
        onClick={() => close(false)}
        className="flex min-h-11 items-center gap-2 border-t border-slate-200 px-4 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
      >
        <Settings2 aria-hidden="true" className="size-4" />
        {t('admin.notifications.settings')}
      </Link>
    </TopBarPopover>
  );
}
