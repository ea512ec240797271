// @vitest-environment jsdom
// What the admin home says of notices of new messages: that nobody is told, where they go, and a
// failed notice until a later one goes through.
import '../../test/dom.ts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { ChannelStatus, NoticeStatus } from '../../../../server/schema/messageNotices.ts';
import { MessageNoticesStatus } from './MessageNoticesStatus.tsx';

const show = (notices: Partial<NoticeStatus>) =>
  render(
    <MemoryRouter>
      <MessageNoticesStatus notices={{ email: null, webhook: null, waiting: 0, ...notices }} />
    </MemoryRouter>,
  );
const channel = (over: Partial<ChannelStatus> = {}): ChannelStatus => ({
  to: 'office@csed.example.org (through mail.example.org:587)',
  lastSent: null,
  lastFailure: null,
  ...over,
});

describe('MessageNoticesStatus', () => {
  it('says nobody is told when neither email nor a webhook is set up', () => {
    show({});
    expect(screen.getByRole('region', { name: 'When a visitor sends a message' })).toHaveTextContent(
      'No email or webhook is set up, so nobody is told of new messages',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says where notices go, and when the last was sent', () => {
    show({
      email: channel({ lastSent: '2026-11-25T20:15:00.000Z' }),
      webhook: channel({ to: 'https://chat.example.org' }),
    });
    const region = screen.getByRole('region', { name: 'When a visitor sends a message' });
    expect(region).toHaveTextContent(
      /^When a visitor sends a messageEmail notices go to office@csed\.example\.org \(through mail\.example\.org:587\)\. Last sent Nov 25, 2026, .+\.Notices are also posted to the webhook at https:\/\/chat\.example\.org\.$/,
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a failed try, and whether it is tried again, until a later notice goes through', () => {
    const failure = { time: '2026-11-25T20:15:00.000Z', reason: 'the mail server refused the connection' };
    const { unmount } = show({ email: channel({ lastFailure: { ...failure, retrying: true } }) });
    expect(screen.getByRole('alert')).toHaveTextContent(
      /^The last email notice could not be sent \(Nov 25, 2026, .+\): the mail server refused the connection\. It is tried again shortly\.$/,
    );
    unmount();
    show({
      webhook: channel({ to: 'https://chat.example.org', lastFailure: { ...failure, retrying: false } }),
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      /The last webhook notice could not be sent .+ No more tries are made for it; the audit log lists it\.$/,
    );
    expect(screen.getByRole('link', { name: 'audit log' })).toHaveAttribute('href', '/AuditLogAdminPage');
  });

  it('a failure older than the last notice sent is not shown', () => {
    show({
      email: channel({
        lastSent: '2026-11-25T21:00:00.000Z',
        lastFailure: { time: '2026-11-25T20:15:00.000Z', reason: 'x', retrying: false },
      }),
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
