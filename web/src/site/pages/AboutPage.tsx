// About (spec §2): teacher spotlights, mission and values, staff, and the website developers.
// The spec's 'Loading Spotlights.' and 'Loading Profiles' show while loading, never for an empty list.
import type { AboutText, Profile, SpotlightSlide } from '../../lib/types.ts';
import { useApi } from '../../lib/useApi.ts';
import { usePageTitle } from '../../lib/usePageTitle.ts';
import { plainText } from '../../../../server/schema/site/plainText.ts';
import { Markdown } from '../../markdown/MarkdownHtml.tsx';
import { WEBSITE_DEVELOPERS } from '../about/developers.ts';
import { SpotlightCarousel } from '../about/SpotlightCarousel.tsx';
import { StaffGrid } from '../about/StaffGrid.tsx';
import { Loadable } from '../components/Loadable.tsx';
import { EditLink } from '../components/EditLink.tsx';
import { useWords } from '../words/useWords.ts';
import { langAttr, useSiteLanguage } from '../language/siteLanguage.tsx';

export function AboutPage() {
  const spotlights = useApi<SpotlightSlide[]>('spotlight.php');
  const about = useApi<AboutText>('about_us_our_mission.php');
  const words = useWords();
  const lang = useSiteLanguage();
  usePageTitle(words.aboutUs, { description: plainText(about.data?.our_mission) });
  const profiles = useApi<Profile[]>('about_us.php');
  return (
    <div className="container page about-page">
      <h1>{words.aboutUs}</h1>

      <section aria-labelledby="spotlight-heading" className="about-section">
        <h2 id="spotlight-heading">{words.teacherSpotlight}</h2>
        <Loadable
          state={spotlights}
          what={words.what.spotlights}
          logMessage="Error fetching spotlight data"
          fallback={words.loadingSpotlights}
        >
          {(slides) =>
            slides.length ? <SpotlightCarousel slides={slides} /> : <p>{words.noTeacherSpotlights}</p>
          }
        </Loadable>
      </section>

      <Loadable
        state={about}
        what={words.what.mission}
        logMessage="Error fetching mission data"
        fallback={words.loading}
      >
        {(text) => (
          <div className="mission-values" {...langAttr(text, lang)}>
            <section aria-labelledby="mission-heading" className="about-section mission">
              <h2 id="mission-heading">{words.ourMission}</h2>
              <EditLink entity="aboutText" what="our mission" />
              <Markdown headingsFrom={3}>{text.our_mission}</Markdown>
            </section>
            <section aria-labelledby="values-heading" className="about-section values">
              <h2 id="values-heading">{words.ourValues}</h2>
              <EditLink entity="aboutText" what="our values" />
              <Markdown headingsFrom={3}>{text.our_values}</Markdown>
            </section>
          </div>
        )}
      </Loadable>

      <section aria-labelledby="staff-heading" className="about-section">
        <h2 id="staff-heading">{words.ourTeam}</h2>
        <Loadable
          state={profiles}
          what={words.what.profiles}
          logMessage="Error fetching profiles"
          fallback={words.loadingProfiles}
        >
          {(list) => (list.length ? <StaffGrid profiles={list} /> : <p>{words.noProfiles}</p>)}
        </Loadable>
      </section>

      <section aria-labelledby="developers-heading" className="about-section">
        <h2 id="developers-heading">{words.developers}</h2>
        <ul className="developers">
          {WEBSITE_DEVELOPERS.map((d) => (
            <li key={d.name}>
              <span className="developer-name">{d.name}</span>{' '}
              <span className="developer-role">{words[d.role]}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
