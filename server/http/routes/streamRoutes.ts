// The documented SSE streams and /api/stream, all fed by the content index's change events.
import type { Request, RequestHandler } from 'express';
import type { AppDeps } from '../appDeps.ts';
import { entityByName, siteEntities } from '../../schema/registry.ts';
import type { EntityDef } from '../../schema/define.ts';
import { sseData } from '../sseHub.ts';
import type { StreamChangeMessage } from '../../schema/streamMessage.ts';
import { readContext } from './readRoutes.ts';
import { readAnswer } from '../legacy/readAnswers.ts';
import { MESSAGE_NOTICES_CHANGED } from '../../schema/messageNotices.ts';

export function streamHandlers(
  { hub, model, cache }: Pick<AppDeps, 'hub' | 'model' | 'cache'>,
  /** The signed-in (full) session of the request, if any: staff's streams end with their session. */
  sessionOf: (req: Request) => string | undefined,
  /** Whether the person who opened the stream may read contact messages now (their role may change). */
  readsMessages: (req: Request) => boolean,
  /** The signed-in person's username: their notices reach their streams (hub.tell). */
  usernameOf: (req: Request) => string | undefined = () => undefined,
): Record<string, RequestHandler> {
  const isSignedIn = (req: Request) => sessionOf(req) !== undefined;
  /**
   * A documented stream (the entity's `legacy.stream`): its endpoint's answer as JSON, on connect and
   * on every change — a singleton's fields without id and version, e.g. `{policyText}`. Built once
   * per change and shared by every subscriber.
   */
  const fullState =
    (def: EntityDef): RequestHandler =>
    (req, res) => {
      const endpoint = model.endpoint(def.legacy.endpoint)!;
      const ctx = readContext(req, isSignedIn(req));
      const key = `${def.legacy.stream}|${ctx.media}|${ctx.signedIn ? 'staff' : 'public'}`;
      const render = () => {
        const body = cache.get(key, endpoint.deps, () => {
          const answer = readAnswer(model, endpoint, ctx) as Record<string, unknown>;
          if (def.type === 'collection') return answer;
          const { id: _id, version: _version, ...fields } = answer;
          return fields;
        }).body;
        return `data: ${body.toString('utf8')}\n\n`;
      };
      hub.open(req, res, { deps: endpoint.deps, initial: render(), render, key, session: sessionOf(req) });
    };
  return {
    ...Object.fromEntries(
      siteEntities.filter((d) => d.legacy.stream).map((d) => [d.legacy.stream!.split('?')[0]!, fullState(d)]),
    ),
    stream: (req, res) => {
      // Staff who may read contact messages also hear of them (a private collection, named by its
      // entity) and of their notices' status; nobody else does.
      const session = sessionOf(req);
      const staff = session !== undefined;
      const messages = () => staff && readsMessages(req);
      hub.open(req, res, {
        session,
        ...(staff ? { user: usernameOf(req) } : {}),
        key: staff ? () => (messages() ? 'stream|staff|messages' : 'stream|staff') : 'stream|public',
        deps: 'all',
        initial: sseData({ endpoints: [] }, 'ready'),
        render: (changed, detail) => {
          const endpoints = model.endpointsFor(changed);
          const privateChanged = messages()
            ? [...changed].filter(
                (name) => entityByName.get(name)?.storage === 'private' || name === MESSAGE_NOTICES_CHANGED,
              )
            : [];
          if (!endpoints.length && !privateChanged.length) return null;
          // Staff also hear which versions a save of this server wrote (a tab that saved holds them).
          const saved = staff && detail.saved ? { saved: detail.saved } : {};
          return sseData(
            {
              endpoints: [...endpoints, ...privateChanged],
              entities: [...changed],
              ...saved,
            } satisfies StreamChangeMessage,
            'change',
          );
        },
      });
    },
  };
}
