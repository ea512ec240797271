// Entry of the web app. Public pages arrive server-rendered and are hydrated; in `vite` development
// admin addresses get this page too, empty, and load the admin app, a chunk of its own. Styles of
// the public site load with it.
import { createRoot, hydrateRoot } from 'react-dom/client';
import { isAdminPath } from '../../server/schema/site/adminPaths.ts';
import { preparePublicSite, PublicSite } from './App.tsx';
import { checkStaffSession } from './shared/staffSession.ts';
import './site/styles/base.css';
import './site/styles/layout.css';
import './site/styles/pages.css';
import './site/styles/components.css';
import './site/styles/search.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// The page may be read without this script: it says so to the stylesheet once the script runs.
document.documentElement.classList.add('js');

if (isAdminPath(location.pathname)) {
  // Admin addresses get admin.html (adminMain.tsx) from the server whenever the build has it, as
  // every build does: only `vite` development sends this page there. Left out of the build, the
  // public pages do not load Vite's preload helper (1.3 KB gzipped) for an import they never make.
  if (import.meta.env.DEV) void import('./AdminApp.tsx').then(({ mountAdmin }) => mountAdmin(root));
} else {
  void preparePublicSite().then((hasData) => {
    if (hasData && root.hasChildNodes())
      hydrateRoot(root, <PublicSite />, {
        onRecoverableError: (error) => console.error('The page had to be drawn again:', error),
      });
    else createRoot(root).render(<PublicSite />);
  });
}
// Staff see Edit links on the items (site/components/EditLink.tsx): asked after the page is drawn,
// and only by a browser where the admin was signed in.
if (!isAdminPath(location.pathname)) void checkStaffSession();
