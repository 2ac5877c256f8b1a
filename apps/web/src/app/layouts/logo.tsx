/** Écolage mark: a mortarboard on the brand colour, with a gold tassel. Decorative. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
      <rect width="32" height="32" rx="8" fill="#484D9B" />
      <path fill="#fff" d="M16 6.5 28 12l-12 5.5L4 12z" />
      <path fill="#fff" fillOpacity=".85" d="M9 15.2v5.3c0 2 3.1 4 7 4s7-2 7-4v-5.3l-7 3.2z" />
      <path stroke="#FBBF24" strokeWidth="1.8" strokeLinecap="round" d="M26 12.8v6.4" />
    </svg>
  );
}

/** Mark + wordmark. `inverse` for dark backgrounds. */
export function Logo({ inverse = false }: { inverse?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2">
      <LogoMark className="size-8 shrink-0" />
      <span
        className={`text-xl font-extrabold tracking-tight ${inverse ? 'text-white' : 'text-brand-900'}`}
      >
        Écolage
      </span>
    </span>
  );
}
