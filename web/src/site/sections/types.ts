// A staff page and its sections as the web app reads them (`pages?path=…`, typed, pictures as
// /media/ URLs): the shapes of server/schema/pages/sections.ts. The declaration types a list field's
// items only as unknown: these say what the public components draw. Type-only imports.
import type { ListSource } from '../../../../server/schema/pages/sections.ts';

export interface Link {
  label: string;
  link: string;
}

export type Section =
  | { type: 'text'; body: string }
  | { type: 'image'; image: string; alt?: string; caption?: string }
  | { type: 'buttons'; items: Link[] }
  | {
      type: 'cards';
      heading?: string;
      items: { title: string; body?: string; image?: string; link?: string }[];
    }
  | { type: 'list'; heading?: string; source: ListSource; count: number }
  | { type: 'people'; heading?: string; profiles: string[] }
  | { type: 'faq'; heading?: string; items: { question: string; answer: string }[] }
  | { type: 'video'; url: string; title: string; transcript?: string };

export interface StaffPageItem {
  id: string;
  version: string;
  title: string;
  path: string;
  summary?: string;
  sections: Section[];
  /** What language it came in, when the page asked for one (?lang=es): 'en' while not translated. */
  lang?: string;
}

/** What the component of one kind of section gets: its fields. */
export type SectionProps<T extends Section['type']> = Extract<Section, { type: T }>;
