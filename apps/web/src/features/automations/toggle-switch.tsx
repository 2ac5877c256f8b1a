/**
 * An on/off switch (`role="switch"`, `aria-checked`): Space or Enter flips it like a click, and
 * its accessible name says what it switches (a native button: Space and Enter work) (« Activer Rappel J-7 »). `pending`: the change is
 * being sent (the switch shows the new state and ignores further presses).
 */
export function ToggleSwitch({
  checked,
  label,
  pending = false,
  disabled = false,
  onChange,
}: {
  checked: boolean;
  label: string;
  pending?: boolean;
  disabled?: boolean;
  onChange: (next: boolean) => void;
}) {
  function flip() {
    if (!pending && !disabled) onChange(!checked);
  }
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      aria-busy={pending || undefined}
      disabled={disabled}
      onClick={flip}
      className={[
        'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-transparent transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        'disabled:cursor-not-allowed disabled:opacity-50',
        checked ? 'bg-green-700' : 'bg-slate-400',
        pending ? 'opacity-70' : '',
      ].join(' ')}
    >
      <span
        aria-hidden="true"
        className={[
          'inline-block size-6 rounded-full bg-white shadow transition-transform',
          checked ? 'translate-x-5' : 'translate-x-0',
        ].join(' ')}
      />
    </button>
  );
}
