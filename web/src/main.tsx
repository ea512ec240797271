// Entry of the web app: mounts the router. Styles of the public site load with it.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createRouter } from './App.tsx';
import './site/styles/base.css';
import './site/styles/layout.css';
import './site/styles/pages.css';
import './site/styles/components.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <RouterProvider router={createRouter()} />
  </StrictMode>,
);
