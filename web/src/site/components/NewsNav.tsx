// The navigator shared by the news, events and spotlight listings.
import { NavLink } from './RouterLinks.tsx';

export function NewsNav() {
  return (
    <nav aria-label="News and events" className="news-nav">
      <ul>
        <li>
          <NavLink to="/news" end>
            News
          </NavLink>
        </li>
        <li>
          <NavLink to="/events" end>
            Events
          </NavLink>
        </li>
        <li>
          <NavLink to="/spotlight" end>
            Spotlight
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
