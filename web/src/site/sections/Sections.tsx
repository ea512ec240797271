// A staff page's sections, top to bottom, each kind drawn by its own small component with the
// site's own styles (pages.css, "Staff pages"). Headings follow the page's: a section's heading is
// an h2 under the page's h1 and its items' headings are h3 (h2 when the section has none).
import type { ReactNode } from 'react';
import { Markdown } from '../../markdown/MarkdownHtml.tsx';
import { altAttribute } from '../../../../server/schema/imageAlt.ts';
import { ResponsiveImage } from '../components/ResponsiveImage.tsx';
import { SmartLink } from '../components/SmartLink.tsx';
import { ListSection } from './ListSection.tsx';
import { PeopleSection } from './PeopleSection.tsx';
import { VideoSection } from './VideoSection.tsx';
import type { Section, SectionProps } from './types.ts';
import { Titled } from './Titled.tsx';

/** A link from content: another page of the site in the app, another site in a new tab (said so). */
const ContentLink = ({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: ReactNode;
}) => (
  <SmartLink href={href} className={className} newTab={!href.startsWith('/')}>
    {children}
  </SmartLink>
);

function TextSection({ body }: SectionProps<'text'>) {
  return (
    <Markdown className="page-section section-text" headingsFrom={2}>
      {body}
    </Markdown>
  );
}

function ImageSection({ image, alt = '', caption, first }: SectionProps<'image'> & { first: boolean }) {
  if (!image) return null;
  return (
    <figure className="page-section section-image">
      <ResponsiveImage
        src={image}
        // Without words of its own, the description kept with the file in the media library.
        alt={altAttribute(alt)}
        storedAlt={!alt.trim()}
        sizes="(max-width: 1180px) 100vw, 1100px"
        priority={first}
        loading="lazy"
      />
      {caption && <figcaption>{caption}</figcaption>}
    </figure>
  );
}

function ButtonsSection({ items }: SectionProps<'buttons'>) {
  return (
    <ul className="page-section section-buttons">
      {items.map((b, i) => (
        <li key={i}>
          <ContentLink href={b.link} className="button">
            {b.label}
          </ContentLink>
        </li>
      ))}
    </ul>
  );
}

function CardsSection({ heading, items }: SectionProps<'cards'>) {
  return (
    <Titled heading={heading} kind="cards">
      {(level) => {
        const H = level === 2 ? 'h2' : 'h3';
        return (
          <ul className="page-cards">
            {items.map((c, i) => (
              <li key={i} className="page-card">
                {/* The title says what the card is about: its picture goes without words. */}
                {c.image && (
                  <ResponsiveImage
                    src={c.image}
                    alt=""
                    className="page-card-image"
                    sizes="(max-width: 700px) 100vw, 360px"
                    loading="lazy"
                  />
                )}
                <H className="page-card-title">
                  {c.link ? <ContentLink href={c.link}>{c.title}</ContentLink> : c.title}
                </H>
                <Markdown headingsFrom={level === 2 ? 3 : 4}>{c.body}</Markdown>
              </li>
            ))}
          </ul>
        );
      }}
    </Titled>
  );
}

function FaqSection({ heading, items }: SectionProps<'faq'>) {
  return (
    <Titled heading={heading} kind="faq">
      {(level) =>
        items.map((q, i) => (
          <details key={i} className="faq-item">
            <summary>{q.question}</summary>
            <Markdown headingsFrom={level === 2 ? 3 : 4}>{q.answer}</Markdown>
          </details>
        ))
      }
    </Titled>
  );
}

function SectionView({ section, index }: { section: Section; index: number }) {
  switch (section.type) {
    case 'text':
      return <TextSection {...section} />;
    case 'image':
      return <ImageSection {...section} first={index === 0} />;
    case 'buttons':
      return <ButtonsSection {...section} />;
    case 'cards':
      return <CardsSection {...section} />;
    case 'list':
      return <ListSection {...section} />;
    case 'people':
      return <PeopleSection {...section} />;
    case 'faq':
      return <FaqSection {...section} />;
    case 'video':
      return <VideoSection {...section} />;
    default:
      return null; // a kind this version of the site does not know yet
  }
}

export function Sections({ sections }: { sections: readonly Section[] }) {
  return sections.map((s, i) => <SectionView key={i} section={s} index={i} />);
}
