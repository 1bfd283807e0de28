import { useTranslation } from 'react-i18next';
import { useLiveStatus } from '../live/live-provider';

/** Connection state of the live channel, so readers know whether the scores are moving. */
export function LiveIndicator() {
  const { t } = useTranslation('live');
  const status = useLiveStatus();
  const dot = status === 'online' ? 'bg-live' : status === 'connecting' ? 'bg-goal' : 'bg-accent';
  return (
    <span role="status" className="inline-flex min-w-0 items-center gap-1.5 text-xs font-medium text-muted">
      <span aria-hidden="true" className={`size-2 shrink-0 rounded-full ${dot} ${status === 'online' ? 'motion-safe:animate-pulse' : ''}`} />
      <span className="truncate">{t(`status.${status}`)}</span>
    </span>
  );
}
