// The organisation's name as it appears in the header, footer and page titles.
export const SITE_NAME = 'Oregon CS Education Alliance';
export const SITE_TAGLINE = 'Computer science for every student';
