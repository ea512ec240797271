// The props of the markdown components: the full renderer (Markdown.tsx, admin previews and the
// server) and the public site's server-rendered HTML (MarkdownHtml.tsx).
import type { HeadingLevel } from '../../../server/schema/site/markdownKey.ts';

export interface MarkdownProps {
  /** The markdown text (may contain raw HTML); empty or missing renders nothing. */
  children: string | null | undefined;
  /** '_blank': every link opens in a new tab without opener or referrer (home section 3). */
  linkTarget?: '_blank';
  className?: string;
  /** Render inline (a <span>) where the text sits inside a heading or a sentence. */
  inline?: boolean;
  /** The level the text's own headings start at: one below the heading it is shown under. */
  headingsFrom?: HeadingLevel;
}
