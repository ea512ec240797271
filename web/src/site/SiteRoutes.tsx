// The public site under any router: BrowserRouter in the browser, StaticRouter on the server.
import { useRoutes } from 'react-router-dom';
import { publicRoutes } from './routes.tsx';

export function SiteRoutes() {
  return useRoutes(publicRoutes);
}
