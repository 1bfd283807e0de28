import type { ReactNode } from 'react';
import { AVATAR_IDS, type AvatarId } from '../../core/contracts/avatars';

/**
 * The twelve avatars a user can choose (AVATAR_IDS): drawn here as small SVG pictures —
 * a coloured disc with one stadium motif each — so they cost no image requests and stay sharp
 * at any size. All shapes are our own.
 */
interface AvatarArt {
  background: string;
  art: ReactNode;
}

const W = '#ffffff';

const ART: Record<AvatarId, AvatarArt> = {
  // a football
  a01: {
    background: '#d10a16',
    art: (
      <g>
        <circle cx="32" cy="32" r="17" fill={W} />
        <path d="M32 24l7 5-2.7 8.3h-8.6L25 29z" fill="#14171c" />
        <path d="M32 15v9M39 29l8.5-3.5M36.3 37.3l5.2 7.2M27.7 37.3l-5.2 7.2M25 29l-8.5-3.5" stroke="#14171c" strokeWidth="1.6" />
      </g>
    ),
  },
  // a basketball
  a02: {
    background: '#1d4ed8',
    art: (
      <g fill="none" stroke="#14171c" strokeWidth="1.8">
        <circle cx="32" cy="32" r="17" fill="#f08a24" />
        <path d="M15 32h34M32 15v34" />
        <path d="M20 20c5 4 5 20 0 24M44 20c-5 4-5 20 0 24" />
      </g>
    ),
  },
  // a striped jersey
  a03: {
    background: '#0f766e',
    art: (
      <g>
        <path d="M24 16l-10 6 4 8 5-2v20h18V28l5 2 4-8-10-6c-1.5 3-4 4.5-8 4.5S25.5 19 24 16z" fill={W} />
        <path d="M29 20.3v27.7M35 20.3v27.7" stroke="#d10a16" strokeWidth="3" />
      </g>
    ),
  },
  // a pitch seen from above
  a04: {
    background: '#15803d',
    art: (
      <g fill="none" stroke={W} strokeWidth="1.8">
        <rect x="16" y="18" width="32" height="28" rx="1" />
        <path d="M32 18v28" />
        <circle cx="32" cy="32" r="5" />
        <path d="M16 26h5v12h-5M48 26h-5v12h5" />
      </g>
    ),
  },
  // a trophy
  a05: {
    background: '#7c3aed',
    art: (
      <g>
        <path d="M23 16h18v8c0 6-4 10-9 10s-9-4-9-10z" fill="#fbbf24" />
        <path d="M23 19h-5c0 5 2 8 6 9M41 19h5c0 5-2 8-6 9" fill="none" stroke="#fbbf24" strokeWidth="2.2" />
        <path d="M29.5 33h5l1 7h-7z" fill="#fbbf24" />
        <rect x="24" y="40" width="16" height="5" rx="1" fill="#fde68a" />
      </g>
    ),
  },
  // a whistle
  a06: {
    background: '#0e7490',
    art: (
      <g>
        <path d="M18 30a9 9 0 1 0 17.5 3H46v-7H27.4A9 9 0 0 0 18 30z" fill={W} />
        <circle cx="26" cy="32" r="3" fill="#0e7490" />
        <path d="M20 22l-3-5M26 20v-5" stroke={W} strokeWidth="2" strokeLinecap="round" />
      </g>
    ),
  },
  // a star
  a07: {
    background: '#ca8a04',
    art: <path d="M32 14l5.3 10.9 12 1.7-8.7 8.4 2.1 11.9L32 41.3l-10.7 5.6 2.1-11.9-8.7-8.4 12-1.7z" fill={W} />,
  },
  // a lightning bolt
  a08: {
    background: '#1e293b',
    art: <path d="M35 13L20 35h10l-3 16 17-23H34z" fill="#facc15" />,
  },
  // a crown
  a09: {
    background: '#db2777',
    art: (
      <g>
        <path d="M16 42l-2-20 10 8 8-12 8 12 10-8-2 20z" fill="#fde68a" />
        <rect x="16" y="43" width="32" height="5" rx="1" fill="#fde68a" />
      </g>
    ),
  },
  // a scarf with stripes
  a10: {
    background: '#334155',
    art: (
      <g>
        <path d="M14 38l30-22 6 8-30 22z" fill="#f59e0b" />
        <path d="M22 32l6 8M30 26l6 8M38 20l6 8" stroke="#d10a16" strokeWidth="3" />
        <path d="M16 46l-3 5M20 46l-1 6M24 44l1 6" stroke="#f59e0b" strokeWidth="2" strokeLinecap="round" />
      </g>
    ),
  },
  // a goal with its net
  a11: {
    background: '#b45309',
    art: (
      <g fill="none" stroke={W}>
        <path d="M15 44V22h34v22" strokeWidth="3" strokeLinejoin="round" />
        <path d="M21 22v22M27 22v22M33 22v22M39 22v22M45 22v22M15 28h34M15 34h34M15 40h34" strokeWidth="1" opacity="0.8" />
      </g>
    ),
  },
  // a cheering fan
  a12: {
    background: '#2563eb',
    art: (
      <g>
        <circle cx="32" cy="34" r="14" fill="#fcd9b6" />
        <circle cx="27" cy="31" r="1.8" fill="#14171c" />
        <circle cx="37" cy="31" r="1.8" fill="#14171c" />
        <path d="M25.5 37.5c3.5 4.5 9.5 4.5 13 0" fill="none" stroke="#14171c" strokeWidth="2" strokeLinecap="round" />
        <path d="M18 30c0-9 6-14 14-14s14 5 14 14c-4-3-9-4.5-14-4.5S22 27 18 30z" fill="#d10a16" />
        <path d="M22 38l-2 2M42 38l2 2" stroke="#d10a16" strokeWidth="3" strokeLinecap="round" />
      </g>
    ),
  },
};

export function isAvatarId(x: unknown): x is AvatarId {
  return typeof x === 'string' && (AVATAR_IDS as readonly string[]).includes(x);
}

/** A user's avatar picture; an unknown id shows the first one. Decorative unless `label` is given. */
export function Avatar({ id, size = 40, label, className }: { id: string | null | undefined; size?: number; label?: string; className?: string }) {
  const art = ART[isAvatarId(id) ? id : 'a01'];
  return (
    <svg
      viewBox="0 0 64 64"
      width={size}
      height={size}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={`shrink-0 rounded-full ${className ?? ''}`}
      data-avatar={isAvatarId(id) ? id : 'a01'}
    >
      <circle cx="32" cy="32" r="32" fill={art.background} />
      {art.art}
    </svg>
  );
}
