// @vitest-environment jsdom
// Translating in the admin against the real CMS (issue 36): the Translations page lists a new news
// item as missing in Spanish; translating it side by side and saving makes it up to date and writes
// the Spanish words (read back with ?lang=es); the English title changing puts it out of date, and
// the side-by-side view marks the changed words; a text the server refuses is said beside its box;
// a contributor reads the words but is told who saves them, and translates inside a draft (saved
// there, not on the live site); someone else's save first is said with
// the way to reload; the edit screen says each language's state and reads it again after a save.
import '../../test/dom.ts';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { news } from '../../../../server/schema/entities/news.ts';
import { CONTRIBUTOR } from '../../../../server/testing/reviewTeam.ts';
import { call, startRealCms, type RealCms } from '../../test/realCmsTestKit.ts';
import { remember } from '../drafts/workingDraft.ts';
import TranslatePage from './TranslatePage.tsx';
import TranslationsPage from './TranslationsPage.tsx';
import { TranslationStatus } from './TranslationStatus.tsx';

let cms: RealCms;
let id = '';
beforeAll(async () => {
  cms = await startRealCms();
  const made = await call(cms, '/api/news.php?shape=typed', {
    json: { title: 'Science fair', what: 'Bring your projects.', when_date: '2026-11-10', link: '' },
  });
  expect(made.status).toBe(201);
  id = String(made.body.id);
});
afterAll(() => cms?.stop());

