// A link from content: pages of this site navigate inside the app, others are ordinary links,
// optionally in a new tab without opener or referrer.
import type { ReactNode } from 'react';
import { Link } from './RouterLinks.tsx';
import { isSitePath, safeHref } from '../../lib/links.ts';
import { useWords } from '../words/useWords.ts';
import { useInLanguage } from '../language/siteLanguage.tsx';

interface SmartLinkProps {
  href: string | undefined;
  children: ReactNode;
  className?: string;
  newTab?: boolean;
}

export function NewTabNote() {
  return <span className="visually-hidden">{useWords().newTab}</span>;
}

export function SmartLink({ href, children, className, newTab }: SmartLinkProps) {
  const inLanguage = useInLanguage();
  const safe = safeHref(href);
  if (!safe) return <span className={className}>{children}</span>;
  if (isSitePath(safe) && !newTab)
    return (
      <Link to={safe} className={className}>
        {children}
      </Link>
    );
  if (newTab) {
    return (
      <a href={inLanguage(safe)} className={className} target="_blank" rel="noopener noreferrer">
        {children}
        <NewTabNote />
      </a>
    );
  }
  return (
    <a href={inLanguage(safe)} className={className}>
      {children}
    </a>
  );
}
