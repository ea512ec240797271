// The organisation's name as it appears in the header, footer and page titles.
export const SITE_NAME = 'Oregon CS Education Alliance';
export const SITE_TAGLINE = 'Computer science for every student';

/** A page's document title: its own title and the site's name (the home page: the name alone). */
export const fullTitle = (title: string | undefined) => (title ? `${title} | ${SITE_NAME}` : SITE_NAME);
