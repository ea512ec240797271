// The one markdown renderer of the site and of the admin previews. Raw HTML is parsed (rehype-raw)
// and then sanitized by rehype-sanitize as the LAST plugin, so nothing added after can reintroduce
// what the schema removed. react-markdown's own URL filter keeps the same link protocols.
import type { AnchorHTMLAttributes } from 'react';
import ReactMarkdown, { defaultUrlTransform, type Components, type Options } from 'react-markdown';
import { Link, useInRouterContext } from 'react-router-dom';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize from 'rehype-sanitize';
import { isSitePath } from '../lib/links.ts';
import { sanitizeSchema } from './sanitizeSchema.ts';

/** The plugin chain: sanitize must stay last. Exported so admin previews use exactly the same. */
export const rehypePlugins: NonNullable<Options['rehypePlugins']> = [rehypeRaw, [rehypeSanitize, sanitizeSchema]];

export const markdownOptions = {
  rehypePlugins,
  urlTransform: defaultUrlTransform,
  skipHtml: false,
} satisfies Partial<Options>;

export interface MarkdownProps {
  /** The markdown text (may contain raw HTML); empty or missing renders nothing. */
  children: string | null | undefined;
  /** '_blank': every link opens in a new tab without opener or referrer (home section 3). */
  linkTarget?: '_blank';
  className?: string;
  /** Render inline (a <span>) where the text sits inside a heading or a sentence. */
  inline?: boolean;
}

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
    return <Link to={href} {...rest}>{children}</Link>;
  }
  return <a href={href} {...rest}>{children}</a>;
}

const newTabComponents: Components = { a: NewTabLink };
const siteComponents: Components = { a: SiteLink };
// Inline rendering: blocks become spans so the text can sit inside a heading or a sentence.
const asSpan = ({ node: _n, ...rest }: { node?: unknown } & Record<string, unknown>) => <span {...rest} />;
const inlineComponents: Components = Object.fromEntries(
  ['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((tag) => [tag, asSpan]),
);

export function Markdown({ children, linkTarget, className, inline }: MarkdownProps) {
  if (!children) return null;
  const components: Components = {
    ...(linkTarget === '_blank' ? newTabComponents : siteComponents),
    ...(inline ? inlineComponents : {}),
  };
  const Wrapper = inline ? 'span' : 'div';
  return (
    <Wrapper className={['markdown', className].filter(Boolean).join(' ')}>
      <ReactMarkdown {...markdownOptions} components={components}>
        {children}
      </ReactMarkdown>
    </Wrapper>
  );
}

export default Markdown;
