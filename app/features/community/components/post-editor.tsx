import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { POST_TEXT_MAX, type CommunityPost, type CommunityUploadData } from '../../../../core/contracts/community';
import type { Sport } from '../../../../core/contracts/matches';
import { FormAlert, inputClass, primaryButtonClass, secondaryButtonClass } from '../../../components/ui/field';
import { apiErrorDetails } from '../../../lib/account-api';
import { useLocalizedPath } from '../../../lib/locale';
import { communityApi } from '../community-api';
import { communityPaths, fileUrl } from '../community-paths';
import { checkChosenFiles, checkPost, kindOfFile, parseTag, type EditorMedia, type EditorProblem } from '../editor-form';
import { richTextClass } from './rich-text';

/** Only what the server keeps (server/modules/community/rich-text.ts): paragraphs, bold, italic, lists, quotes, links. */
const extensions = [
  StarterKit.configure({
    heading: false,
    code: false,
    codeBlock: false,
    strike: false,
    underline: false,
    horizontalRule: false,
    link: { openOnClick: false, autolink: true, protocols: ['http', 'https'], defaultProtocol: 'https', HTMLAttributes: { rel: 'nofollow ugc noopener', target: null } },
  }),
];

/** A chain link, drawn (an emoji may have no font on the reader's device). */
const LINK_ICON = (
  <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className="inline-block align-[-3px]">
    <path d="M10 13a5 5 0 0 0 7.07 0l3-3a5 5 0 0 0-7.07-7.07l-1.5 1.5" />
    <path d="M14 11a5 5 0 0 0-7.07 0l-3 3a5 5 0 0 0 7.07 7.07l1.5-1.5" />
  </svg>
);

const toolClass = 'min-w-9 rounded px-2 py-1 text-sm font-semibold hover:bg-surface-muted aria-pressed:bg-accent aria-pressed:text-accent-contrast';

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation('community');
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
    }),
  });
  function link() {
    if (active.link) return void editor.chain().focus().extendMarkRange('link').unsetLink().run();
    const address = window.prompt(t('editor.tools.linkPrompt'), 'https://');
    if (address === null || address.trim() === '' || address.trim() === 'https://') return;
    const href = /^https?:\/\//i.test(address.trim()) ? address.trim() : `https://${address.trim()}`;
    editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
  }
  const tools = [
    { name: 'bold', label: 'B', run: () => editor.chain().focus().toggleBold().run(), className: 'font-bold' },
    { name: 'italic', label: 'I', run: () => editor.chain().focus().toggleItalic().run(), className: 'italic' },
    { name: 'bulletList', label: '•', run: () => editor.chain().focus().toggleBulletList().run(), className: '' },
    { name: 'orderedList', label: '1.', run: () => editor.chain().focus().toggleOrderedList().run(), className: '' },
    { name: 'blockquote', label: '❝', run: () => editor.chain().focus().toggleBlockquote().run(), className: '' },
    { name: 'link', label: LINK_ICON, run: link, className: '' },
  ] as const;
  return (
    <div role="toolbar" aria-label={t('editor.tools.label')} className="flex flex-wrap gap-1 border-b border-line px-2 py-1.5">
      {tools.map((tool) => (
        <button key={tool.name} type="button" className={`${toolClass} ${tool.className}`} aria-pressed={active[tool.name]} title={t(`editor.tools.${tool.name}`)} aria-label={t(`editor.tools.${tool.name}`)} onClick={tool.run}>
          <span aria-hidden="true">{tool.label}</span>
        </button>
      ))}
    </div>
  );
}

