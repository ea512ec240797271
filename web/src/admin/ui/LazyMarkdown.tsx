// The site's markdown renderer for admin previews, fetched when a preview is first drawn. The
// renderer and its parser (react-markdown, micromark, parse5 for raw HTML, the sanitizer: about
// 450 kB of script) are needed only while an item is open; the lists load without them.
import { lazy, Suspense } from 'react';
import type { MarkdownProps } from '../../markdown/markdownProps.ts';
import { workingDraftId } from '../drafts/workingDraft.ts';
import { withDraftMedia } from './draftMedia.ts';

const load = () => import('../../markdown/Markdown.tsx');
const Renderer = lazy(load);

/** Starts fetching the renderer ahead of the first preview (e.g. when an item is being opened). */
export const preloadMarkdown = (): void => {
  void load();
};

export function Markdown({ children, ...props }: MarkdownProps) {
  // In a draft, its own pictures are shown from its preview (the live site does not have them).
  const text = typeof children === 'string' ? withDraftMedia(children, workingDraftId()) : children;
  return (
    <Suspense fallback={<p className="admin-muted">Loading the preview…</p>}>
      <Renderer {...props}>{text}</Renderer>
    </Suspense>
  );
}
