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

/** One paper; its title an h2 on the research page, one level below a heading elsewhere (a staff page). */
export function PaperView({ paper, index, level = 2 }: { paper: Paper; index: number; level?: 2 | 3 }) {
  const headingId = `paper-${paper.id}`;
  const H = level === 2 ? 'h2' : 'h3';
  return (
    <article className={`paper ${index % 2 === 0 ? 'paper-even' : 'paper-odd'}`} aria-labelledby={headingId}>
      {paper.first_page && (
        <ResponsiveImage
          src={paper.first_page}
          alt={`First page of “${paper.study_title}”`}
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
            Published{' '}
            <time dateTime={isoDate(paper.publication_date)}>{formatDate(paper.publication_date)}</time>
          </p>
        )}
        <Markdown headingsFrom={level === 2 ? 3 : 4}>{paper.abstract}</Markdown>
        <a
          className="button"
          href={apiUrl(`download_pdf.php?id=${encodeURIComponent(paper.id)}`)}
          download={`${paper.file_name}.pdf`}
        >
          Download<span className="visually-hidden"> “{paper.study_title}” (PDF)</span>
        </a>
      </div>
    </article>
  );
}

export function ResearchPage() {
  const papers = useApi<Paper[]>('get_pdf_metadata.php');
  const first = papers.data?.[0];
  usePageTitle('Research', { description: first && `${first.study_title}. ${plainText(first.abstract)}` });
  return (
    <div className="container page research-page">
      <h1>Research</h1>
      <Loadable
        state={papers}
        what="the research papers"
        logMessage="Error fetching PDF metadata"
        fallback="Loading…"
      >
        {(list) =>
          list.length ? (
            <div className="papers">
              {list.map((p, i) => (
                <PaperView key={p.id} paper={p} index={i} />
              ))}
            </div>
          ) : (
            <p>There are no papers yet.</p>
          )
        }
      </Loadable>
    </div>
  );
}