/** One chosen file: its preview (a picture, or a video's poster), its state and the way to take it out. */
function MediaTile({ item, onRemove, onPreviewFailed }: { item: EditorMedia; onRemove: () => void; onPreviewFailed: () => void }) {
  const { t } = useTranslation('community');
  return (
    <li className="relative aspect-square overflow-hidden rounded-md border border-line bg-surface-muted" data-testid="editor-media" data-state={item.state}>
      {item.upload && !item.previewFailed ? (
        <img src={fileUrl(item.upload.preview_key)} alt={t('editor.media.previewAlt')} className="h-full w-full object-cover" onError={onPreviewFailed} />
      ) : (
        <span className="grid h-full place-items-center p-1 text-center text-xs text-muted">
          {item.state === 'uploading' ? t('editor.media.uploading') : item.state === 'failed' ? t('editor.media.failed') : t('editor.media.previewFailed')}
        </span>
      )}
      {item.kind === 'video' && item.state === 'done' ? <span className="absolute start-1 bottom-1 rounded bg-black/70 px-1 text-xs text-white">{t('post.video')}</span> : null}
      {item.state !== 'uploading' ? (
        <button type="button" onClick={onRemove} className="absolute end-1 top-1 grid size-6 place-items-center rounded-full bg-black/70 text-sm text-white" aria-label={t('editor.media.remove')}>
          ×
        </button>
      ) : null}
    </li>
  );
}

/**
 * The post editor (postInfo): rich text with the allowed formatting, a sport, an optional tag, and
 * pictures or one video uploaded one request per file. `editing` is a post of the reader's own,
 * still in its edit window: its words and tag change, its files stay.
 */
