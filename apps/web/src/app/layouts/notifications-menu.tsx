import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Bell, BellOff } from 'lucide-react';
import { TopBarPopover } from './top-bar-popover';
import { usePopover } from './use-popover';

const iconButton =
  'inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 hover:text-slate-900';

/**
 * The bell of the top bar (spec §2, §4): toggles a dropdown, closed by a click on its backdrop,
 * by Escape or by tabbing away. The staff notifications feed arrives with its own issue; until
 * then the list is honestly empty.
 */
export function NotificationsMenu() {
  const { t } = useTranslation();
  const popover = usePopover();
  const { open, panelRef } = popover;
  const titleId = useId();

  useEffect(() => {
    if (open) panelRef.current?.focus();
  }, [open, panelRef]);

  return (
    <TopBarPopover
      popover={popover}
      buttonClassName={`${iconButton} ${open ? 'bg-slate-100 text-slate-900' : ''}`}
      button={
        <>
          <Bell aria-hidden="true" className="size-5" />
          <span className="sr-only">{t('admin.notifications.button')}</span>
        </>
      }
      backdropTestId="notifications-backdrop"
      panelClassName="focus:outline-none"
      panelProps={{ role: 'region', 'aria-labelledby': titleId, tabIndex: -1 }}
    >
      <h2 id={titleId} className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-900">
        {t('admin.notifications.title')}
      </h2>
      <p className="flex flex-col items-center gap-2 px-4 py-8 text-center text-sm text-slate-600">
        <BellOff aria-hidden="true" className="size-6 text-slate-400" />
        {t('admin.notifications.empty')}
      </p>
    </TopBarPopover>
  );
}
