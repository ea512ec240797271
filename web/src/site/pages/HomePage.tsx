// Home (spec §2): the banner block, section 1 (text and statistics), section 2 (quote) and
// section 3 (rich text whose links open in a new tab without opener or referrer).
import type { HomePage as Home } from '../../lib/types.ts';
import { useApi } from '../../lib/useApi.ts';
import { usePageTitle } from '../../lib/usePageTitle.ts';
import { plainText } from '../../../../server/schema/site/plainText.ts';
import { Markdown } from '../../markdown/MarkdownHtml.tsx';
import { Loadable } from '../components/Loadable.tsx';
import { EditLink } from '../components/EditLink.tsx';
import { useWords } from '../words/useWords.ts';
import { langAttr, useSiteLanguage } from '../language/siteLanguage.tsx';

function Statistics({ home }: { home: Home }) {
  const contextLevel = home.heading2 ? 5 : 4;
  return (
    <aside className="stats" aria-labelledby="stats-heading">
      <h3 id="stats-heading" className="stats-heading">
        <Markdown inline>{home.heading1}</Markdown>
      </h3>
      <Markdown className="stats-subheading" headingsFrom={4}>
        {home.content1}
      </Markdown>
      {home.heading2 && (
        <h4 className="stats-heading2">
          <Markdown inline>{home.heading2}</Markdown>
        </h4>
      )}
      <div className="stats-numbers">
        <div className="stat">
          <p className="stat-number">
            <Markdown inline>{home.largeNumber1}</Markdown>
          </p>
          <Markdown className="stat-context" headingsFrom={contextLevel}>
            {home.largeNumber1context}
          </Markdown>
        </div>
        <div className="stat">
          <p className="stat-number">
            <Markdown inline>{home.largeNumber2}</Markdown>
          </p>
          <Markdown className="stat-context" headingsFrom={contextLevel}>
            {home.largeNumber2context}
          </Markdown>
        </div>
      </div>
      {home.asteriskText && (
        <p className="stats-footnote">
          {!home.asteriskText.trimStart().startsWith('*') && <span aria-hidden="true">* </span>}
          <Markdown inline>{home.asteriskText}</Markdown>
        </p>
      )}
    </aside>
  );
}

function HomeContent({ home }: { home: Home }) {
  const words = useWords();
  // Each section, not a wrapper: the sections stay the page's own blocks.
  const itemLang = langAttr(home, useSiteLanguage());
  return (
    <>
      <section className="hero" aria-labelledby="hero-heading" {...itemLang}>
        <div className="hero-inner">
          <h1 id="hero-heading" className="hero-heading">
            <Markdown inline>{home.banner_text}</Markdown>
          </h1>
          {home.banner_image_alt && <span className="visually-hidden">{home.banner_image_alt}</span>}
        </div>
      </section>
      <section className="home-section home-section-1 container" aria-labelledby="home-heading" {...itemLang}>
        <div className="home-intro">
          <h2 id="home-heading">
            <Markdown inline>{home.heading}</Markdown>
          </h2>
          <EditLink entity="homePage" what="home page" />
          <Markdown headingsFrom={3}>{home.content}</Markdown>
        </div>
        <Statistics home={home} />
      </section>
      {home.quote && (
        <section className="home-section home-quote" aria-label={words.quote} {...itemLang}>
          <figure className="container">
            <blockquote>
              <Markdown headingsFrom={2}>{home.quote}</Markdown>
            </blockquote>
            {home.quoteAttribution && <figcaption>— {home.quoteAttribution}</figcaption>}
          </figure>
        </section>
      )}
      {home.doe && (
        <section
          className="home-section home-section-3 container"
          aria-label={words.moreInformation}
          {...itemLang}
        >
          <Markdown linkTarget="_blank" className="home-doe" headingsFrom={2}>
            {home.doe}
          </Markdown>
        </section>
      )}
    </>
  );
}

export function HomePage() {
  const state = useApi<Home>('homepage.php');
  const words = useWords();
  usePageTitle(undefined, { description: plainText(state.data?.content) });
  return (
    <Loadable
      state={state}
      what={words.what.homePage}
      logMessage="Error fetching Home Page data"
      fallback={
        <div className="container">
          <p className="loading" role="status">
            {words.loading}
          </p>
        </div>
      }
    >
      {(home) => <HomeContent home={home} />}
    </Loadable>
  );
}
