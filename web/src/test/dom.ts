// Set-up for component tests in jsdom: Testing Library's matchers, and the few browser behaviours
// jsdom lacks that our components rely on (a modal <dialog>, checkVisibility, fetch of a path
// relative to the page). Import it first in a `// @vitest-environment jsdom` test file. Each file
// shares its worker's window with the files before it, so all of this is done once per window; the
// clean-up after each test is web/src/test/cleanup.ts, which vitest runs for every file.
import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// findBy… and waitFor wait up to 15 s (Testing Library's default is 1 s): the screens read real
// servers on loopback, which answer late while the machine's two cores run other suites, servers and
// (in npm test) Chromium beside them. A screen that never shows still fails, within the 30 s test limit.
configure({ asyncUtilTimeout: 15_000 });

// jsdom has <dialog> and its `open` attribute but not showModal/close, nor the Escape key's
// cancel event: a browser fires `cancel` (cancelable) and then closes unless it was prevented.
const dialogProto = HTMLDialogElement.prototype;
if (typeof dialogProto.showModal !== 'function') {
  const open = function open(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  dialogProto.showModal = open;
  dialogProto.show = open;
  dialogProto.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || e.defaultPrevented) return;
    const open = document.querySelectorAll<HTMLDialogElement>('dialog[open]');
    const top = open[open.length - 1];
    if (!top) return;
    if (top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
  });
}

// jsdom lays nothing out, so there is nothing to scroll (the admin frame scrolls to the top of a new page).
window.scrollTo = () => undefined;

// Everything jsdom draws counts as visible (it lays nothing out).
if (typeof Element.prototype.checkVisibility !== 'function') {
  Element.prototype.checkVisibility = () => true;
}

// Node's fetch needs an absolute URL; a browser resolves `/api/…` against the page.
const nodeFetch = globalThis.fetch;
globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) =>
  nodeFetch(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
