import { useState } from 'react';
import type { AppLoadContext } from 'react-router';
import type { BloggerProfile } from '../../../../core/contracts/bloggers';
import { useCurrentUser } from '../../../lib/app-state';
import { throwNotFound } from '../../../lib/not-found';
import { useApiData } from '../../../lib/use-api-data';
import { bloggers } from './blogger-api';

/**
 * A fan's page header as the loader reads it on the server (the community's page read): the
 * 404 page when the fan is missing to the reader; null where the load context has no such read
 * (loader tests), and the page then asks in the browser.
 */
export async function serverProfile(context: AppLoadContext, userId: number, pathname: string): Promise<BloggerProfile | null> {
  if (!context.bloggers) return null;
  const profile = await context.bloggers.profile({ id: userId, readerId: context.currentUser?.id ?? null });
  if (profile === null) throwNotFound(pathname);
  return profile;
}

/**
 * The header a page shows: the server's, else the browser's read of it, and whatever a follow or
 * block changed since (kept per fan and reader, so another fan's page starts from its own).
 */
export function useBloggerProfile(userId: number, initial: BloggerProfile | null) {
  const reader = useCurrentUser();
  const key = `${userId}:${reader?.id ?? ''}`;
  const fetched = useApiData(`blogger:${key}:${initial ? 'server' : 'browser'}`, () => (initial ? Promise.resolve(initial) : bloggers('bloggerProfile', { params: { id: userId } })));
  const [changed, setChanged] = useState<{ key: string; profile: BloggerProfile } | null>(null);
  const server = initial !== null && initial.id === userId ? initial : null;
  const data = changed !== null && changed.key === key ? changed.profile : (server ?? fetched.data);
  return {
    data,
    error: server ? null : fetched.error,
    reload: fetched.reload,
    set: (profile: BloggerProfile) => setChanged({ key, profile }),
  };
}
