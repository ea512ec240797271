// A Vite plugin that lets the bundler drop the parts of react-router a page does not use. The
// package's one big module (dist/*/chunk-*.mjs, every router in it) makes its components with
// React.createContext, React.forwardRef and React.memo, which a bundler must assume have side
// effects, and names them with `X.displayName = "…"`, an assignment it must keep: so every context,
// Link, NavLink, Form, ScrollRestoration, the data router's routes and what they call stayed in the
// public pages, which render only BrowserRouter's. Marked pure (they are: each returns a new object
// and touches nothing else) and without the display names (read by React DevTools and development
// warnings only), what no page uses goes: about 1.4 KB gzipped. What is used runs as before.
import type { Plugin } from 'vite';

const ROUTER_DIST = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/].*\.m?js(?:\?|$)/;
const DISPLAY_NAME = /^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm;
const REACT_FACTORY = /(?<![\w$.])(React\d*\.(?:createContext|forwardRef|memo))\(/g;
// Module-level values made by calls: `new URL("http://localhost")`, Object.getOwnPropertyNames(…).
const TOP_LEVEL_CALL = /^(var [\w$]+ = )(new URL\(|Object\.getOwnPropertyNames\()/gm;

export function treeShakeRouter(code: string): string {
  return code
    .replace(DISPLAY_NAME, '')
    .replace(REACT_FACTORY, '/* @__PURE__ */ $1(')
    .replace(TOP_LEVEL_CALL, '$1/* @__PURE__ */ $2');
}

export function routerTreeShaking(): Plugin {
  return {
    name: 'csed-router-tree-shaking',
    apply: 'build',
    transform: {
      filter: { id: ROUTER_DIST },
      handler(code) {
        const out = treeShakeRouter(code);
        return out === code ? null : { code: out, map: null };
      },
    },
  };
}
