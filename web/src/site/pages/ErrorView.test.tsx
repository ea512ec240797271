// The router's error view shows 'Unexpected Application Error!' (spec §8).
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ErrorView } from './ErrorView.tsx';

describe('ErrorView', () => {
  it('names the failure under the spec heading', async () => {
    const routes = [
      {
        path: '/',
        errorElement: createElement(ErrorView),
        loader: () => {
          throw new Error('Boom in a loader');
        },
        element: createElement('p', null, 'never'),
      },
    ];
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request('http://localhost/'));
    if (context instanceof Response) throw new Error('unexpected redirect');
    const router = createStaticRouter(handler.dataRoutes, context);
    const html = renderToStaticMarkup(
      createElement(StaticRouterProvider, { router, context, hydrate: false }),
    );
    expect(html).toContain('<h1>Unexpected Application Error!</h1>');
    expect(html).toContain('Boom in a loader');
  });
});
