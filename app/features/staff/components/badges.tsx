import { useTranslation } from 'react-i18next';
import { roleKey, statusKey } from '../staff-lists';

const ROLE_COLOURS: Record<string, string> = {
  admin: 'bg-accent text-accent-contrast',
  staff: 'bg-accent-soft text-accent-strong dark:text-accent',
};

const STATUS_COLOURS: Record<string, string> = {
  active: 'bg-live-soft text-green-800 dark:text-live',
  pending_cancellation: 'bg-goal-soft text-text',
  closed: 'bg-surface-muted text-muted line-through',
};

const badge = 'inline-flex items-center rounded px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap';

/** A user's role, translated; ordinary users get a quiet badge, staff and admins a coloured one. */
export function RoleBadge({ role }: { role: string }) {
  const { t } = useTranslation('staff');
  const key = roleKey(role);
  return (
    <span data-role={role} className={`${badge} ${ROLE_COLOURS[role] ?? 'bg-surface-muted text-muted'}`}>
      {key ? t(key) : role}
    </span>
  );
}

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('staff');
  const key = statusKey(status);
  return (
    <span data-status={status} className={`${badge} ${STATUS_COLOURS[status] ?? 'bg-surface-muted text-muted'}`}>
      {key ? t(key) : status}
    </span>
  );
}
