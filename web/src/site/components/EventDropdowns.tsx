// The summer page's expandable details (spec §2, §4): each toggles open and closed by its id and
// shows its own icon, or one of the five built-in icons chosen by id.
import { useState } from 'react';
import type { EventDropdown } from '../../lib/types.ts';
import { Markdown } from '../../markdown/MarkdownHtml.tsx';
import { EditLink } from './EditLink.tsx';
import { langAttr, useSiteLanguage } from '../language/siteLanguage.tsx';

/** Built-in icon for ids 1 to 5 (spec §9); later ids reuse them in turn. */
export function builtInIcon(id: string): string {
  const n = Number.parseInt(id, 10);
  const slot = Number.isFinite(n) && n > 0 ? ((n - 1) % 5) + 1 : 1;
  return `/icons/dropdown-${slot}.svg`;
}

export function EventDropdowns({ items }: { items: readonly EventDropdown[] }) {
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const lang = useSiteLanguage();
  if (!items.length) return null;
  return (
    <ul className="dropdowns">
      {items.map((d) => {
        const isOpen = !!open[d.id];
        const panelId = `dropdown-panel-${d.id}`;
        return (
          <li key={d.id} className={`dropdown${isOpen ? ' is-open' : ''}`} {...langAttr(d, lang)}>
            <h3 className="dropdown-heading">
              <button
                type="button"
                className="dropdown-toggle"
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => setOpen((o) => ({ ...o, [d.id]: !o[d.id] }))}
              >
                <img
                  src={d.image_icon || builtInIcon(d.id)}
                  alt=""
                  className="dropdown-icon"
                  width="40"
                  height="40"
                />
                <span className="dropdown-title">{d.title}</span>
                <span className="dropdown-chevron" aria-hidden="true" />
              </button>
            </h3>
            {/* Beside the toggle, not in it: shown whether the details are open or closed. */}
            <EditLink entity="eventDropdowns" id={d.id} what={`event detail “${d.title}”`} />
            <div id={panelId} className="dropdown-panel" hidden={!isOpen}>
              <Markdown headingsFrom={4}>{d.content}</Markdown>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
