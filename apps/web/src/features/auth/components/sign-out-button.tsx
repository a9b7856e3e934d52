import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useNavigate } from 'react-router';
import { forgetStaffData, signOut } from '../../../lib/sign-out.ts';

interface SignOutButtonProps {
  readonly className?: string;
  /** Shown before the label (an icon). */
  readonly icon?: ReactNode;
  /** Only the icon shows; the label stays for screen readers and as the tooltip. */
  readonly compact?: boolean;
}

/** Signs out (server revokes the token, the page forgets it) and goes to /login. */
export function SignOutButton({ className = 'button', icon, compact = false }: SignOutButtonProps) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  async function run() {
    setPending(true);
    await signOut();
    await navigate('/login', { replace: true });
    forgetStaffData(queryClient);
  }

  const label = pending ? t('signingOut') : t('signOut');
  return (
    <button
      type="button"
      className={className}
      onClick={() => void run()}
      disabled={pending}
      title={compact ? label : undefined}
    >
      {icon}
      {compact ? <span className="visually-hidden">{label}</span> : label}
    </button>
  );
}
