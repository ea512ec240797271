// The site's languages in the header (issue 36), each in its own name, linking to this same page in
// that language (/news ↔ /es/news, the query kept). Plain links: the whole page loads again, as its
// <html lang> and every read change. No switcher while the site is in English alone.
import { useLocation } from 'react-router-dom';
import { languagePath, type SiteLanguage } from '../../../../server/schema/site/languages.ts';
import { useApi } from '../../lib/useApi.ts';
import { useSiteLanguage } from '../language/siteLanguage.tsx';
import { useWords } from '../words/useWords.ts';

export function LanguageSwitcher() {
  const listed = useApi<{ languages?: SiteLanguage[] }>('languages').data?.languages ?? [];
  const current = useSiteLanguage();
  const words = useWords();
  // The address inside the router's base: the page's own path without its language folder.
  const { pathname, search, hash } = useLocation();
  if (listed.length < 2) return null;
  return (
    <nav className="language-switcher" aria-label={words.languages}>
      <ul>
        {listed.map((l) => (
          <li key={l.code}>
            <a
              href={`${languagePath(l.code, pathname)}${search}${hash}`}
              lang={l.code}
              hrefLang={l.code}
              aria-current={l.code === current ? 'true' : undefined}
            >
              {l.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
