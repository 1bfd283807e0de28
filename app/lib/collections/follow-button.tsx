import { useTranslation } from 'react-i18next';
import { showNotice } from '../../components/notice/notice-store';
import { apiErrorDetails } from '../account-api';
import { isFollowed } from './collected-matches';
import { FollowLimitError, setFollowed, useCollected } from './collected-store';
import type { FollowKind } from './local-follows';

/**
 * Follow / Following for a team or competition page, signed in or not (docs/decisions/095): a
 * toggle button (aria-pressed). The server and the hydrating render show "Follow"; the
 * reader's state arrives right after (useClientStore), in a button of fixed width so nothing
 * moves.
 */
export function FollowButton({ kind, id, name }: { kind: FollowKind; id: number; name: string }) {
  const { t } = useTranslation('matchCentre');
  const followed = isFollowed(useCollected(), kind, id);
  return (
    <button
      type="button"
      data-testid={`follow-${kind}`}
      aria-pressed={followed}
      aria-label={t('follow.label', { name })}
      onClick={() => {
        setFollowed(kind, id, !followed).catch((error: unknown) => {
          const message = error instanceof FollowLimitError ? t('follow.limit', { max: error.max }) : apiErrorDetails(error).message;
          showNotice({ message: message ?? t('follow.failed') });
        });
      }}
      className={`inline-flex min-w-32 items-center justify-center gap-1.5 rounded-full border px-4 py-1.5 text-sm font-semibold ${
        followed ? 'border-accent bg-accent text-accent-contrast' : 'border-line hover:bg-surface-muted'
      }`}
    >
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        {followed ? (
          <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        ) : (
          <path d="M12 5v14M5 12h14" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        )}
      </svg>
      {followed ? t('follow.following') : t('follow.follow')}
    </button>
  );
}