export default function PostEditor({ editing }: { editing: CommunityPost | null }) {
  const { t } = useTranslation('community');
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const fileInput = useRef<HTMLInputElement>(null);
  const [sport, setSport] = useState<Sport>(editing?.sport ?? 'football');
  const [tagType, setTagType] = useState<string>(editing?.tag?.type ?? '');
  const [tagId, setTagId] = useState<string>(editing?.tag ? String(editing.tag.id) : '');
  const [media, setMedia] = useState<EditorMedia[]>([]);
  const [problem, setProblem] = useState<EditorProblem>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [textLength, setTextLength] = useState(0);

  const editor = useEditor({
    extensions,
    content: editing?.body_html ?? '',
    immediatelyRender: false,
    editorProps: { attributes: { class: `min-h-40 px-3 py-2 outline-none ${richTextClass}`, 'aria-label': t('editor.bodyLabel'), 'data-testid': 'editor-body' } },
    onCreate: ({ editor: e }) => setTextLength(e.getText().trim().length),
    onUpdate: ({ editor: e }) => setTextLength(e.getText().trim().length),
  });

  function upload(files: File[]) {
    const check = checkChosenFiles(files, media);
    setProblem(check);
    if (check) return;
    for (const file of files) {
      const id = `local-${Math.random().toString(36).slice(2)}`;
      const kind = kindOfFile(file) ?? 'image';
      setMedia((list) => [...list, { id, kind, state: 'uploading', upload: null, previewFailed: false }]);
      communityApi.upload(file).then(
        (stored: CommunityUploadData) => setMedia((list) => list.map((item) => (item.id === id ? { ...item, kind: stored.kind, state: 'done', upload: stored } : item))),
        (error: unknown) => {
          setMedia((list) => list.map((item) => (item.id === id ? { ...item, state: 'failed' } : item)));
          setServerError(apiErrorDetails(error).message ?? t('editor.media.failedMessage'));
        },
      );
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setServerError(null);
    if (!editor) return;
    const check = checkPost({ textLength, media: editing ? [{ state: 'done' }] : media });
    const tag = parseTag(tagType, tagId);
    setProblem(check ?? tag.problem);
    if (check || tag.problem) return;
    const body = textLength === 0 ? '' : editor.getHTML();
    setSending(true);
    try {
      const post = editing
        ? await communityApi.edit(editing.id, { body, tag: tag.tag })
        : await communityApi.create({ sport, body, tag: tag.tag, files: media.filter((m) => m.state === 'done' && m.upload).map((m) => ({ keys: m.upload?.keys ?? [] })) });
      void navigate(localize(communityPaths.post(post.id)));
    } catch (error) {
      setServerError(apiErrorDetails(error).message ?? t('editor.failed'));
      setSending(false);
    }
  }

  const over = textLength > POST_TEXT_MAX;
  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-4 px-4 py-4" data-testid="post-editor" noValidate>
      {editing ? null : (
        <fieldset className="flex flex-wrap items-center gap-3">
          <legend className="sr-only">{t('editor.sport')}</legend>
          <span className="text-sm font-semibold" aria-hidden="true">
            {t('editor.sport')}
          </span>
          {(['football', 'basketball'] as const).map((value) => (
            <label key={value} className="flex items-center gap-1.5 text-sm">
              <input type="radio" name="sport" value={value} checked={sport === value} onChange={() => setSport(value)} />
              {t(`feed.sport.${value}`)}
            </label>
          ))}
        </fieldset>
      )}
      <div className="rounded-md border border-line focus-within:border-accent">
        {editor ? <Toolbar editor={editor} /> : null}
        <EditorContent editor={editor} />
      </div>
      <p className={`-mt-3 text-end text-xs tabular-nums ${over ? 'font-semibold text-accent' : 'text-muted'}`} data-testid="editor-count" aria-live="polite">
        {over ? t('editor.tooLong', { max: POST_TEXT_MAX }) : t('editor.count', { count: textLength, max: POST_TEXT_MAX })}
      </p>
      {editing ? (
        <p className="text-sm text-muted">{t('editor.filesStay')}</p>
      ) : (
        <div className="grid gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <button type="button" className={secondaryButtonClass} onClick={() => fileInput.current?.click()} data-testid="editor-add-media">
              {t('editor.media.add')}
            </button>
            <span className="text-xs text-muted">{t('editor.media.hint', { max: 9, pictureMb: 10, videoMb: 50 })}</span>
            <input
              ref={fileInput}
              type="file"
              multiple
              accept="image/jpeg,image/png,image/webp,image/gif,video/mp4,video/webm,video/quicktime"
              className="sr-only"
              tabIndex={-1}
              aria-label={t('editor.media.add')}
              data-testid="editor-file"
              onChange={(event) => {
                const files = Array.from(event.target.files ?? []);
                event.target.value = '';
                upload(files);
              }}
            />
          </div>
          {media.length > 0 ? (
            <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5">
              {media.map((item) => (
                <MediaTile
                  key={item.id}
                  item={item}
                  onRemove={() => setMedia((list) => list.filter((m) => m.id !== item.id))}
                  onPreviewFailed={() => setMedia((list) => list.map((m) => (m.id === item.id ? { ...m, previewFailed: true } : m)))}
                />
              ))}
            </ul>
          ) : null}
        </div>
      )}
      <fieldset className="grid gap-2 sm:grid-cols-[auto_1fr] sm:items-center">
        <legend className="mb-1 text-sm font-semibold">{t('editor.tag.label')}</legend>
        <select value={tagType} onChange={(event) => setTagType(event.target.value)} className={inputClass} aria-label={t('editor.tag.type')}>
          <option value="">{t('editor.tag.none')}</option>
          <option value="match">{t('editor.tag.match')}</option>
          <option value="team">{t('editor.tag.team')}</option>
          <option value="competition">{t('editor.tag.competition')}</option>
        </select>
        {tagType !== '' ? <input value={tagId} onChange={(event) => setTagId(event.target.value)} inputMode="numeric" className={inputClass} aria-label={t('editor.tag.id')} placeholder={t('editor.tag.id')} /> : null}
      </fieldset>
      {problem ? <FormAlert>{t(problem.key, problem.values)}</FormAlert> : null}
      {serverError ? <FormAlert>{serverError}</FormAlert> : null}
      <div className="flex flex-wrap items-center justify-end gap-2">
        <p className="me-auto text-xs text-muted">{t('editor.reviewHint')}</p>
        <button type="submit" className={primaryButtonClass} disabled={sending || !editor} data-testid="editor-submit">
          {editing ? t('editor.save') : t('editor.publish')}
        </button>
      </div>
    </form>
  );
}
