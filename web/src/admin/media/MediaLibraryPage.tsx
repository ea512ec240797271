// The Media library page (issue 33): every picture and PDF of the site as a grid of cards, searched,
// filtered, sorted and paged on the server; uploading many files at once; each file's details
// (description, focal point, replace, delete, where it is used); and the recently deleted files.
// In a draft, everything reads and writes the draft's files. A contributor on the live site sees
// the library read-only, with the way into a draft (uploads go into drafts only).
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { AdminFrame } from '../AdminFrame.tsx';
import { useCan } from '../access.ts';
import { DraftsOnlyNotice } from '../drafts/DraftsOnlyNotice.tsx';
import { Notice, useNotice } from '../ui/Notice.tsx';
import { BulkUpload } from './BulkUpload.tsx';
import { DeletedFiles } from './DeletedFiles.tsx';
import { mediaListEndpoint } from './mediaApi.ts';
import { MediaDetails } from './MediaDetails.tsx';
import { MediaFilters } from './MediaFilters.tsx';
import { MediaGrid, showing } from './MediaGrid.tsx';
import { FIRST_MEDIA_PAGE, type MediaFile, type MediaQuery } from './mediaTypes.ts';
import { useMediaList } from './useMediaList.ts';
import './media.css';

export const MEDIA_LIBRARY_INTRO =
  'Every picture and PDF on the site: upload new ones, describe pictures for people who cannot see them, see where each file is used, and replace or delete files.';

/** Uploads finishing close together are shown with one reading of the list. */
const RELOAD_AFTER_UPLOAD_MS = 400;

export default function MediaLibraryPage() {
  return (
    <AdminFrame title="Media library" intro={<p>{MEDIA_LIBRARY_INTRO}</p>}>
      <MediaLibrary />
    </AdminFrame>
  );
}

function MediaLibrary() {
  const id = useId();
  const can = useCan();
  const [query, setQuery] = useState<MediaQuery>(FIRST_MEDIA_PAGE);
  const list = useMediaList(mediaListEndpoint(query));
  const [open, setOpen] = useState<MediaFile | null>(null);
  const [deletes, setDeletes] = useState(0);
  const notice = useNotice();
  const statusRef = useRef<HTMLParagraphElement>(null);
  const filesHeading = useRef<HTMLHeadingElement>(null);
  const { reload } = list;

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const reloadSoon = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(reload, RELOAD_AFTER_UPLOAD_MS);
  }, [reload]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const toPage = (page: number) => {
    setQuery((q) => ({ ...q, page }));
    statusRef.current?.scrollIntoView({ block: 'nearest' });
  };
  const { data, error } = list;

  return (
    <>
      {!can.saveHere && can.drafts && <DraftsOnlyNotice />}
      <Notice notice={notice.notice} onDismiss={notice.clear} />
      {can.saveHere ? (
        <BulkUpload onUploaded={reloadSoon} onOpen={setOpen} />
      ) : (
        <p className="admin-help">
          Uploading adds files to the site, so as a contributor you upload into a draft: open or start one
          above, then upload here.
        </p>
      )}
      <section className="admin-section" aria-labelledby={`${id}-files`}>
        <h2 id={`${id}-files`} ref={filesHeading} tabIndex={-1}>
          Files
        </h2>
        <MediaFilters query={query} onQuery={setQuery} />
        <p ref={statusRef} className="admin-list-status" aria-live="polite">
          {data ? showing(data, query) : error ? '' : 'Loading the files…'}
        </p>
        {error && (
          <div className="admin-notice admin-notice-error" role="alert">
            <p>Could not load the files: {error}</p>
            <button type="button" className="admin-button" onClick={reload}>
              Try again
            </button>
          </div>
        )}
        {data && <MediaGrid data={data} busy={list.busy} onOpen={setOpen} onPage={toPage} />}
      </section>
      {/* A restore is a change like an upload: on the live site for editors, in a draft for anyone. */}
      <DeletedFiles deletes={deletes} mayRestore={can.saveHere} onRestored={reload} />
      {open && (
        <MediaDetails
          file={open}
          canChange={can.saveHere}
          onClose={() => setOpen(null)}
          onChanged={(file) => {
            setOpen(file);
            reload();
          }}
          onDeleted={(message) => {
            setOpen(null);
            setDeletes((n) => n + 1);
            notice.success(message);
            reload();
            // Its card is about to leave the grid: the keyboard carries on from the heading.
            setTimeout(() => filesHeading.current?.focus());
          }}
        />
      )}
    </>
  );
}
