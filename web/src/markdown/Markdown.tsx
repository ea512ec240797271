// The one markdown renderer of the site and of the admin previews: CommonMark with GitHub's
// extensions (remark-gfm: tables, strikethrough, task lists, autolinks, footnotes). Raw HTML is parsed
// (rehype-raw) and then sanitized by rehype-sanitize as the LAST plugin, so nothing added after can
// reintroduce what the schema removed. react-markdown's own URL filter keeps the same link protocols,
// and links without one must stay on this site. What this changes of the CommonMark and GFM specs on
// purpose is listed in docs/markdown.md (and checked by markdownSpec.test.ts).
import { Component, createElement, type AnchorHTMLAttributes, type ReactNode } from 'react';
import ReactMarkdown, { defaultUrlTransform, type Components, type Options } from 'react-markdown';
import { Link, useInRouterContext } from 'react-router-dom';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import { isSitePath } from '../lib/links.ts';
import { staysOnSite } from '../../../server/schema/links.ts';
import { rehypeCodeBlockNewline } from './codeBlockNewline.ts';
import { rehypeDecorativeImages } from './decorativeImages.ts';
import { rehypeHeadingLevels } from './headingLevels.ts';
import type { HeadingLevel } from '../../../server/schema/site/markdownKey.ts';
import type { MarkdownProps } from './markdownProps.ts';
import { sanitizeSchema } from './sanitizeSchema.ts';
import { rehypeTagFilter } from './tagFilter.ts';
import { rehypeReadOnlyCheckboxes } from './taskLists.ts';
import { rehypeReadableColours } from './textColours.ts';
import { rehypeTextIds, textScope } from './textIds.ts';

type Plugins = NonNullable<Options['rehypePlugins']>;

export const remarkPlugins: NonNullable<Options['remarkPlugins']> = [remarkGfm];

/**
 * Footnote ids come out bare (`fn-1`): textIds.ts scopes them to their text, and the sanitizer
 * prefixes them, as it does every id.
 */
export const remarkRehypeOptions = { clobberPrefix: '' } satisfies Options['remarkRehypeOptions'];

/**
 * The plugin chain of one text: sanitize must stay last. `from` renumbers the text's headings
 * (headingLevels.ts); `scope` is the text's own part of its ids (textIds.ts).
 */
export function rehypePluginsFor(scope: string, from?: HeadingLevel): Plugins {
  return [
    rehypeCodeBlockNewline,
    rehypeTagFilter,
    rehypeRaw,
    rehypeReadableColours,
    rehypeReadOnlyCheckboxes,
    rehypeDecorativeImages,
    [rehypeTextIds, { scope }],
    ...(from ? ([[rehypeHeadingLevels, { from }]] as Plugins) : []),
    [rehypeSanitize, sanitizeSchema],
  ];
}

/**
 * react-markdown's protocol filter, plus the site's link rule for links without a scheme: they must
 * resolve to this site (raw HTML can hold '/<tab>/host' or '\\host', which browsers read as another site).
 */
export function siteUrlTransform(url: string): string | undefined {
  const out = defaultUrlTransform(url);
  const hasScheme = /^[^/?#]*:/.test(out);
  // No attribute rather than an empty one: src="" would make the browser fetch the page again.
  return !out || (!hasScheme && !staysOnSite(out.trim())) ? undefined : out;
}

export const markdownOptions = {
  remarkPlugins,
  remarkRehypeOptions,
  urlTransform: siteUrlTransform,
  skipHtml: false,
} satisfies Partial<Options>;

export type { MarkdownProps };

type AnchorProps = AnchorHTMLAttributes<HTMLAnchorElement> & { node?: unknown };

function NewTabLink({ node: _node, children, ...rest }: AnchorProps) {
  return (
    <a {...rest} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/** Same-site links (`/events`) navigate inside the app when a router is around. */
function SiteLink({ node: _node, href, children, ...rest }: AnchorProps) {
  const inRouter = useInRouterContext();
  if (inRouter && href && isSitePath(href)) {
    return (
      <Link to={href} {...rest}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} {...rest}>
      {children}
    </a>
  );
}

// Void elements never get children. Raw HTML can give them some: an unclosed <svg> makes a later
// <input> an SVG element with content, which the sanitizer keeps as 'input' and React refuses.
const VOID_TAGS = ['br', 'hr', 'img', 'input', 'source', 'wbr'] as const;
const voidComponents: Components = Object.fromEntries(
  VOID_TAGS.map((tag) => [
    tag,
    ({ node: _n, children: _c, ...rest }: { node?: unknown; children?: unknown } & Record<string, unknown>) =>
      createElement(tag, rest),
  ]),
);

const newTabComponents: Components = { ...voidComponents, a: NewTabLink };
const siteComponents: Components = { ...voidComponents, a: SiteLink };
// Inline rendering: blocks become spans so the text can sit inside a heading or a sentence.
const asSpan = ({ node: _n, ...rest }: { node?: unknown } & Record<string, unknown>) => <span {...rest} />;
const inlineComponents: Components = Object.fromEntries(
  ['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((tag) => [tag, asSpan]),
);

/** Text that cannot be rendered as markdown is shown as plain text rather than taking the page down. */
class PlainTextOnError extends Component<{ text: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidUpdate(prev: { text: string }) {
    if (prev.text !== this.props.text && this.state.failed) this.setState({ failed: false });
  }
  override render() {
    return this.state.failed ? <p className="markdown-plain">{this.props.text}</p> : this.props.children;
  }
}

/** The rendered text alone, without the wrapper: what the server turns into HTML (renderHtml.ts). */
export function MarkdownContent({
  children,
  linkTarget,
  inline,
  headingsFrom,
}: Omit<MarkdownProps, 'className'>) {
  if (!children) return null;
  const components: Components = {
    ...(linkTarget === '_blank' ? newTabComponents : siteComponents),
    ...(inline ? inlineComponents : {}),
  };
  return (
    <PlainTextOnError text={children}>
      <ReactMarkdown
        {...markdownOptions}
        rehypePlugins={rehypePluginsFor(textScope(children), headingsFrom)}
        components={components}
      >
        {children}
      </ReactMarkdown>
    </PlainTextOnError>
  );
}

export function Markdown({ className, inline, ...rest }: MarkdownProps) {
  if (!rest.children) return null;
  const Wrapper = inline ? 'span' : 'div';
  return (
    <Wrapper className={['markdown', className].filter(Boolean).join(' ')}>
      <MarkdownContent inline={inline} {...rest} />
    </Wrapper>
  );
}

export default Markdown;
