// Beside a page's form: the page as staff build it, section by section, as they type (texts through
// the site's own markdown renderer), and, once the page is saved in a draft, the real page as the
// public site draws it (the draft's preview, /preview/<draft>/<address>, which reloads by itself
// after each save). The admin cannot draw the public site's components itself (they are the site's,
// layers apart), so the first is a sketch and the second the page itself.
import type { ListItemValue } from '../api.ts';
import { plainOf, textOf, type FormValues } from '../entityApi.ts';
import type { AdminItem } from '../api.ts';
import { Markdown } from '../ui/LazyMarkdown.tsx';
import { workingDraftId } from '../drafts/workingDraft.ts';
import { mediaSrc } from '../form/LibraryMediaInput.tsx';
import { listOf } from '../form/listValues.ts';

const items = (v: unknown): ListItemValue[] =>
  Array.isArray(v) ? (v.filter((x) => x && typeof x === 'object') as ListItemValue[]) : [];

const LIST_WORDS: Record<string, string> = {
  news: 'news items',
  events: 'upcoming events',
  papers: 'newest papers',
};

function Heading({ s }: { s: ListItemValue }) {
  const h = textOf(s.heading);
  return h ? <h3>{h}</h3> : null;
}

function Section({ s, names }: { s: ListItemValue; names: Map<string, string> }) {
  switch (s.type) {
    case 'text':
      return <Markdown>{textOf(s.body)}</Markdown>;
    case 'image':
      return (
        <figure className="admin-page-figure">
          {textOf(s.image) ? (
            <img src={mediaSrc(textOf(s.image))} alt={textOf(s.alt)} />
          ) : (
            <p className="admin-muted">(No picture chosen yet.)</p>
          )}
          {textOf(s.caption) && <figcaption>{textOf(s.caption)}</figcaption>}
        </figure>
      );
    case 'buttons':
      return (
        <p className="admin-page-buttons">
          {items(s.items).map((b, i) => (
            <span key={i} className="admin-page-button">
              {textOf(b.label) || 'Button'}
            </span>
          ))}
        </p>
      );
    case 'cards':
      return (
        <>
          <Heading s={s} />
          <ul className="admin-page-cards">
            {items(s.items).map((c, i) => (
              <li key={i}>
                {textOf(c.image) && <img src={mediaSrc(textOf(c.image))} alt="" />}
                <strong>{textOf(c.title) || 'Card'}</strong>
                {textOf(c.body) && <Markdown>{textOf(c.body)}</Markdown>}
              </li>
            ))}
          </ul>
        </>
      );
    case 'list':
      return (
        <>
          <Heading s={s} />
          <p className="admin-muted">
            The site shows its {plainOf(s.count ?? 3)} {LIST_WORDS[textOf(s.source)] ?? 'latest items'} here,
            kept up to date.
          </p>
        </>
      );
    case 'people':
      return (
        <>
          <Heading s={s} />
          <ul>
            {listOf(s.profiles).map((id, i) => (
              <li key={i}>{names.get(plainOf(id)) ?? 'A person not chosen yet'}</li>
            ))}
          </ul>
        </>
      );
    case 'faq':
      return (
        <>
          <Heading s={s} />
          {items(s.items).map((q, i) => (
            <details key={i}>
              <summary>{textOf(q.question) || 'Question'}</summary>
              <Markdown>{textOf(q.answer)}</Markdown>
            </details>
          ))}
        </>
      );
    case 'video':
      return (
        <p className="admin-page-video">
          ▶ {textOf(s.title) || 'Video'}{' '}
          <span className="admin-muted">(plays on the page when a visitor chooses it)</span>
        </p>
      );
    default:
      return null;
  }
}

export function PagePreview({
  values,
  item,
  names = new Map(),
}: {
  values: FormValues;
  item?: AdminItem;
  names?: Map<string, string>;
}) {
  const draft = workingDraftId();
  const saved = textOf(item?.path);
  return (
    <div className="admin-page-preview">
      <p className="admin-muted">As you type: a sketch of the page, section by section.</p>
      <div className="admin-page-sketch">
        <h2>{textOf(values.title) || 'Title'}</h2>
        {textOf(values.summary) && <p className="admin-page-summary">{textOf(values.summary)}</p>}
        {items(values.sections).map((s, i) => (
          <section key={i} aria-label={`Section ${i + 1}`}>
            <Section s={s} names={names} />
          </section>
        ))}
        {items(values.sections).length === 0 && <p className="admin-muted">No sections yet.</p>}
      </div>
      {saved && draft && (
        <>
          <p>
            <a href={`/preview/${draft}${saved}`} target="_blank" rel="noreferrer">
              Open the page as saved in this draft
            </a>{' '}
            (in a new tab)
          </p>
          <iframe
            className="admin-page-frame"
            title="The page as saved in this draft"
            src={`/preview/${draft}${saved}`}
            loading="lazy"
          />
        </>
      )}
      {saved && !draft && (
        <p>
          <a href={saved} target="_blank" rel="noreferrer">
            Open the page on the site
          </a>{' '}
          (as last saved, in a new tab)
        </p>
      )}
    </div>
  );
}
