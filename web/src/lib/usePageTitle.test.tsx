// @vitest-environment jsdom
// Moving between pages inside the app: the tab's title, the meta description and the link-preview
// tags follow the page shown, as the server wrote them for the first one.
import '../test/dom.ts';
import { render } from '@testing-library/react';
import { expect, it } from 'vitest';
import { usePageTitle } from './usePageTitle.ts';
import { SITE_DESCRIPTION } from '../../../server/schema/site/pageDescription.ts';
import { SITE_NAME } from '../../../server/schema/site/brand.ts';

function Page({ title, description }: { title?: string; description?: string }) {
  usePageTitle(title, { description });
  return null;
}

const meta = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');

it('keeps the title, description and Open Graph tags of the page shown', () => {
  document.head.innerHTML = [
    '<meta name="description" content="From the server" />',
    '<meta property="og:description" content="From the server" />',
    '<meta property="og:title" content="From the server" />',
  ].join('');
  const { rerender } = render(<Page title="About Us" description="Our mission:   every student." />);
  expect(document.title).toBe(`About Us | ${SITE_NAME}`);
  expect(meta('meta[name="description"]')).toBe('Our mission: every student.');
  expect(meta('meta[property="og:description"]')).toBe('Our mission: every student.');
  expect(meta('meta[property="og:title"]')).toBe('About Us');
  rerender(<Page title="News" />);
  expect(meta('meta[name="description"]')).toBe(SITE_DESCRIPTION);
  expect(meta('meta[property="og:title"]')).toBe('News');
  rerender(<Page title="Research" description={'x '.repeat(150)} />);
  expect(meta('meta[name="description"]')!.length).toBeLessThanOrEqual(200);
});
