// The navigator shared by the news, events and spotlight listings.
import { NavLink } from './RouterLinks.tsx';
import { useWords } from '../words/useWords.ts';

export function NewsNav() {
  const words = useWords();
  return (
    <nav aria-label={words.newsAndEvents} className="news-nav">
      <ul>
        <li>
          <NavLink to="/news" end>
            {words.news}
          </NavLink>
        </li>
        <li>
          <NavLink to="/events" end>
            {words.events}
          </NavLink>
        </li>
        <li>
          <NavLink to="/spotlight" end>
            {words.spotlight}
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
