// A read replica serves the site from its copy of the remote and changes nothing: every request that
// would change something (saves, sign-ins, contact messages) is refused with where to go instead.
import type { RequestHandler } from 'express';
import type { RemoteSettings } from '../remote/remoteSettings.ts';
import { sendError } from './http.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export function replicaMessage(settings: RemoteSettings): string {
  const where = settings.primaryUrl ? ` Changes are made on the main site: ${settings.primaryUrl}/admin` : '';
  return `This server is a read-only copy of the site.${where}`;
}

export function replicaRefusesWrites(settings: RemoteSettings): RequestHandler {
  const message = replicaMessage(settings);
  return (req, res, next) => {
    if (SAFE.has(req.method)) return next();
    sendError(res, 403, message, undefined, { primary: settings.primaryUrl });
  };
}
