// Educators (spec §2): professional development and credentialing texts, the main button, a link
// to the winter event page, and the grid of resource links ('No Resources available.' when there are
// none, not while they load).
import { Link } from '../components/RouterLinks.tsx';
import { eventForPath, visibleEvents, WINTER_PATH } from '../../lib/events.ts';
import type { EducatorButton, EducatorTexts, MajorEvent, Resource } from '../../lib/types.ts';
import { useApi } from '../../lib/useApi.ts';
import { usePageTitle } from '../../lib/usePageTitle.ts';
import { plainText } from '../../../../server/schema/site/plainText.ts';
import { Markdown } from '../../markdown/MarkdownHtml.tsx';
import { Loadable } from '../components/Loadable.tsx';
import { NewTabNote, SmartLink } from '../components/SmartLink.tsx';
import { safeHref } from '../../lib/links.ts';
import { ResponsiveImage } from '../components/ResponsiveImage.tsx';
import { EditLink } from '../components/EditLink.tsx';
import { useWords } from '../words/useWords.ts';
import { langAttr, useInLanguage, useSiteLanguage } from '../language/siteLanguage.tsx';

/** The winter event page's title: its own header, else the lowest-id visible event page's (spec §2). */
function WinterLink() {
  const events = useApi<MajorEvent[]>('majorevents.php').data;
  const winter = eventForPath(events, WINTER_PATH);
  const words = useWords();
  if (!winter) return null;
  const title = winter.header || visibleEvents(events)[0]?.header || words.winterEvent;
  return (
    <p className="winter-link">
      <Link to={WINTER_PATH} className="button button-secondary">
        {title}
      </Link>
    </p>
  );
}

/** proDevBelow goes on with proDevAbove's section: its headings sit one level below, if it has one. */
const continuesSection = (above: string) => /^ {0,3}#{1,6}\s|<h[1-6][\s>]/im.test(above);

function ResourceGrid({ resources }: { resources: readonly Resource[] }) {
  const words = useWords();
  const lang = useSiteLanguage();
  const inLanguage = useInLanguage();
  if (!resources.length) return <p>{words.noResources}</p>;
  return (
    <ul className="resource-grid">
      {resources.map((r) => (
        <li key={r.id} className="resource-card" {...langAttr(r, lang)}>
          <a href={inLanguage(safeHref(r.url_link) ?? '')} target="_blank" rel="noopener noreferrer">
            {r.logo ? (
              <ResponsiveImage src={r.logo} alt="" className="resource-logo" loading="lazy" sizes="140px" />
            ) : (
              <span className="resource-logo resource-logo-empty" aria-hidden="true" />
            )}
            <span className="resource-name">{r.resource_name}</span>
            <NewTabNote />
          </a>
          <EditLink entity="resources" id={r.id} what={`resource “${r.resource_name}”`} />
        </li>
      ))}
    </ul>
  );
}

export function EducatorsPage() {
  const texts = useApi<EducatorTexts>('resources_text.php');
  const words = useWords();
  const lang = useSiteLanguage();
  usePageTitle(words.educatorsTitle, { description: plainText(texts.data?.proDevAbove) });
  const button = useApi<EducatorButton>('resources_button.php').data;
  const resources = useApi<Resource[]>('resources.php');
  return (
    <div className="container page educators-page">
      <h1>{words.educatorsTitle}</h1>
      <Loadable
        state={texts}
        what={words.what.educatorTexts}
        logMessage="Error fetching resources text"
        fallback={words.loading}
      >
        {(t) => (
          <>
            {/* The texts carry their own headings ('## Professional development', '## Credentialing'). */}
            <section className="educators-section" {...langAttr(t, lang)}>
              <EditLink entity="educatorTexts" what="professional development text" />
              <Markdown headingsFrom={2}>{t.proDevAbove}</Markdown>
              {button?.text && (
                <p>
                  <SmartLink href={button.link} className="button">
                    {button.text}
                  </SmartLink>
                  <EditLink entity="educatorButton" what="educators page button" />
                </p>
              )}
              <Markdown headingsFrom={continuesSection(t.proDevAbove) ? 3 : 2}>{t.proDevBelow}</Markdown>
              <WinterLink />
            </section>
            <section className="educators-section" {...langAttr(t, lang)}>
              <EditLink entity="educatorTexts" what="credentialing text" />
              <Markdown headingsFrom={2}>{t.credentialing}</Markdown>
            </section>
          </>
        )}
      </Loadable>
      <section aria-labelledby="resources-heading" className="educators-section">
        <h2 id="resources-heading">{words.resources}</h2>
        <Loadable
          state={resources}
          what={words.what.resources}
          logMessage="Error fetching resources"
          fallback={words.loadingResources}
        >
          {(list) => <ResourceGrid resources={list} />}
        </Loadable>
      </section>
    </div>
  );
}
