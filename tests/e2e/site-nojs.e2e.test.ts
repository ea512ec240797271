// Without JavaScript (issue 10): every public route reads fully, the navigation works at 1280 and
// 390 px (the narrow menu is a checkbox there), research PDFs download from plain links, and the
// contact form posts to handle_form.php and shows what came of it, keeping what was typed.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, keepScreenshot } from './support/browser.ts';
import { startTestSite, type TestSite } from './support/server.ts';

let site: TestSite;
let browser: Browser;
type Rec = Record<string, string>;

const api = async <T>(endpoint: string): Promise<T> =>
  (await (
    await fetch(`${site.url}/api/${endpoint}${endpoint.includes('?') ? '&' : '?'}media=url`)
  ).json()) as T;

async function noScriptPage(width: number): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width, height: 900 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

beforeAll(async () => {
  site = await startTestSite();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.cleanup();
});

describe('without JavaScript', () => {
  it('every public route reads fully, at 1280 and 390 px', async () => {
    const news = await api<Rec[]>('news.php');
    const papers = await api<Rec[]>('get_pdf_metadata.php');
    const profiles = await api<Rec[]>('about_us.php');
    const home = await api<Rec>('homepage.php');
    const checks: Record<string, string[]> = {
      '/': [home.quoteAttribution!],
      '/about': ['About Us', profiles[0]!.name!],
      '/educators': ['Resources'],
      '/summerOfCS': ['Workshop Schedule'],
      '/winterOfCS': [],
      '/researchAndPolicy': ['State Policies'],
      '/news': ['News and Features', news[0]!.title!],
      '/events': ['Events'],
      '/spotlight': ['Spotlight'],
      '/research': [papers[0]!.study_title!],
      '/TableauDashboardEmbed': ['Data Dashboard'],
      '/contact': ['Contact Us'],
    };
    const failures: string[] = [];
    for (const width of [1280, 390]) {
      const { page, close } = await noScriptPage(width);
      for (const [route, texts] of Object.entries(checks)) {
        await page.goto(site.url + route);
        const at = `${route} @${width}`;
        if (!(await page.locator('main h1').first().isVisible())) failures.push(`${at}: no visible h1`);
        for (const t of texts) {
          const shown = await page.locator('main').getByText(t, { exact: false }).first().isVisible();
          if (!shown) failures.push(`${at}: "${t}"`);
        }
        if (await page.getByText(/^Loading/).count()) failures.push(`${at}: says Loading`);
        if (await page.getByText('needs JavaScript').count()) failures.push(`${at}: needs JavaScript`);
      }
      await close();
    }
    expect(failures).toEqual([]);
  });

  it('shows what JavaScript would unfold: the summer details and every spotlight text', async () => {
    const dropdowns = await api<Rec[]>('event_dropdowns.php');
    const slides = await api<Rec[]>('spotlight.php');
    const { page, close } = await noScriptPage(1280);
    await page.goto(`${site.url}/summerOfCS`);
    for (const panel of await page.locator('.dropdown-panel').all())
      expect(await panel.isVisible()).toBe(true);
    expect(await page.locator('.dropdown-panel').count()).toBe(dropdowns.length);
    await page.goto(`${site.url}/about`);
    const texts = page.locator('.spotlight-texts > li');
    expect(await texts.count()).toBe(slides.length);
    for (const [i, slide] of slides.entries()) {
      expect(await texts.nth(i).getByRole('heading', { name: slide.title }).isVisible()).toBe(true);
      expect((await texts.nth(i).locator('.markdown').textContent())?.trim().length).toBeGreaterThan(0);
    }
    expect(
      await page
        .getByRole('button', { name: /Read more/ })
        .first()
        .isVisible(),
    ).toBe(false);
    await close();
  });

  it('navigates with the wide menu: links, and the dropdowns open on focus', async () => {
    const { page, close } = await noScriptPage(1280);
    await page.goto(`${site.url}/`);
    expect(await page.locator('label.nav-toggle-label').isVisible()).toBe(false);
    await nav(page).getByRole('link', { name: 'NEWS', exact: true }).click();
    await page.waitForURL('**/news');
    await page.getByRole('heading', { level: 1, name: 'News and Features' }).waitFor();
    // A dropdown's links show once the keyboard is in it.
    const events = (await api<Rec[]>('majorevents.php')).filter((e) => e.hidden === '0');
    await nav(page).getByRole('button', { name: 'EVENTS', exact: true }).focus();
    const first = nav(page).getByRole('link', { name: events[0]!.header, exact: true });
    expect(await first.isVisible()).toBe(true);
    await first.click();
    await page.waitForURL((u) => u.pathname.toLowerCase() === (events[0]!.page_url || '/').toLowerCase());
    await close();
  });

  it('opens and follows the narrow menu at 390 px', async () => {
    const { page, close } = await noScriptPage(390);
    await page.goto(`${site.url}/`);
    const research = nav(page).getByRole('link', { name: 'RESEARCH', exact: true });
    expect(await research.isVisible()).toBe(false);
    await page.locator('label.nav-toggle-label').click();
    for (const name of ['HOME', 'ABOUT US', 'RESEARCH', 'POLICY', 'NEWS & EVENTS', 'Contact Us']) {
      expect(await nav(page).getByRole('link', { name, exact: true }).isVisible(), name).toBe(true);
    }
    // The wide layout's dropdowns are not in the narrow menu.
    expect(await nav(page).getByRole('button', { name: 'EVENTS', exact: true }).isVisible()).toBe(false);
    await keepScreenshot(page, 'test-results/screens/nojs-menu-390.png');
    await research.click();
    await page.waitForURL('**/research');
    await page.getByRole('heading', { level: 1, name: 'Research' }).waitFor();
    // The keyboard opens it too: the checkbox takes focus and Space toggles it.
    await page.locator('input.nav-toggle').focus();
    await page.keyboard.press('Space');
    expect(await nav(page).getByRole('link', { name: 'POLICY', exact: true }).isVisible()).toBe(true);
    await close();
  });

  it('downloads a research PDF from its plain link', async () => {
    const papers = await api<Rec[]>('get_pdf_metadata.php');
    const { page, close } = await noScriptPage(1280);
    await page.goto(`${site.url}/research`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .locator('.paper')
        .first()
        .getByRole('link', { name: /Download/ })
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${papers[0]!.file_name}.pdf`);
    await close();
  });

  it('sends the contact form: the field problems with what was typed, then the success message', async () => {
    const { page, close } = await noScriptPage(390);
    await page.goto(`${site.url}/`);
    await page.locator('label.nav-toggle-label').click();
    await nav(page).getByRole('link', { name: 'Contact Us', exact: true }).click();
    await page.waitForURL('**/contact');
    const form = page.locator('main form');
    await form.getByLabel('Name').fill('Ada Teacher');
    await form.getByLabel('Title').fill('CS teacher');
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByLabel('How can we help you?').fill('We would like a workshop at our school.');
    await form.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
    // Refused: the email's problem beside it, and everything typed is still there.
    expect(await page.locator('.field-error').first().textContent()).toMatch(/email/i);
    expect(await form.getByLabel('Name').inputValue()).toBe('Ada Teacher');
    const message = await form.getByLabel('How can we help you?').inputValue();
    expect(message).toBe('We would like a workshop at our school.');
    expect(await form.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');

    await form.getByLabel('Email').fill('ada@example.org');
    await form.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Form submitted successfully!').waitFor();
    await close();

    // An incomplete form says so, keeping what was typed.
    const second = await noScriptPage(1280);
    await second.page.goto(`${site.url}/contact`);
    await second.page.locator('main form').getByLabel('Name').fill('Only a name');
    await second.page.locator('main form').getByRole('button', { name: 'Send' }).click();
    await second.page.getByText('Please fill all fields').waitFor();
    expect(await second.page.locator('main form').getByLabel('Name').inputValue()).toBe('Only a name');
    await second.close();
  });

  it('answers a form post with a page, but JSON to a caller that asks for JSON', async () => {
    const body = new URLSearchParams({ name: 'N', title: 'T', email: 'x', contact: 'Hi' }).toString();
    const headers = { origin: site.url, 'content-type': 'application/x-www-form-urlencoded' };
    const post = (accept: string) =>
      fetch(`${site.url}/api/handle_form.php`, { method: 'POST', body, headers: { ...headers, accept } });
    const page = await post('text/html');
    expect(page.status).toBe(400);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('value="N"');
    const json = await post('application/json');
    expect(json.status).toBe(400);
    expect(((await json.json()) as { fields: Rec }).fields.email).toBeTruthy();
  });

  it('answers too long and too many with the contact page saying so, not JSON', async () => {
    const headers = {
      origin: site.url,
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'text/html',
    };
    const post = (contact: string) =>
      fetch(`${site.url}/api/handle_form.php`, {
        method: 'POST',
        headers,
        body: new URLSearchParams({
          name: 'N',
          title: 'T',
          employer: 'E',
          email: 'n@example.org',
          contact,
        }).toString(),
      });
    const long = await post('x'.repeat(20_000));
    expect(long.status).toBe(413);
    expect(long.headers.get('content-type')).toContain('text/html');
    expect(await long.text()).toContain('Your message is too long to send');
    let last: Response | undefined;
    for (let i = 0; i < 7 && last?.status !== 429; i++) last = await post(`Message ${i}`);
    expect(last!.status).toBe(429);
    expect(last!.headers.get('content-type')).toContain('text/html');
    const text = await last!.text();
    expect(text).toContain('Too many messages from your address');
  });
});
