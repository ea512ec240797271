// Research papers (spec §2): newest first, alternating layout, first-page image, and a Download
// link that saves the PDF as '{file_name}.pdf'.
import { apiUrl } from '../../lib/api.ts';
import { formatDate, isoDate } from '../../lib/dates.ts';
import type { Paper } from '../../lib/types.ts';
import { useApi } from '../../lib/useApi.ts';
import { usePageTitle } from '../../lib/usePageTitle.ts';
import { plainText } from '../../../../server/schema/site/plainText.ts';
import { Markdown } from '../../markdown/MarkdownHtml.tsx';
import { Loadable } from '../components/Loadable.tsx';
import { ResponsiveImage } from '../components/ResponsiveImage.tsx';
import { EditLink } from '../components/EditLink.tsx';
import { useWords } from '../words/useWords.ts';
import { langAttr, useSiteLanguage } from '../language/siteLanguage.tsx';
import { fill } from '../words/fill.ts';

/** One paper; its title an h2 on the research page, one level below a heading elsewhere (a staff page). */
export function PaperView({ paper, index, level = 2 }: { paper: Paper; index: number; level?: 2 | 3 }) {
  const headingId = `paper-${paper.id}`;
  const H = level === 2 ? 'h2' : 'h3';
  const words = useWords();
  const lang = useSiteLanguage();
  return (
    <article
      className={`paper ${index % 2 === 0 ? 'paper-even' : 'paper-odd'}`}
      aria-labelledby={headingId}
      {...langAttr(paper, lang)}
    >
      {paper.first_page && (
        <ResponsiveImage
          src={paper.first_page}
          alt={fill(words.firstPageOf, { title: paper.study_title })}
          className="paper-image"
          sizes="(max-width: 640px) 260px, 400px"
          priority={index === 0}
          loading="lazy"
        />
      )}
      <div className="paper-text">
        <H id={headingId}>{paper.study_title}</H>
        <EditLink entity="papers" id={paper.id} what={`paper “${paper.study_title}”`} />
        {paper.publication_date && (
          <p className="paper-date">
            {words.published}{' '}
            <time dateTime={isoDate(paper.publication_date)}>{formatDate(paper.publication_date, lang)}</time>
          </p>
        )}
        <Markdown headingsFrom={level === 2 ? 3 : 4}>{paper.abstract}</Markdown>
        <a
          className="button"
          href={apiUrl(`download_pdf.php?id=${encodeURIComponent(paper.id)}`)}
          download={`${paper.file_name}.pdf`}
        >
          {words.download}
          <span className="visually-hidden">{fill(words.downloadWhat, { title: paper.study_title })}</span>
        </a>
      </div>
    </article>
  );
}

export function ResearchPage() {
  const papers = useApi<Paper[]>('get_pdf_metadata.php');
  const first = papers.data?.[0];
  const words = useWords();
  usePageTitle(words.research, {
    description: first && `${first.study_title}. ${plainText(first.abstract)}`,
  });
  return (
    <div className="container page research-page">
      <h1>{words.research}</h1>
      <Loadable
        state={papers}
        what={words.what.papers}
        logMessage="Error fetching PDF metadata"
        fallback={words.loading}
      >
        {(list) =>
          list.length ? (
            <div className="papers">
              {list.map((p, i) => (
                <PaperView key={p.id} paper={p} index={i} />
              ))}
            </div>
          ) : (
            <p>{words.noPapers}</p>
          )
        }
      </Loadable>
    </div>
  );
}
