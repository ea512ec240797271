// The public site's markdown: the sanitized HTML the server rendered with the one pipeline
// (Markdown.tsx, the same the admin previews use), so visitors' browsers download no markdown
// parser. Same props as Markdown. A click on a link to a page of this site navigates inside the app.
import { useCallback, useSyncExternalStore, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useRenderCollector } from '../shared/renderContext.ts';
import { isSitePath } from '../lib/links.ts';
import { markdownKey, type MarkdownVariant } from '../../../server/schema/site/markdownKey.ts';
import { onRendered, renderedHtml } from './renderedStore.ts';
import type { MarkdownProps } from './markdownProps.ts';

function useHtml(text: string, variant: MarkdownVariant): string | undefined {
  const ssr = useRenderCollector();
  const key = text ? markdownKey(text, variant) : '';
  const get = useCallback(() => (key ? renderedHtml(key) : undefined), [key]);
  const fromStore = useSyncExternalStore(onRendered, get, get);
  return ssr && text ? ssr.markdown(text, variant) : fromStore;
}

export function Markdown({ children, linkTarget, className, inline, headingsFrom }: MarkdownProps) {
  const navigate = useNavigate();
  const html = useHtml(children ?? '', { inline, linkTarget, headingsFrom });
  const onClick = useCallback(
    (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = (e.target as Element).closest?.('a');
      const href = a?.getAttribute('href');
      if (!a || !href || a.target || a.hasAttribute('download') || !isSitePath(href)) return;
      e.preventDefault();
      void navigate(href); // a route's own errors show on its page; nothing to wait for here
    },
    [navigate],
  );
  if (!children) return null;
  const Wrapper = inline ? 'span' : 'div';
  return (
    <Wrapper
      className={['markdown', className].filter(Boolean).join(' ')}
      onClick={linkTarget ? undefined : onClick}
      dangerouslySetInnerHTML={{ __html: html ?? '' }}
    />
  );
}

/** Texts shown only later (a dialog's), rendered with the page so their HTML is there when needed. */
export function useMarkdownAhead(texts: readonly string[], variant: MarkdownVariant): void {
  const ssr = useRenderCollector();
  if (ssr) for (const t of texts) if (t) ssr.markdown(t, variant);
}
