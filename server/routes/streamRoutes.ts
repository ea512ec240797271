// The documented SSE streams and /api/stream, all fed by the content index's change events.
import type { Request, RequestHandler } from 'express';
import type { ReadModel } from '../content/readModel.ts';
import { entities, entityByName } from '../schema/registry.ts';
import { sseData, type SseHub } from './sseHub.ts';
import { readContext } from './readRoutes.ts';

export function streamHandlers(hub: SseHub, model: ReadModel, isSignedIn: (req: Request) => boolean): Record<string, RequestHandler> {
  /** A documented stream: the endpoint's full answer as JSON, on connect and on every change. */
  const fullState = (endpointPath: string, shape: (answer: unknown) => unknown = (a) => a): RequestHandler => (req, res) => {
    const endpoint = model.endpoint(endpointPath)!;
    const ctx = readContext(req, isSignedIn(req));
    const render = () => sseData(shape(endpoint.build(ctx)));
    hub.open(req, res, { deps: endpoint.deps, initial: render(), render });
  };
  return {
    [entities.majorEvent.legacy.endpoint]: fullState(entities.majorEvent.legacy.endpoint),
    [entities.eventCard.legacy.stream!]: fullState(entities.eventCard.legacy.endpoint),
    [entities.policyText.legacy.stream!]: fullState(entities.policyText.legacy.endpoint, (a) => ({ policyText: (a as { policyText: string }).policyText })),
    stream: (req, res) => {
      // Staff also hear about private collections (contact messages), named by entity.
      const staff = isSignedIn(req);
      hub.open(req, res, {
        deps: 'all',
        initial: sseData({ endpoints: [] }, 'ready'),
        render: (changed) => {
          const endpoints = model.endpointsFor(changed);
          const privateChanged = staff ? [...changed].filter((name) => entityByName.get(name)?.storage === 'private') : [];
          if (!endpoints.length && !privateChanged.length) return null;
          return sseData({ endpoints: [...endpoints, ...privateChanged], entities: [...changed] }, 'change');
        },
      });
    },
  };
}
