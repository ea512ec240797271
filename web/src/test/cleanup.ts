// Set-up that vitest runs before every test file of the server projects (setupFiles), also when
// files share a worker and its module cache: a component test file must unmount what it drew after
// each test, and a module imported once per worker (as web/src/test/dom.ts is) registers its hooks
// for the first file only. Files in Node's environment have no document and get nothing.
import { afterEach } from 'vitest';

if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  afterEach(cleanup);
}
