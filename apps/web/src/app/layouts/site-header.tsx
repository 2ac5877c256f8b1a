import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Menu, X } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { LanguageSwitcher } from './language-switcher';
import { Logo } from './logo';

const MENU_ID = 'menu-principal';

/** Landing-page sections reachable from every public page. */
export const SECTION_ANCHORS = [
  { hash: '#fonctionnalites', labelKey: 'nav.features' },
  { hash: '#tarifs', labelKey: 'nav.pricing' },
  { hash: '#contact', labelKey: 'nav.contact' },
] as const;

/**
 * Top bar: logo, section anchors, language, Connexion and Inscription. Below 1024 px the
 * navigation folds into a menu opened by a button (aria-expanded / aria-controls; Escape closes
 * it and gives focus back to the button).
 */
export function SiteHeader() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const close = () => setOpen(false);
  const navLink =
    'block rounded-lg px-3 py-3 text-base font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-800 lg:py-2 lg:text-sm';

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <Container className="relative flex h-16 items-center justify-between gap-4">
        <Link to="/" aria-label={t('nav.home')} onClick={close} className="rounded-lg">
          <Logo />
        </Link>

        <button
          ref={toggleRef}
          type="button"
          aria-expanded={open}
          aria-controls={MENU_ID}
          onClick={() => setOpen((value) => !value)}
          className="inline-flex size-11 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 lg:hidden"
        >
          {open ? (
            <X aria-hidden="true" className="size-6" />
          ) : (
            <Menu aria-hidden="true" className="size-6" />
          )}
          <span className="sr-only">{open ? t('nav.closeMenu') : t('nav.openMenu')}</span>
        </button>

        <nav
          id={MENU_ID}
          aria-label={t('nav.label')}
          className={`${open ? 'flex' : 'hidden'} absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] flex-col gap-4 overflow-y-auto border-b border-slate-200 bg-white px-4 py-4 shadow-lg sm:px-6 lg:static lg:flex lg:flex-1 lg:flex-row lg:items-center lg:justify-between lg:gap-6 lg:overflow-visible lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none`}
        >
          <ul className="flex flex-col lg:ml-6 lg:flex-row lg:items-center lg:gap-1">
            {SECTION_ANCHORS.map((anchor) => (
              <li key={anchor.hash}>
                <Link to={{ pathname: '/', hash: anchor.hash }} onClick={close} className={navLink}>
                  {t(anchor.labelKey)}
                </Link>
              </li>
            ))}
          </ul>
          <div className="flex flex-col gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:items-center lg:border-0 lg:pt-0">
            <LanguageSwitcher className="self-start sm:self-auto" />
            <ButtonLink to="/login" variant="secondary" onClick={close}>
              {t('nav.login')}
            </ButtonLink>
            <ButtonLink to="/signup" onClick={close}>
              {t('nav.signup')}
            </ButtonLink>
          </div>
        </nav>
      </Container>
    </header>
  );
}
