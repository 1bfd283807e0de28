import * as Dialog from '@radix-ui/react-dialog';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BloggerProfile } from '../../../../core/contracts/bloggers';
import { REPORT_NOTE_MAX, REPORT_REASONS, type ReportBody } from '../../../../core/contracts/community-reports';
import { Avatar } from '../../../components/avatar';
import { LocalLink } from '../../../components/local-link';
import { dangerButtonClass, FormAlert, inputClass, primaryButtonClass, secondaryButtonClass } from '../../../components/ui/field';
import { apiErrorDetails } from '../../../lib/account-api';
import { useCurrentUser } from '../../../lib/app-state';
import { formatNumber } from '../../../lib/format';
import { useLocale } from '../../../lib/locale';
import { reports, social } from './blogger-api';
import { BloggerCard } from './blogger-card';
import { afterFollow, bloggerPaths } from './blogger-view';
import { FollowButton } from './follow-button';

const itemClass = 'flex w-full items-center rounded px-2 py-1.5 text-left outline-none data-[highlighted]:bg-surface-muted cursor-pointer';

/**
 * A fan's page header: avatar, nickname, fans and following counts (each a link to the list),
 * follow or unfollow, and a menu to block or report them. Blocking hides them both ways at once:
 * the header says so and offers to lift it while the page is open; once left, their page is
 * missing to the reader like any other blocked fan's (lifted later from the reader's own centre).
 */
export function UserHeader({ profile, onChange }: { profile: BloggerProfile; onChange: (profile: BloggerProfile) => void }) {
  const { t } = useTranslation('community');
  const locale = useLocale();
  const user = useCurrentUser();
  const [blocked, setBlocked] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function setBlock(block: boolean) {
    setError(null);
    try {
      await social(block ? 'block' : 'unblock', { params: { id: profile.id } });
      setBlocked(block);
      // a block removes the follows both ways
      if (block) onChange({ ...profile, is_followed: false, fans_count: Math.max(0, profile.fans_count - (profile.is_followed ? 1 : 0)) });
    } catch (failure) {
      setError(apiErrorDetails(failure).message ?? t('blogger.failed'));
    }
  }

  if (blocked) {
    return (
      <BloggerCard testId="user-blocked">
        <p className="font-semibold">{t('blogger.blocked.title', { nickname: profile.nickname })}</p>
        <p className="mt-1 text-sm text-muted">{t('blogger.blocked.text')}</p>
        {error ? <FormAlert>{error}</FormAlert> : null}
        <button type="button" onClick={() => void setBlock(false)} className={`${secondaryButtonClass} mt-3`} data-testid="user-unblock">
          {t('blogger.menu.unblock')}
        </button>
      </BloggerCard>
    );
  }

  const n = (value: number) => formatNumber(value, locale);
  return (
    <BloggerCard testId="user-header">
      <div className="flex flex-wrap items-center gap-3">
        <Avatar id={profile.avatar} size={64} />
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-xl font-bold" data-testid="user-nickname">
            {profile.nickname}
          </h1>
          <p className="mt-1 flex flex-wrap gap-x-4 text-sm tabular-nums">
            <LocalLink to={bloggerPaths.follow('followers', profile.id)} className="hover:underline" data-testid="user-fans">
              {t('blogger.fans', { count: profile.fans_count, formatted: n(profile.fans_count) })}
            </LocalLink>
            <LocalLink to={bloggerPaths.follow('following', profile.id)} className="hover:underline" data-testid="user-following">
              {t('blogger.following', { count: profile.following_count, formatted: n(profile.following_count) })}
            </LocalLink>
          </p>
        </div>
        <div className="flex items-center gap-2">
          <FollowButton userId={profile.id} isFollowed={profile.is_followed} onChange={(state) => onChange(afterFollow(profile, state))} testId="user-follow" />
          {user !== null && !profile.is_own ? (
            <DropdownMenu.Root modal={false}>
              <DropdownMenu.Trigger asChild>
                <button type="button" className={`${secondaryButtonClass} px-3`} aria-label={t('blogger.menu.label')} data-testid="user-menu">
                  ⋯
                </button>
              </DropdownMenu.Trigger>
              <DropdownMenu.Portal>
                <DropdownMenu.Content align="end" sideOffset={6} className="z-[var(--z-index-layer)] w-48 rounded-md border border-line bg-surface p-1 text-text shadow-lg">
                  <DropdownMenu.Item onSelect={() => void setBlock(true)} className={itemClass} data-testid="user-block">
                    {t('blogger.menu.block')}
                  </DropdownMenu.Item>
                  <DropdownMenu.Item onSelect={() => setReporting(true)} className={itemClass} data-testid="user-report">
                    {t('blogger.menu.report')}
                  </DropdownMenu.Item>
                </DropdownMenu.Content>
              </DropdownMenu.Portal>
            </DropdownMenu.Root>
          ) : null}
        </div>
      </div>
      {error ? <FormAlert>{error}</FormAlert> : null}
      {notice ? <FormAlert tone="success">{notice}</FormAlert> : null}
      <ReportDialog
        open={reporting}
        onOpenChange={setReporting}
        userId={profile.id}
        nickname={profile.nickname}
        onDone={() => {
          setReporting(false);
          setNotice(t('blogger.report.done'));
        }}
      />
    </BloggerCard>
  );
}

/** Report a fan with a reason (and words, needed for "other"): to the staff review queue. */
function ReportDialog({ open, onOpenChange, userId, nickname, onDone }: { open: boolean; onOpenChange: (open: boolean) => void; userId: number; nickname: string; onDone: () => void }) {
  const { t } = useTranslation('community');
  const [reason, setReason] = useState<ReportBody['reason']>('spam');
  const [note, setNote] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit() {
    setPending(true);
    setError(null);
    try {
      await reports('report', { body: { target_type: 'user', target_id: userId, reason, ...(note.trim() ? { note: note.trim() } : {}) } });
      onDone();
    } catch (failure) {
      const details = apiErrorDetails(failure);
      setError(details.fields.note ?? details.message ?? t('blogger.failed'));
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[var(--z-index-layer)] bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-[var(--z-index-layer)] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg border border-line bg-surface p-5 text-text shadow-xl" data-testid="report-dialog">
          <Dialog.Title className="text-lg font-bold">{t('blogger.report.title', { nickname })}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted">{t('blogger.report.text')}</Dialog.Description>
          <form
            className="mt-3 grid gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <fieldset className="grid gap-1">
              <legend className="sr-only">{t('blogger.report.reason')}</legend>
              {REPORT_REASONS.map((value) => (
                <label key={value} className="flex items-center gap-2 text-sm">
                  <input type="radio" name="reason" value={value} checked={reason === value} onChange={() => setReason(value)} />
                  {t(`blogger.report.reasons.${value}`)}
                </label>
              ))}
            </fieldset>
            <label className="grid gap-1 text-sm">
              {t('blogger.report.note')}
              <input className={inputClass} value={note} maxLength={REPORT_NOTE_MAX} onChange={(event) => setNote(event.target.value)} required={reason === 'other'} />
            </label>
            {error ? <FormAlert>{error}</FormAlert> : null}
            <div className="mt-2 flex justify-end gap-2">
              <Dialog.Close asChild>
                <button type="button" className={secondaryButtonClass}>
                  {t('blogger.report.cancel')}
                </button>
              </Dialog.Close>
              <button type="submit" disabled={pending} className={reason === 'other' ? primaryButtonClass : dangerButtonClass} data-testid="report-submit">
                {t('blogger.report.submit')}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
