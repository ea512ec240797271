// @vitest-environment jsdom
// Issue 23: feedback waits for the reader. A success notice stays at least 6 s whatever is done
// meanwhile, then until the next action outside it (moving around the page is not one) or its
// Dismiss button; an error stays until dismissed; the next notice replaces the one before. Both are
// announced: a status, an alert.
import '../../test/dom.ts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTICE_MIN_MS, Notice, useNotice } from './Notice.tsx';

/** A section that shows a notice after each of its actions. */
function Section() {
  const notice = useNotice();
  return (
    <section>
      <button type="button" onClick={() => notice.success('Updated successfully!')}>
        Update
      </button>
      <button type="button" onClick={() => notice.error('The server did not answer.')}>
        Fail
      </button>
      <input aria-label="Title" />
      <Notice notice={notice.notice} onDismiss={notice.clear} />
    </section>
  );
}

const status = () => screen.queryByRole('status');
// A block body: act's synchronous form, which has flushed React's work when it returns (an arrow
// returning the timers' value would pick act's asynchronous form, a thenable nobody awaits).
const wait = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });
const pointerOn = (el: Element) => fireEvent.pointerDown(el);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a success notice', () => {
  it('stays 6 s whatever is done, then until the next action outside it', () => {
    render(<Section />);
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(status()).toHaveTextContent('Updated successfully!');
    expect(NOTICE_MIN_MS).toBeGreaterThanOrEqual(6000);
    // Acting during the first 6 s leaves it.
    wait(1000);
    pointerOn(screen.getByRole('textbox', { name: 'Title' }));
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Title' }), { key: 'a' });
    wait(NOTICE_MIN_MS - 1001);
    expect(status()).toHaveTextContent('Updated successfully!');
    // After 6 s it still waits: time alone does not take it away.
    wait(10 * 60_000);
    expect(status()).toHaveTextContent('Updated successfully!');
    // Moving around (Tab, arrows) and clicking inside it are reading, not acting.
    fireEvent.keyDown(document.body, { key: 'Tab' });
    fireEvent.keyDown(document.body, { key: 'ArrowDown' });
    pointerOn(screen.getByText('Updated successfully!'));
    expect(status()).toHaveTextContent('Updated successfully!');
    // The next action elsewhere takes it away.
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Title' }), { key: 'x' });
    expect(status()).toBeNull();
  });

  it('goes with its named Dismiss button at any time', () => {
    render(<Section />);
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    wait(500);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(status()).toBeNull();
  });

  it('shown again, starts its 6 s afresh', () => {
    render(<Section />);
    const update = screen.getByRole('button', { name: 'Update' });
    fireEvent.click(update);
    wait(5000);
    fireEvent.click(update); // the same words again: a new notice
    wait(5000);
    pointerOn(document.body);
    expect(status()).toHaveTextContent('Updated successfully!');
    wait(1000);
    pointerOn(document.body);
    expect(status()).toBeNull();
  });

  it('is inside a polite live region, so it is announced', () => {
    render(<Section />);
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(status()!.closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');
  });
});

describe('an error notice', () => {
  it('is an alert that stays, whatever is done, until dismissed', () => {
    render(<Section />);
    fireEvent.click(screen.getByRole('button', { name: 'Fail' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The server did not answer.');
    wait(10 * 60_000);
    pointerOn(document.body);
    fireEvent.keyDown(document.body, { key: 'Enter' });
    expect(screen.getByRole('alert')).toBe(alert);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('replaces a success notice, and a success replaces it', () => {
    render(<Section />);
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    fireEvent.click(screen.getByRole('button', { name: 'Fail' }));
    expect(status()).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent('The server did not answer.');
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(status()).toHaveTextContent('Updated successfully!');
  });
});
