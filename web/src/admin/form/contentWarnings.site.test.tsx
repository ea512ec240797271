// @vitest-environment jsdom
// The content checks in the edit form, against a real HTTP server on loopback: warnings in plain
// words beside the field they concern (the text box describes itself with them), the save still
// possible; an image without a description refused beside its field before anything is sent; the
// server's word on a missing media file asked before saving; a save's warnings shown after it.
import '../../test/dom.ts';
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { news } from '../../../../server/schema/entities/news.ts';
import { workshopSchedule } from '../../../../server/schema/entities/workshopSchedule.ts';
import { startApiServer, type ApiServer } from '../../test/apiServer.ts';
import type { AdminItem } from '../api.ts';
import type { SaveAnswer } from '../entityApi.ts';
import { EntityForm } from './EntityForm.tsx';

let api: ApiServer;
beforeAll(async () => {
  api = await startApiServer();
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
});

const item = (what: string): AdminItem => ({
  id: '7',
  version: 'v1',
  title: 'Spring workshop',
  link: '',
  what,
  when_date: '2026-03-05',
  show_from: '',
  show_until: '',
});
const saves = () => api.requests.filter((r) => r.url.startsWith('/api/news.php'));
const warningsBeside = async (label: RegExp) => {
  const box = await screen.findByLabelText(label);
  const field = box.closest('.admin-field')!;
  return field.querySelector('ul[aria-label="To check"]');
};

function editNews(what: string, onSaved: (a: SaveAnswer) => void = () => undefined) {
  render(<EntityForm def={news} item={item(what)} submitLabel="Update" onSaved={onSaved} />);
}

describe('content checks in the form', () => {
  it('shows a warning beside the field that has it, and the save still goes ahead', async () => {
    api.answer(() => ({
      json: { ...item('Details: [click here](https://example.org/brief)'), version: 'v2' },
    }));
    const user = userEvent.setup();
    const saved: SaveAnswer[] = [];
    editNews('Details: [click here](https://example.org/brief)', (a) => saved.push(a));
    const list = await waitFor(async () => {
      const l = await warningsBeside(/^What/);
      expect(l).not.toBeNull();
      return l!;
    });
    expect(list).toHaveTextContent(/The link “click here” does not say where it goes\./);
    expect(await screen.findByLabelText(/^What/)).toHaveAccessibleDescription(/“click here” does not say/);
    expect(await warningsBeside(/^Title/)).toBeNull();

    const title = screen.getByLabelText(/^Title/);
    await user.type(title, ' (moved)');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saves()).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses an image without a description beside its field, sending nothing', async () => {
    const user = userEvent.setup();
    editNews('Our day:\n\n![](/media/news/1.png)');
    await user.type(screen.getByLabelText(/^Title/), ' (moved)');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /has no description for people who cannot see it/,
    );
    expect(await screen.findByLabelText(/^What/)).toHaveAccessibleDescription(/has no description/);
    expect(saves()).toEqual([]);
  });

  it('refuses a workshop schedule image without its description, beside the description box', async () => {
    const user = userEvent.setup();
    render(
      <EntityForm
        def={workshopSchedule}
        item={{ id: '1', version: 'v1', image: '/media/site/workshop-schedule.png', alt: 'The timetable' }}
        submitLabel="Update"
        onSaved={() => undefined}
      />,
    );
    const alt = screen.getByLabelText(/^Image description/);
    await user.clear(alt);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(alt).toHaveAccessibleDescription(/Describe the schedule image for people who cannot see it/);
    expect(alt).toBeInvalid();
    expect(api.requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('asks the server, before saving, whether a media file a text shows exists, and says so beside it', async () => {
    api.answer((req) =>
      req.url.startsWith('/api/admin/content-checks')
        ? {
            json: {
              findings: [
                {
                  field: 'what',
                  check: 'media',
                  blocks: false,
                  message:
                    'The image “/media/news/9.png” is a file this site does not have. Upload the file, or correct the address.',
                },
              ],
            },
          }
        : { status: 500, json: {} },
    );
    const user = userEvent.setup();
    editNews('A chart:');
    await user.click(await screen.findByLabelText(/^What/));
    await user.paste(' ![Enrolment by region](/media/news/9.png)');
    await waitFor(async () =>
      expect(await warningsBeside(/^What/)).toHaveTextContent(/is a file this site does not have/),
    );
    expect(api.requests).toContainEqual({
      method: 'POST',
      url: expect.stringMatching(/^\/api\/admin\/content-checks\?/),
      body: { entity: 'news', values: { what: 'A chart: ![Enrolment by region](/media/news/9.png)' } },
    });
    expect(saves()).toEqual([]);
  });

  it('asks nothing of a text left as it was, nor of one that links only to other sites', async () => {
    const user = userEvent.setup();
    editNews('See [the old page](/evnts).');
    await user.type(screen.getByLabelText(/^Title/), ' (moved)');
    await new Promise((r) => setTimeout(r, 700));
    await user.click(await screen.findByLabelText(/^What/));
    await user.clear(await screen.findByLabelText(/^What/));
    await user.paste('See [the brief](https://example.org/brief).');
    await new Promise((r) => setTimeout(r, 700));
    expect(api.requests.filter((r) => r.url.startsWith('/api/admin/content-checks'))).toEqual([]);
  });

  it('shows a save’s warnings beside their field after it', async () => {
    api.answer(() => ({
      json: {
        ...item('Plain words'),
        version: 'v2',
        warnings: [{ field: 'what', message: 'The link “/evnts” goes to a page this site does not have.' }],
      },
    }));
    const user = userEvent.setup();
    editNews('Plain words');
    await user.type(screen.getByLabelText(/^Title/), '!');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(async () =>
      expect(await warningsBeside(/^What/)).toHaveTextContent(
        'The link “/evnts” goes to a page this site does not have.',
      ),
    );
  });
});
