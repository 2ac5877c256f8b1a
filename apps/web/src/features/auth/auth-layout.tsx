import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { LucideIcon } from 'lucide-react';

/** Frame of the login, signup, invitation and password pages: a centred card on the brand's light background. */
export function AuthLayout({
  title,
  lead,
  children,
  footer,
  wide = false,
  icon,
}: {
  title: string;
  lead: string;
  children: ReactNode;
  footer: ReactNode;
  wide?: boolean;
  /** Drawn above the title (a state such as « lien invalide »). */
  icon?: ReactNode;
}) {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white px-4 py-10 sm:py-16">
      <div
        className={`mx-auto w-full ${wide ? 'max-w-xl' : 'max-w-md'} rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8`}
      >
        {icon}
        <h1 className="text-3xl font-extrabold tracking-tight text-brand-950">{title}</h1>
        <p className="mt-2 text-slate-700">{lead}</p>
        <div className="mt-8">{children}</div>
        <p className="mt-8 border-t border-slate-200 pt-6 text-center text-sm text-slate-700">
          {footer}
        </p>
      </div>
    </div>
  );
}

/** « Pas encore de compte ? Inscrivez-vous »: one link, the action word stressed. */
export function AuthSwitchLink({ to, text, action }: { to: string; text: string; action: string }) {
  return (
    <Link to={to} className="rounded underline-offset-4 hover:underline">
      {text} <strong className="font-semibold whitespace-nowrap text-brand-700">{action}</strong>
    </Link>
  );
}

/**
 * An e-mailed link's page when it has no form to show: the link cannot be used (missing, used,
 * expired: `icon` drawn in red above the title) or what it points to could not be loaded.
 * `children` is the one way on (a full-width button).
 */
export function LinkStatePage({
  icon: Icon,
  title,
  lead,
  footer,
  children,
}: {
  icon?: LucideIcon;
  title: string;
  lead: string;
  footer: ReactNode;
  children: ReactNode;
}) {
  return (
    <AuthLayout
      icon={
        Icon ? (
          <span className="mb-5 flex size-14 items-center justify-center rounded-full bg-red-50 text-red-700">
            <Icon aria-hidden="true" className="size-7" />
          </span>
        ) : undefined
      }
      title={title}
      lead={lead}
      footer={footer}
    >
      {children}
    </AuthLayout>
  );
}
