// Entry of the admin's own page (web/admin.html, sent for admin addresses): the admin app and the
// site's styles, without the public site's code. The build lists every script the admin's first
// screen needs as a modulepreload of this page, so the browser fetches them all at once instead of
// finding the admin chunk only after running the public site's entry (main.tsx, which still loads
// the admin the other way where this page is not served, as in `vite` development).
import { mountAdmin } from './AdminApp.tsx';
import './site/styles/base.css';
import './site/styles/layout.css';
import './site/styles/pages.css';
import './site/styles/components.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
document.documentElement.classList.add('js');
mountAdmin(root);
