/** The hint and error lines of a control, through its aria-describedby. */
export function describedText(control: HTMLElement): string {
  return (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

/** The stored session (local storage), parsed. */
export function storedSession(): {
  user: { name: string; email: string; avatarUrl: string | null };
} | null {
  const raw = window.localStorage.getItem('ecolage.session');
  return raw
    ? (JSON.parse(raw) as { user: { name: string; email: string; avatarUrl: string | null } })
    : null;
}
