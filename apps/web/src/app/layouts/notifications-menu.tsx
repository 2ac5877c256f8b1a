import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Bell, BellOff } from 'lucide-react';
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
  const { open, toggle, close, triggerRef, panelRef, onBlur } = usePopover();
  const panelId = useId();
  const titleId = useId();

  useEffect(() => {
    if (open) panelRef.current?.focus();
  }, [open, panelRef]);

  return (
    <div className="relative" onBlur={onBlur}>
      <button
        ref={triggerRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
        className={`${iconButton} ${open ? 'bg-slate-100 text-slate-900' : ''}`}
      >
        <Bell aria-hidden="true" className="size-5" />
        <span className="sr-only">{t('admin.notifications.button')}</span>
      </button>
      {open ? (
        <>
          <div
            aria-hidden="true"
            data-testid="notifications-backdrop"
            onClick={() => close()}
            className="fixed inset-0 z-40 bg-slate-900/20 sm:bg-transparent"
          />
          <div
            ref={panelRef}
            id={panelId}
            role="region"
            aria-labelledby={titleId}
            tabIndex={-1}
            className="fixed inset-x-2 top-16 z-50 rounded-xl border border-slate-200 bg-white shadow-xl focus:outline-none sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-80"
          >
            <h2
              id={titleId}
              className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-900"
            >
              {t('admin.notifications.title')}
            </h2>
            <p className="flex flex-col items-center gap-2 px-4 py-8 text-center text-sm text-slate-600">
              <BellOff aria-hidden="true" className="size-6 text-slate-400" />
              {t('admin.notifications.empty')}
            </p>
          </div>
        </>
      ) : null}
    </div>
  );
}