function show(at: string) {
  render(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route path="/admin/translations" element={<TranslationsPage />} />
        <Route path="/admin/translations/:entity/:id" element={<TranslatePage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const spanish = async () => (await call(cms, `/api/news.php?lang=es&id=${id}&shape=typed`)).body;

/** The line of the news item on the Translations page. */
async function newsLine() {
  const section = (await screen.findByRole('heading', { name: 'News' })).closest('section')!;
  return (await within(section).findByText('Science fair')).closest('li')!;
}

describe('the Translations page and the side-by-side view', () => {
  it('lists a new item as missing, and translating it side by side makes it up to date', async () => {
    const user = userEvent.setup();
    show('/admin/translations');
    expect(await screen.findByLabelText('Language')).toHaveValue('es');
    expect(
      await screen.findByText(/^Español: \d+ missing, \d+ out of date, \d+ up to date\.$/),
    ).toBeVisible();
    expect(within(await newsLine()).getByText('Missing')).toBeVisible();

    await user.click(screen.getByRole('radio', { name: 'Out of date' }));
    expect(screen.queryByText('Science fair')).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Missing' }));
    await user.click(within(await newsLine()).getByRole('link', { name: 'Translate: Science fair' }));

    expect(await screen.findByRole('heading', { name: /Science fair in Español/ })).toBeVisible();
    expect(screen.getByText('State:').closest('p')).toHaveTextContent('State: Missing');
    expect(screen.getByText('English: Title').nextElementSibling).toHaveTextContent('Science fair');
    await user.type(screen.getByLabelText('Español: Title'), 'Feria de ciencias');
    await user.type(await screen.findByLabelText('Español: What'), 'Traigan sus proyectos.');
    await user.click(screen.getByRole('button', { name: 'Save the translation' }));

    expect(await screen.findByText('Translation saved.')).toBeVisible();
    await waitFor(() =>
      expect(screen.getByText('State:').closest('p')).toHaveTextContent('State: Up to date'),
    );
    expect(screen.getByLabelText('Español: Title')).toHaveValue('Feria de ciencias');
    expect(await spanish()).toMatchObject({
      lang: 'es',
      title: 'Feria de ciencias',
      when_date: '2026-11-10',
    });
  });

  it('marks the item out of date when its English changes, with the changed words highlighted', async () => {
    const changed = await call(cms, `/api/news.php?id=${id}&shape=typed`, {
      method: 'PUT',
      json: { title: 'Spring science fair' },
    });
    expect(changed.status).toBe(200);
    show(`/admin/translations/news/${id}?lang=es`);
    expect(await screen.findByText('State:')).toHaveTextContent('Out of date');
    const title = screen.getByRole('region', { name: /^Title/ });
    expect(title).toHaveTextContent('(the English changed)');
    expect(within(title).getByText('The English changed since this was translated.')).toBeVisible();
    const added = await waitFor(() => {
      const ins = title.querySelector('ins');
      expect(ins).not.toBeNull();
      return ins!;
    });
    expect(added).toHaveTextContent(/added to the English: Spring/);
    expect(within(title).getByLabelText('Español: Title')).toHaveAccessibleDescription(
      'The English changed since this was translated.',
    );
    // The text whose English did not change is not marked.
    expect(screen.getByRole('region', { name: 'What' })).not.toHaveTextContent('The English changed');
  });

  it('says a refused text at the top and beside its box, and saves nothing', async () => {
    const user = userEvent.setup();
    show(`/admin/translations/news/${id}?lang=es`);
    const what = await screen.findByLabelText('Español: What');
    await user.clear(what);
    // `[[` types one “[” (a lone one starts a key's name).
    await user.type(what, 'Nuestra feria: ![[](/media/news/nope.png)');
    await user.click(screen.getByRole('button', { name: 'Save the translation' }));
    // The server's own word (an image needs a description), at the top and beside the box.
    expect(await screen.findByRole('alert')).toHaveTextContent(/description/);
    expect(screen.getByLabelText('Español: What')).toHaveAccessibleDescription(/description/);
    expect(cms.api.requests.some((r) => r.method === 'PUT' && /lang=es/.test(r.url))).toBe(true);
    expect((await spanish()).what).toBe('Traigan sus proyectos.');
  });

  it('shows a contributor the words, and says an editor or admin saves translations', async () => {
    const cora = await cms.colleague(CONTRIBUTOR);
    const admin = cms.site.cookie;
    await cms.showAs(cora);
    try {
      show(`/admin/translations/news/${id}?lang=es`);
      expect(
        await screen.findByText(
          'An editor or admin saves translations on the live site. You can read the English and the translation here, or choose or start a draft (at the top of the page) to translate in it.',
        ),
      ).toBeVisible();
      expect(screen.getByText('Feria de ciencias')).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Save the translation' })).toBeNull();
    } finally {
      await cms.showAs(admin);
    }
  });

  it('lets a contributor translate inside a draft: the draft has the Spanish, the live site not', async () => {
    const user = userEvent.setup();
    const made = await call(cms, '/api/news.php?shape=typed', {
      json: { title: 'Book swap', what: 'Bring a book.', when_date: '2026-12-05', link: '' },
    });
    const item = String(made.body.id);
    const dora = await cms.colleague({ ...CONTRIBUTOR, username: 'dora', email: 'dora@csed.example.org' });
    const started = await call(cms, '/api/drafts', { json: { title: 'Spanish for December' }, cookie: dora });
    const draft = String(started.body.id);
    const admin = cms.site.cookie;
    await cms.showAs(dora);
    try {
      show(`/admin/translations/news/${item}?lang=es&draft=${draft}`);
      expect(
        await screen.findByText(
          'This translation is saved in the draft “Spanish for December”. It goes live on the site when the draft is published.',
        ),
      ).toBeVisible();
      expect(screen.queryByText(/An editor or admin saves translations/)).toBeNull();
      await user.type(await screen.findByLabelText('Español: Title'), 'Intercambio de libros');
      await user.click(screen.getByRole('button', { name: 'Save the translation' }));
      expect(await screen.findByText('Translation saved.')).toBeVisible();
      expect(
        cms.api.requests.some((r) => r.method === 'PUT' && r.url.includes(`lang=es&draft=${draft}`)),
      ).toBe(true);
      const inDraft = await call(cms, `/api/news.php?draft=${draft}&lang=es&id=${item}&shape=typed`);
      expect(inDraft.body).toMatchObject({ title: 'Intercambio de libros', lang: 'es' });
      const live = await call(cms, `/api/news.php?lang=es&id=${item}&shape=typed`);
      expect(live.body).toMatchObject({ title: 'Book swap', lang: 'en' });
    } finally {
      remember(null);
      await cms.showAs(admin);
    }
  });
});

describe('a one-of-a-kind text', () => {
  it('is translated side by side and saved with its own write call', async () => {
    const user = userEvent.setup();
    show('/admin/translations/footer/1?lang=es');
    expect(await screen.findByRole('heading', { name: /Footer in Español/ })).toBeVisible();
    // The starter site ships the footer in Spanish: its words are there to change.
    const box = await screen.findByLabelText('Español: Legal notice');
    expect((box as HTMLTextAreaElement).value).toContain('sin fines de lucro');
    await user.clear(box);
    await user.type(box, 'Todos los derechos reservados.');
    await user.click(screen.getByRole('button', { name: 'Save the translation' }));
    expect(await screen.findByText('Translation saved.')).toBeVisible();
    const read = await call(cms, '/api/footer.php?lang=es&shape=typed');
    expect(read.body).toMatchObject({ lang: 'es', legal_notice: 'Todos los derechos reservados.' });
  });
});

describe('a page built from sections', () => {
  it('puts each section’s words under its own heading, and saves them in place', async () => {
    const made = await call(cms, '/api/pages', {
      json: {
        title: 'Workshops',
        path: '/workshops',
        sections: [
          { type: 'text', body: 'Hands-on workshops for teachers.' },
          { type: 'buttons', items: [{ label: 'Sign up', link: '/contact' }] },
        ],
      },
    });
    expect(made.status).toBe(201);
    const page = String(made.body.id);
    const user = userEvent.setup();
    show(`/admin/translations/pages/${page}?lang=es`);
    const sections = await screen.findByRole('region', { name: 'Sections' });
    expect(
      within(sections)
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(['Section 1 (Text)', 'Section 2 (Buttons), button 1']);
    await user.type(screen.getByLabelText('Español: Title'), 'Talleres');
    await user.type(
      await screen.findByLabelText('Español: Section 1 (Text), Text'),
      'Talleres prácticos para docentes.',
    );
    await user.type(
      screen.getByLabelText('Español: Section 2 (Buttons), button 1, Button words'),
      'Inscríbete',
    );
    await user.click(screen.getByRole('button', { name: 'Save the translation' }));
    expect(await screen.findByText('Translation saved.')).toBeVisible();

    const read = await call(cms, `/api/pages?id=${page}&lang=es&shape=typed`);
    expect(read.body).toMatchObject({
      title: 'Talleres',
      sections: [
        { type: 'text', body: 'Talleres prácticos para docentes.' },
        { type: 'buttons', items: [{ label: 'Inscríbete', link: '/contact' }] },
      ],
    });
  });
});

describe('a translation someone else saved first', () => {
  it('is said in plain words with the way to reload, which shows their words', async () => {
    const user = userEvent.setup();
    show(`/admin/translations/news/${id}?lang=es`);
    const title = await screen.findByLabelText('Español: Title');
    const { version } = (await call(cms, `/api/translations/news/${id}?lang=es`)).body;
    const theirs = await call(cms, `/api/news.php?id=${id}&lang=es&shape=typed`, {
      method: 'PUT',
      json: { title: 'Gran feria de ciencias', version },
    });
    expect(theirs.status).toBe(200);

    await user.clear(title);
    await user.type(title, 'Feria de ciencias de primavera');
    await user.click(screen.getByRole('button', { name: 'Save the translation' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/Someone else saved a newer translation/);
    expect((await spanish()).title).toBe('Gran feria de ciencias');
    await user.click(within(alert).getByRole('button', { name: 'Reload the translation' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Español: Title')).toHaveValue('Gran feria de ciencias'),
    );
  });
});

describe('an item’s translation state where staff edit it', () => {
  it('says each language’s state with the way to translate it, read again when the item is saved', async () => {
    const line = (version: string) => (
      <MemoryRouter>
        <TranslationStatus def={news} id={id} version={version} />
      </MemoryRouter>
    );
    const { rerender } = render(line('before'));
    const list = await screen.findByRole('list', { name: 'Translations' });
    expect(list).toHaveTextContent('Español: Up to date — Translate into Español');
    expect(within(list).getByRole('link', { name: 'Translate into Español' })).toHaveAttribute(
      'href',
      `/admin/translations/news/${id}?lang=es`,
    );

    const saved = await call(cms, `/api/news.php?id=${id}&shape=typed`, {
      method: 'PUT',
      json: { what: 'Bring your projects and a friend.' },
    });
    rerender(line(String(saved.body.version)));
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Translations' })).toHaveTextContent('Español: Out of date'),
    );
  });
});
