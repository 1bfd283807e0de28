import { POST_TEXT_MAX, type CommunityUploadData } from '../../../core/contracts/community';

/**
 * The editor's checks before anything is sent (the server checks again and has the last word):
 * the defaults of the community's settings (COMMUNITY_MAX_PICTURES, COMMUNITY_PICTURE_MAX_MB,
 * COMMUNITY_VIDEO_MAX_MB).
 */
export const EDITOR_LIMITS = { maxPictures: 9, pictureMaxMb: 10, videoMaxMb: 50 } as const;

export type MediaKind = 'image' | 'video';

export interface EditorMedia {
  /** a key of the browser's own while uploading; the stored keys after */
  id: string;
  kind: MediaKind;
  state: 'uploading' | 'done' | 'failed';
  upload: CommunityUploadData | null;
  /** the preview's failure ("preview image failed") */
  previewFailed: boolean;
}

/** A message key (with values) of the community namespace, or null when the choice may go on. */
export type EditorProblem = { key: string; values?: Record<string, string | number> } | null;

export function kindOfFile(file: { type: string; name: string }): MediaKind | null {
  if (file.type.startsWith('image/')) return 'image';
  if (file.type.startsWith('video/')) return 'video';
  if (/\.(jpe?g|png|webp|gif)$/i.test(file.name)) return 'image';
  if (/\.(mp4|webm|mov)$/i.test(file.name)) return 'video';
  return null;
}

/**
 * Whether these chosen files may join what the post has: pictures up to the limit, or one video
 * alone; each within its size. Answers the first problem.
 */
export function checkChosenFiles(chosen: readonly { type: string; name: string; size: number }[], present: readonly Pick<EditorMedia, 'kind' | 'state'>[]): EditorProblem {
  if (chosen.length === 0) return { key: 'editor.media.required' };
  const kept = present.filter((item) => item.state !== 'failed');
  const kinds = chosen.map(kindOfFile);
  if (kinds.some((kind) => kind === null)) return { key: 'editor.media.type' };
  const videos = kinds.filter((kind) => kind === 'video').length + kept.filter((item) => item.kind === 'video').length;
  const pictures = kinds.filter((kind) => kind === 'image').length + kept.filter((item) => item.kind === 'image').length;
  if (videos > 1 || (videos === 1 && pictures > 0)) return { key: 'editor.media.oneVideo' };
  if (pictures > EDITOR_LIMITS.maxPictures) return { key: 'editor.media.tooMany', values: { max: EDITOR_LIMITS.maxPictures } };
  for (const [index, file] of chosen.entries()) {
    const maxMb = kinds[index] === 'video' ? EDITOR_LIMITS.videoMaxMb : EDITOR_LIMITS.pictureMaxMb;
    if (file.size > maxMb * 1024 * 1024) return { key: 'editor.media.tooLarge', values: { max: maxMb } };
  }
  return null;
}

/** Whether the post may be sent: words or files, within the character limit, no upload under way or failed. */
export function checkPost(input: { textLength: number; media: readonly Pick<EditorMedia, 'state'>[] }): EditorProblem {
  if (input.media.some((item) => item.state === 'uploading')) return { key: 'editor.media.wait' };
  if (input.textLength > POST_TEXT_MAX) return { key: 'editor.tooLong', values: { max: POST_TEXT_MAX } };
  const files = input.media.filter((item) => item.state === 'done').length;
  if (input.textLength === 0 && files === 0) return { key: 'editor.empty' };
  return null;
}

/** The optional tag from its two fields: a type and a number ("" and "" for none). */
export function parseTag(type: string, id: string): { tag: { type: 'match' | 'team' | 'competition'; id: number } | null; problem: EditorProblem } {
  if (type === '' || id.trim() === '') return { tag: null, problem: null };
  const number = Number(id.trim());
  if ((type !== 'match' && type !== 'team' && type !== 'competition') || !/^\d{1,10}$/.test(id.trim()) || number < 1 || number > 2_147_483_647) {
    return { tag: null, problem: { key: 'editor.tag.invalid' } };
  }
  return { tag: { type, id: number }, problem: null };
}
