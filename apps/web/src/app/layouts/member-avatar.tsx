import { useState } from 'react';
import { initials } from '../../features/auth/session-store';

/** The member's photo, or their initials on the brand colour when there is none (or it fails). */
export function MemberAvatar({
  name,
  avatarUrl,
  className = 'size-9 text-sm',
}: {
  name: string;
  avatarUrl: string | null;
  className?: string;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const base = `inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full ${className}`;
  if (avatarUrl && failedUrl !== avatarUrl) {
    return (
      <span className={`${base} bg-slate-100`}>
        <img
          src={avatarUrl}
          alt=""
          className="size-full object-cover"
          onError={() => setFailedUrl(avatarUrl)}
        />
      </span>
    );
  }
  return (
    <span aria-hidden="true" className={`${base} bg-brand-600 font-semibold text-white`}>
      {initials(name)}
    </span>
  );
}
