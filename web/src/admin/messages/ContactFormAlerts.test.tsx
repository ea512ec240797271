// @vitest-environment jsdom
// What the admin home says when the contact form is refusing messages: too many this hour, or no room
// left for them; nothing when it is taking them.
import '../../test/dom.ts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { ContactAlert } from '../../../../server/schema/messageNotices.ts';
import { ContactFormAlerts } from './ContactFormAlerts.tsx';

const show = (alerts: ContactAlert[]) =>
  render(
    <MemoryRouter>
      <ContactFormAlerts alerts={alerts} />
    </MemoryRouter>,
  );

describe('ContactFormAlerts', () => {
  it('says nothing while the form takes messages', () => {
    show([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the form is getting more messages than usual and refuses some until the hour is over', () => {
    show([
      {
        kind: 'busy',
        since: '2026-11-25T20:15:00.000Z',
        until: '2026-11-25T20:40:00.000Z',
        limit: 60,
        refused: 12,
      },
    ]);
    expect(screen.getByRole('alert')).toHaveTextContent(
      /^The contact form is getting more messages than usual\. It has taken 60 this hour, the most it takes, and is refusing new ones until the hour is over \(Nov 25, 2026, .+\)\. Visitors are asked to try again later or to email you directly\.$/,
    );
  });

  it('says the room for messages is full, and where to make room', () => {
    show([
      {
        kind: 'full',
        since: '2026-11-25T20:15:00.000Z',
        bytes: 52_000_000,
        maxBytes: 52_428_800,
        refused: 1,
      },
    ]);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The contact form is refusing new messages: the messages kept take 49.6 MB of the 50 MB set aside for them. Delete messages you no longer need on the Messages page to make room.',
    );
    expect(screen.getByRole('link', { name: 'Messages page' })).toHaveAttribute('href', '/MessagesAdminPage');
  });
});
