// The admin app: its own data router (for the unsaved-changes guard) and the admin routes. A link
// from the admin to a public page loads that page from the server, which renders it.
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
// The admin's styles here, not in its components, so the server can render those (no CSS loader).
import './admin/admin.css';
import { adminRoutes } from './admin/AdminRoutes.tsx';

function LoadFromServer() {
  useEffect(() => {
    window.location.reload();
  }, []);
  return null;
}

export function mountAdmin(root: HTMLElement): void {
  const router = createBrowserRouter([...adminRoutes, { path: '*', element: <LoadFromServer /> }]);
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
