// /MarkdownEditor: the markdown helper. Its editor is a separate chunk, fetched only here and on
// editing screens.
import { lazy, Suspense } from 'react';
import { AdminFrame } from './AdminFrame.tsx';

const HelperEditor = lazy(() => import('./helper/HelperEditor.tsx'));

export default function MarkdownHelperPage() {
  return (
    <AdminFrame
      savesContent={false}
      title="Markdown editor"
      intro={<p>Write formatted text here and copy it into any text box of the admin pages.</p>}
    >
      <Suspense
        fallback={
          <p className="admin-loading" role="status">
            Loading the editor…
          </p>
        }
      >
        <HelperEditor />
      </Suspense>
    </AdminFrame>
  );
}
