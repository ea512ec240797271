// Every write call of the admin spec §7, driven from one table over the registry's entities: the happy
// path checked with the git CLI (one commit, author, message, media in the same commit, clean work
// tree), the answer reflected in the next GET, 401 signed out, 400 with the spec's message and
// `fields`, 409 on a stale version. Per-entity special calls are written out below the tables.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../../testing/testSite.ts';
import { collections, entities, singletons } from '../../schema/registry.ts';
import type { CollectionDef, SingletonDef } from '../../schema/define.ts';
import { PAPER_MISSING_FILES } from '../../schema/entities/paper.ts';
import { addPage } from './pagesTestKit.ts';
import {
  addEditorAndSignIn,
  answer,
  commitCount,
  expectClean,
  expectNoCommit,
  expectOneCommit,
  file,
  form,
  getOne,
  git,
  jpg,
  list,
  pdfBytes,
  png,
  readWorkTree,
  existsInWorkTree,
  type FileSpec,
} from './writesTestKit.ts';

let site: TestSite;
let author: { name: string; email: string };

beforeAll(async () => {
  site = await startTestSite();
  author = await addEditorAndSignIn(site);
  // The starter has no page staff built; the table's signed-out row needs one that exists.
  await addPage(site, { title: 'Programs', path: '/programs', sections: [] });
});
afterAll(async () => {
  await site?.stop();
});

// ---- calls ---------------------------------------------------------------------------------------

type Body =
  { json: Record<string, unknown> } | { form: Record<string, string>; files?: Record<string, FileSpec> };
interface Call {
  method: 'POST' | 'PUT';
  path: string;
  body: Body;
}

const json = (method: Call['method'], path: string, body: Record<string, unknown>): Call => ({
  method,
  path,
  body: { json: body },
});
const multipart = (
  method: Call['method'],
  path: string,
  fields: Record<string, string>,
  files: Record<string, FileSpec> = {},
): Call => ({ method, path, body: { form: fields, files } });

function send(call: Call, extra: Record<string, string> = {}) {
  const init =
    'json' in call.body
      ? { method: call.method, json: { ...call.body.json, ...extra } }
      : { method: call.method, body: form({ ...call.body.form, ...extra }, call.body.files) };
  return site.api(`/api/${call.path}`, init);
}

/** What a stored media file must be: the wire field, its path suffix and the uploaded bytes. */
interface Media {
  wire: string;
  ext: string;
  bytes: Buffer;
}

interface CollectionCase {
  def: CollectionDef<any>;
  create: Call;
  createTitle: string;
  created: Record<string, unknown>;
  createdMedia?: Media[];
  update: (id: string) => Call;
  updateTitle: string;
  updated: Record<string, unknown>;
  /** Media written by the update (same path: M; a new extension: old D + new A). */
  updatedMedia?: Media[];
  remove: (id: string) => string;
  invalid: Call;
  invalidError: string;
  invalidFields: Record<string, string>;
}

const LINK_MESSAGE = (label: string) =>
  `${label} must be a web address (https://…), an email link (mailto:…) or a page of this site (/…)`;

const headshot = jpg('headshot of Priya');
const headshot2 = png('new headshot of Priya');
const icon = png('dropdown icon');
const logo = png('resource logo');
const logo2 = jpg('resource logo, second');
const slide = jpg('spotlight slide');
const paperPdf = pdfBytes('first upload');
const paperPdf2 = pdfBytes('corrected upload');
const firstPage = jpg('first page');
const firstPage2 = png('first page, corrected');

const COLLECTIONS: CollectionCase[] = [
  {
    def: entities.banner,
    create: json('POST', 'get_headder.php', {
      banner_text: 'Registration for the spring meetup is open',
      banner_link: '/events',
      banner_link_text: 'Register',
      hidden: '1',
    }),
    createTitle: 'Registration for the spring meetup is open',
    created: {
      banner_text: 'Registration for the spring meetup is open',
      banner_link: '/events',
      banner_link_text: 'Register',
      hidden: '1',
    },
    update: (id) =>
      json('PUT', `get_headder.php?id=${id}`, {
        banner_text: 'Spring meetup: last seats',
        banner_link: 'example.org/spring',
        banner_link_text: 'Grab a seat',
        hidden: '0',
      }),
    updateTitle: 'Spring meetup: last seats',
    updated: {
      banner_text: 'Spring meetup: last seats',
      banner_link: 'https://example.org/spring',
      banner_link_text: 'Grab a seat',
      hidden: '0',
    },
    remove: (id) => `get_headder.php?id=${id}`,
    invalid: json('POST', 'get_headder.php', { banner_text: 'Click me', banner_link: 'javascript:alert(1)' }),
    invalidError: LINK_MESSAGE('Banner link'),
    invalidFields: { banner_link: LINK_MESSAGE('Banner link') },
  },
  {
    def: entities.eventCard,
    create: json('POST', 'events.php', {
      title: 'Spring CS Teacher Meetup',
      bold: 'Free, lunch included',
      what: 'An afternoon of **unplugged** activities.',
      who: 'K–12 teachers',
      when_date: 'Saturday, April 11, 2026, 10am–2pm',
      start_date: '2026-04-11',
      is_full: '0',
      flyer_link: '/flyers/spring',
      apply_link: 'https://example.org/apply',
      major_event_associated: 'None',
      display_event: '2',
      news_type: '1',
    }),
    createTitle: 'Spring CS Teacher Meetup',
    created: {
      title: 'Spring CS Teacher Meetup',
      bold: 'Free, lunch included',
      what: 'An afternoon of **unplugged** activities.',
      who: 'K–12 teachers',
      when_date: 'Saturday, April 11, 2026, 10am–2pm',
      start_date: '2026-04-11',
      is_full: '0',
      flyer_link: '/flyers/spring',
      apply_link: 'https://example.org/apply',
      major_event_associated: 'None',
      display_event: '2',
      news_type: '1',
    },
    update: (id) =>
      json('PUT', `events.php?id=${id}`, {
        id,
        title: 'Spring CS Teacher Meetup (full)',
        bold: 'Waiting list only',
        what: 'An afternoon of unplugged activities.',
        who: 'K–12 teachers',
        when_date: 'Saturday, April 11, 2026',
        start_date: '2026-04-11',
        is_full: '1',
        flyer_link: 'example.org/flyer.pdf',
        apply_link: 'https://example.org/apply',
        major_event_associated: 'Winter of CS Institute',
        display_event: '1',
        news_type: '2',
      }),
    updateTitle: 'Spring CS Teacher Meetup (full)',
    updated: {
      title: 'Spring CS Teacher Meetup (full)',
      bold: 'Waiting list only',
      is_full: '1',
      flyer_link: 'https://example.org/flyer.pdf',
      major_event_associated: 'Winter of CS Institute',
      display_event: '1',
      news_type: '2',
    },
    remove: (id) => `events.php?id=${id}`,
    invalid: json('POST', 'events.php', { title: '   ', what: 'No title' }),
    invalidError: 'Title is required',
    invalidFields: { title: 'Title is required' },
  },
  {
    def: entities.majorEvent,
    create: json('POST', 'majorevents.php', {
      header: 'Computing in the High Desert',
      location: 'Bend',
      date_range: 'July 7–9, 2026',
      organization: 'OCSEA',
      optional_event_description_bold_text: 'Apply by May 1',
      event_description: '## Three days\n\nOf *hands-on* workshops.',
      hidden: '0',
      page_url: '/EventPage3',
    }),
    createTitle: 'Computing in the High Desert',
    // A new page starts hidden whatever the form sent (spec §4).
    created: {
      header: 'Computing in the High Desert',
      location: 'Bend',
      date_range: 'July 7–9, 2026',
      organization: 'OCSEA',
      optional_event_description_bold_text: 'Apply by May 1',
      event_description: '## Three days\n\nOf *hands-on* workshops.',
      hidden: '1',
      page_url: '/EventPage3',
    },
    update: (id) =>
      json('PUT', `majorevents.php?id=${id}&update_type=full`, {
        header: 'Computing in the High Desert 2026',
        location: 'Bend and Redmond',
        date_range: 'July 7–10, 2026',
        organization: 'OCSEA',
        optional_event_description_bold_text: '',
        event_description: 'Four days of workshops.',
        hidden: '1',
        page_url: '/EventPage2',
      }),
    updateTitle: 'Computing in the High Desert 2026',
    updated: {
      header: 'Computing in the High Desert 2026',
      location: 'Bend and Redmond',
      date_range: 'July 7–10, 2026',
      optional_event_description_bold_text: '',
      event_description: 'Four days of workshops.',
      hidden: '1',
      page_url: '/EventPage2',
    },
    remove: (id) => `majorevents.php?id=${id}`,
    invalid: json('POST', 'majorevents.php', { header: '', location: 'Bend', event_description: '' }),
    invalidError: 'Header is required',
    invalidFields: { header: 'Header is required', event_description: 'Event description is required' },
  },
  {
    def: entities.paper,
    create: multipart(
      'POST',
      'pdf_upload.php',
      {
        fileName: 'OCSEA-Brief-9',
        studyTitle: 'Rural access to computer science',
        abstract: 'We looked at **rural** schools.',
        publicationDate: '05/03/2026',
      },
      {
        firstPage: file(firstPage, 'page1.jpg', 'image/jpeg'),
        pdfFile: file(paperPdf, 'brief.pdf', 'application/pdf'),
      },
    ),
    createTitle: 'Rural access to computer science',
    created: {
      file_name: 'OCSEA-Brief-9',
      study_title: 'Rural access to computer science',
      abstract: 'We looked at **rural** schools.',
      publicationDate: '05/03/2026',
    },
    createdMedia: [
      { wire: 'pdf', ext: 'pdf', bytes: paperPdf },
      { wire: 'first_page', ext: 'jpg', bytes: firstPage },
    ],
    update: (id) =>
      multipart(
        'POST',
        'pdf_update.php',
        {
          fileId: id,
          studyTitle: 'Rural access to computer science, revised',
          publicationDate: '2026-03-06',
        },
        {
          pdfFile: file(paperPdf2, 'v2.pdf', 'application/pdf'),
          firstPage: file(firstPage2, 'p1.png', 'image/png'),
        },
      ),
    updateTitle: 'Rural access to computer science, revised',
    updated: {
      file_name: 'OCSEA-Brief-9',
      study_title: 'Rural access to computer science, revised',
      abstract: 'We looked at **rural** schools.',
      publicationDate: '06/03/2026',
    },
    updatedMedia: [
      { wire: 'pdf', ext: 'pdf', bytes: paperPdf2 },
      { wire: 'first_page', ext: 'png', bytes: firstPage2 },
    ],
    remove: (id) => `pdf_upload.php?id=${id}`,
    invalid: multipart('POST', 'pdf_upload.php', { fileName: 'No files', studyTitle: 'Forgot the files' }),
    invalidError: PAPER_MISSING_FILES,
    invalidFields: {
      pdf: PAPER_MISSING_FILES,
      first_page: PAPER_MISSING_FILES,
      pdfFile: PAPER_MISSING_FILES,
      firstPage: PAPER_MISSING_FILES,
    },
  },
  {
    def: entities.news,
    create: json('POST', 'news.php', {
      title: 'Summer symposium registration opens',
      link: 'example.org/symposium',
      what: 'Seats are limited.',
      when_date: '2026-03-01',
    }),
    createTitle: 'Summer symposium registration opens',
    created: {
      title: 'Summer symposium registration opens',
      link: 'https://example.org/symposium',
      what: 'Seats are limited.',
      when_date: '2026-03-01',
    },
    update: (id) =>
      json('PUT', `news.php?id=${id}`, {
        title: 'Summer symposium registration closes soon',
        link: '/summerOfCS',
        what: 'Last seats.',
        when_date: '2026-05-20',
      }),
    updateTitle: 'Summer symposium registration closes soon',
    updated: {
      title: 'Summer symposium registration closes soon',
      link: '/summerOfCS',
      what: 'Last seats.',
      when_date: '2026-05-20',
    },
    remove: (id) => `news.php?id=${id}`,
    invalid: json('POST', 'news.php', { title: '', link: '/x' }),
    invalidError: 'Title is required',
    invalidFields: { title: 'Title is required' },
  },
  {
    def: entities.profile,
    create: multipart(
      'POST',
      'about_us.php',
      { name: 'Priya Raman', title: '**Program Manager**\n\nRuns the summer symposium.' },
      { headshot: file(headshot, 'priya.jpg', 'image/jpeg') },
    ),
    createTitle: 'Priya Raman',
    created: { name: 'Priya Raman', title: '**Program Manager**\n\nRuns the summer symposium.' },
    createdMedia: [{ wire: 'headshot', ext: 'jpg', bytes: headshot }],
    update: (id) =>
      multipart(
        'POST',
        'about_us.php',
        { id, name: 'Priya Raman-Ellis', title: '**Director of Programs**' },
        { headshot: file(headshot2, 'priya.png', 'image/png') },
      ),
    updateTitle: 'Priya Raman-Ellis',
    updated: { name: 'Priya Raman-Ellis', title: '**Director of Programs**' },
    updatedMedia: [{ wire: 'headshot', ext: 'png', bytes: headshot2 }],
    remove: (id) => `about_us.php?id=${id}`,
    invalid: multipart('POST', 'about_us.php', { name: ' ', title: 'Nobody' }),
    invalidError: 'Name is required',
    invalidFields: { name: 'Name is required' },
  },
  {
    def: entities.eventDropdown,
    create: multipart(
      'POST',
      'event_dropdowns.php',
      { title: 'Parking and transit', content: 'Park in **lot C**.' },
      { image_icon: file(icon, 'car.png', 'image/png') },
    ),
    createTitle: 'Parking and transit',
    created: { title: 'Parking and transit', content: 'Park in **lot C**.' },
    createdMedia: [{ wire: 'image_icon', ext: 'png', bytes: icon }],
    update: (id) =>
      multipart('POST', 'event_dropdowns.php', {
        id,
        title: 'Parking, transit and bikes',
        content: 'Park in lot C; bike racks by the door.',
      }),
    updateTitle: 'Parking, transit and bikes',
    updated: { title: 'Parking, transit and bikes', content: 'Park in lot C; bike racks by the door.' },
    remove: (id) => `event_dropdowns.php?id=${id}`,
    invalid: multipart('POST', 'event_dropdowns.php', { title: '', content: '' }),
    invalidError: 'Title is required',
    invalidFields: { title: 'Title is required', content: 'Content is required' },
  },
  {
    def: entities.resource,
    create: multipart(
      'POST',
      'resources.php',
      { resource_name: 'CS Unplugged', url_link: 'csunplugged.org/en/' },
      { logo: file(logo, 'logo.png', 'image/png') },
    ),
    createTitle: 'CS Unplugged',
    created: { resource_name: 'CS Unplugged', url_link: 'https://csunplugged.org/en/' },
    createdMedia: [{ wire: 'logo', ext: 'png', bytes: logo }],
    update: (id) =>
      multipart(
        'POST',
        'resources.php',
        { id, resource_name: 'CS Unplugged (activities)', url_link: 'https://www.csunplugged.org/' },
        { logo: file(logo2, 'logo.jpg', 'image/jpeg') },
      ),
    updateTitle: 'CS Unplugged (activities)',
    updated: { resource_name: 'CS Unplugged (activities)', url_link: 'https://www.csunplugged.org/' },
    updatedMedia: [{ wire: 'logo', ext: 'jpg', bytes: logo2 }],
    remove: (id) => `resources.php?id=${id}`,
    invalid: multipart('POST', 'resources.php', { resource_name: 'Evil', url_link: 'javascript:alert(1)' }),
    invalidError: LINK_MESSAGE('Link'),
    invalidFields: { url_link: LINK_MESSAGE('Link') },
  },
  {
    def: entities.spotlightSlide,
    create: multipart(
      'POST',
      'spotlight.php',
      { title: 'Ms. Alvarez, Hermiston', text: 'Started the first **CS club** in her district.' },
      { image: file(slide, 'alvarez.jpg', 'image/jpeg') },
    ),
    createTitle: 'Ms. Alvarez, Hermiston',
    created: { title: 'Ms. Alvarez, Hermiston', text: 'Started the first **CS club** in her district.' },
    createdMedia: [{ wire: 'image', ext: 'jpg', bytes: slide }],
    update: (id) =>
      multipart('POST', 'spotlight.php', {
        id,
        title: 'Ms. Alvarez, Hermiston High',
        text: 'Her club now has 40 members.',
      }),
    updateTitle: 'Ms. Alvarez, Hermiston High',
    updated: { title: 'Ms. Alvarez, Hermiston High', text: 'Her club now has 40 members.' },
    remove: (id) => `spotlight.php?id=${id}`,
    invalid: multipart('POST', 'spotlight.php', { title: 'No text', text: '' }),
    invalidError: 'Text is required',
    invalidFields: { text: 'Text is required' },
  },
  {
    def: entities.statePolicy,
    create: json('POST', 'state_policies.php', {
      title: 'K–12 CS standards',
      text: 'Adopted in **2016**.',
      implementation: '1',
    }),
    createTitle: 'K–12 CS standards',
    created: { title: 'K–12 CS standards', text: 'Adopted in **2016**.', implementation: '1' },
    update: (id) =>
      json('PUT', 'state_policies.php', {
        id,
        title: 'K–12 CS standards (revision)',
        text: 'A revision is under way.',
        implementation: '2',
      }),
    updateTitle: 'K–12 CS standards (revision)',
    updated: { title: 'K–12 CS standards (revision)', text: 'A revision is under way.', implementation: '2' },
    remove: (id) => `state_policies.php?id=${id}`,
    invalid: json('POST', 'state_policies.php', {
      title: 'Dedicated funding',
      text: 'Some text',
      implementation: '4',
    }),
    invalidError: 'Implementation must be 1 (Implemented), 2 (In Progress) or 3 (Not Implemented)',
    invalidFields: {
      implementation: 'Implementation must be 1 (Implemented), 2 (In Progress) or 3 (Not Implemented)',
    },
  },
  {
    def: entities.page,
    create: json('POST', 'pages', {
      title: 'Summer of CS camp',
      path: '/programs/summer-camp',
      summary: 'A week of coding.',
      sections: [
        { type: 'text', body: '## Who it is for\n\nTeachers **new** to CS.' },
        { type: 'buttons', items: [{ label: 'Apply', link: '/contact' }] },
        { type: 'faq', items: [{ question: 'Is it free?', answer: 'Yes.' }] },
      ],
    }),
    createTitle: 'Summer of CS camp',
    created: {
      title: 'Summer of CS camp',
      path: '/programs/summer-camp',
      summary: 'A week of coding.',
      sections: [
        { type: 'text', body: '## Who it is for\n\nTeachers **new** to CS.' },
        { type: 'buttons', items: [{ label: 'Apply', link: '/contact' }] },
        { type: 'faq', heading: '', items: [{ question: 'Is it free?', answer: 'Yes.' }] },
      ],
    },
    update: (id) =>
      json('PUT', `pages?id=${id}`, {
        title: 'Summer of CS camp 2026',
        path: '/programs/summer-camp',
        summary: 'A week of coding, in July.',
        sections: [
          { type: 'list', source: 'events', count: '4' },
          { type: 'text', body: 'Teachers new to CS.' },
        ],
      }),
    updateTitle: 'Summer of CS camp 2026',
    updated: {
      title: 'Summer of CS camp 2026',
      summary: 'A week of coding, in July.',
      sections: [
        { type: 'list', heading: '', source: 'events', count: 4 },
        { type: 'text', body: 'Teachers new to CS.' },
      ],
    },
    remove: (id) => `pages?id=${id}`,
    invalid: json('POST', 'pages', {
      title: 'Bad button',
      path: '/bad-button',
      sections: [
        { type: 'text', body: 'Fine.' },
        { type: 'buttons', items: [{ label: 'Click', link: 'javascript:alert(1)' }] },
      ],
    }),
    invalidError: `Section 2 (Buttons), button 1: ${LINK_MESSAGE('Link')}`,
    invalidFields: { 'sections.1.items.0.link': `Section 2 (Buttons), button 1: ${LINK_MESSAGE('Link')}` },
  },
];

interface SingletonCase {
  def: SingletonDef<any>;
  /** The documented write, its expected wire answer and the media it writes. */
  call: Call;
  expected: Record<string, unknown>;
  /** Media files the call adds (A) or removes (D), beside the item file (M). */
  mediaChanges?: Record<string, 'A' | 'D'>;
  invalid?: { call: Call; error: string; fields: Record<string, string> };
}

const scheduleImage = jpg('workshop schedule 2026');
const homeFields = {
  banner_text: 'CS for *every* student',
  banner_image_alt: 'Students at laptops',
  heading: 'Create with computing',
  content: 'We help teachers start CS courses.',
  heading1: 'By the numbers',
  content1: 'Access is growing',
  heading2: 'But not everywhere',
  largeNumber1: '46%',
  largeNumber1context: 'of high schools offer CS',
  largeNumber2: '29%',
  largeNumber2context: 'of CS students are girls',
  asteriskText: '* 2025–26 data',
  quote: 'CS changed what my students think they can do.',
  quoteAttribution: 'A teacher in Ontario, OR',
  doe: 'Data from ODE.',
};

const SINGLETONS: SingletonCase[] = [
  {
    def: entities.redirects,
    call: json('PUT', 'redirects.php', { rules: '/old-news /news\n/retired gone /research' }),
    expected: { rules: '/old-news /news\n/retired gone /research' },
    invalid: {
      call: json('PUT', 'redirects.php', { rules: '/a /b\n/b /a' }),
      error:
        'Line 1: “/a” is part of a loop: following the redirects comes back round. Line 2: “/b” is part of a loop: following the redirects comes back round.',
      fields: {
        rules:
          'Line 1: “/a” is part of a loop: following the redirects comes back round. Line 2: “/b” is part of a loop: following the redirects comes back round.',
      },
    },
  },
  {
    def: entities.siteSettings,
    call: json('PUT', 'globals.php', { show_banner: '0' }),
    // Turning the banner off keeps the stored banner_to_show, so turning it on restores it (spec §4).
    expected: { show_banner: '0', banner_to_show: '1' },
    invalid: {
      call: json('PUT', 'globals.php?update_type=banner_selected', { banner_to_show: '99' }),
      error: 'There is no banner with id 99.',
      fields: { banner_to_show: 'There is no banner with id 99.' },
    },
  },
  {
    def: entities.footer,
    call: json('PUT', 'footer.php', { legal_notice: '© 2026 OCSEA. All rights reserved.' }),
    expected: { legal_notice: '© 2026 OCSEA. All rights reserved.' },
    invalid: {
      call: json('PUT', 'footer.php', { legal_notice: '' }),
      error: 'Legal notice is required',
      fields: { legal_notice: 'Legal notice is required' },
    },
  },
  {
    def: entities.policyText,
    call: json('PUT', 'policy_update.php', { policyText: 'Oregon has adopted **five** of ten policies.' }),
    expected: { policyText: 'Oregon has adopted **five** of ten policies.' },
    invalid: {
      call: json('PUT', 'policy_update.php', { policyText: '  ' }),
      error: 'Policy text is required',
      fields: { policyText: 'Policy text is required' },
    },
  },
  {
    def: entities.aboutText,
    call: json('PUT', 'about_us_our_mission.php', {
      id: 1,
      field: 'our_values',
      value: '- **Equity first.**\n- Teachers lead.',
    }),
    expected: { our_values: '- **Equity first.**\n- Teachers lead.' },
    invalid: {
      call: json('PUT', 'about_us_our_mission.php', { id: 1, field: 'our_mission', value: '' }),
      error: 'Our mission is required',
      fields: { our_mission: 'Our mission is required' },
    },
  },
  {
    def: entities.workshopSchedule,
    call: multipart(
      'POST',
      'workshop_schedule.php',
      {},
      { image: file(scheduleImage, 'schedule.jpg', 'image/jpeg') },
    ),
    expected: {},
    mediaChanges: { 'media/site/workshop-schedule.jpg': 'A', 'media/site/workshop-schedule.png': 'D' },
  },
  {
    def: entities.educatorTexts,
    call: json('PUT', 'resources_text.php', {
      id: 1,
      field: 'credentialing',
      value: 'Add a **CS endorsement** to your license.',
    }),
    expected: { credentialing: 'Add a **CS endorsement** to your license.' },
    invalid: {
      call: json('PUT', 'resources_text.php', { id: 1, field: 'proDevAbove', value: '' }),
      error: 'Professional development (above the button) is required',
      fields: { proDevAbove: 'Professional development (above the button) is required' },
    },
  },
  {
    def: entities.educatorButton,
    call: json('PUT', 'resources_button.php', { text: 'Join the Winter of CS', link: '/winterofcs' }),
    expected: { text: 'Join the Winter of CS', link: '/winterofcs' },
    invalid: {
      call: json('PUT', 'resources_button.php', { text: '', link: '' }),
      error: 'Button text is required',
      fields: { text: 'Button text is required', link: 'Button link is required' },
    },
  },
  {
    def: entities.homePage,
    call: json('PUT', 'homepage.php', homeFields),
    expected: homeFields,
  },
  {
    def: entities.languages,
    call: json('PUT', 'languages', {
      languages: [
        { code: 'en', name: 'English' },
        { code: 'es', name: 'Español' },
        { code: 'vi', name: 'Tiếng Việt' },
      ],
    }),
    expected: {
      languages: [
        { code: 'en', name: 'English' },
        { code: 'es', name: 'Español' },
        { code: 'vi', name: 'Tiếng Việt' },
      ],
    },
    invalid: {
      call: json('PUT', 'languages', { languages: [{ code: 'es', name: 'Español' }] }),
      error: 'English (en) comes first: it is the language items are written in.',
      fields: { 'languages.0.code': 'English (en) comes first: it is the language items are written in.' },
    },
  },
  {
    def: entities.navigation,
    call: json('PUT', 'navigation', {
      header: [
        { label: 'HOME', link: '/' },
        { label: 'PROGRAMS', link: '/programs', children: [{ label: 'Camp', link: '/programs/camp' }] },
        { label: 'EVENTS', show: 'wide', event_pages: true },
      ],
      footer: [{ label: 'News', link: '/news' }],
    }),
    expected: {
      header: [
        { label: 'HOME', link: '/', show: 'everywhere', event_pages: false, children: [] },
        {
          label: 'PROGRAMS',
          link: '/programs',
          show: 'everywhere',
          event_pages: false,
          children: [{ label: 'Camp', link: '/programs/camp' }],
        },
        { label: 'EVENTS', link: '', show: 'wide', event_pages: true, children: [] },
      ],
      footer: [{ label: 'News', link: '/news' }],
    },
    invalid: {
      call: json('PUT', 'navigation', {
        header: [{ label: 'HOME', link: 'javascript:alert(1)' }],
        footer: [],
      }),
      error: `Menu item 1: ${LINK_MESSAGE('Link')}`,
      fields: { 'header.0.link': `Menu item 1: ${LINK_MESSAGE('Link')}` },
    },
  },
];

it('the tables cover every entity of the registry that has write calls', () => {
  expect(COLLECTIONS.map((c) => c.def.name).sort()).toEqual(collections.map((c) => c.name).sort());
  expect(SINGLETONS.map((c) => c.def.name).sort()).toEqual(singletons.map((c) => c.name).sort());
});

// ---- collections: create, update, stale update, invalid, signed out, delete -----------------------

describe.each(COLLECTIONS.map((c) => [c.def.name, c] as const))('%s', (_name, c) => {
  const folder = c.def.folder;
  const endpoint = c.def.legacy.endpoint;
  const itemFile = (id: string) => `content/${folder}/${id}.md`;
  const mediaFile = (id: string, m: Media) => `media/${folder}/${id}.${m.ext}`;
  let id = '';
  let createdVersion = '';
  let updatedVersion = '';

  const expectMedia = (item: Record<string, unknown>, media: Media[]) => {
    for (const m of media) {
      expect(item[m.wire]).toMatch(new RegExp(`^/${mediaFile(id, m)}\\?v=[0-9a-f]{12}$`));
      expect(readWorkTree(site, mediaFile(id, m)).equals(m.bytes)).toBe(true);
    }
  };

  it('refuses the create, update and delete signed out (401) and commits nothing', async () => {
    // The same create succeeds signed in (next test), so the 401 comes from the missing session.
    const before = commitCount(site);
    const existing = String((await list(site, endpoint))[0]!.id);
    const cookie = site.cookie;
    site.cookie = '';
    try {
      const unauthorized = { status: 401, body: { error: 'Please sign in to do this.' } };
      expect(await answer(send(c.create))).toEqual(unauthorized);
      expect(await answer(send(c.update(existing)))).toEqual(unauthorized);
      expect(await answer(site.api(`/api/${c.remove(existing)}`, { method: 'DELETE' }))).toEqual(
        unauthorized,
      );
    } finally {
      site.cookie = cookie;
    }
    expectNoCommit(site, before);
    expect((await list(site, endpoint)).some((i) => i.id === existing)).toBe(true);
  });

  it('creates: one commit by the signed-in user, media beside the item, reflected in the next GET', async () => {
    const before = commitCount(site);
    const { status, body } = await answer(send(c.create));
    expect(status).toBe(201);
    expect(body).toMatchObject({ ...c.created, message: 'Submitted successfully!' });
    id = String(body.id);
    expect(id).toMatch(/^\d+$/);
    createdVersion = String(body.version);
    expectOneCommit(site, before, {
      author,
      message: `${folder}: create ${id} "${c.createTitle}"`,
      files: {
        [itemFile(id)]: 'A',
        ...Object.fromEntries((c.createdMedia ?? []).map((m) => [mediaFile(id, m), 'A' as const])),
      },
    });
    const item = (await list(site, endpoint)).find((i) => i.id === id);
    expect(item).toMatchObject({ ...c.created, version: createdVersion });
    expectMedia(item!, c.createdMedia ?? []);
  });

  it('updates: one commit naming collection, action, id and title; media replaced in the same commit', async () => {
    const before = commitCount(site);
    const { status, body } = await answer(send(c.update(id)));
    expect(status).toBe(200);
    expect(body).toMatchObject({ id, ...c.updated, message: 'Updated successfully!' });
    updatedVersion = String(body.version);
    expect(updatedVersion).not.toBe(createdVersion);
    const mediaFiles: Record<string, 'A' | 'M' | 'D'> = {};
    for (const m of c.updatedMedia ?? []) {
      const old = (c.createdMedia ?? []).find((o) => o.wire === m.wire);
      if (old && old.ext !== m.ext) {
        mediaFiles[mediaFile(id, old)] = 'D';
        mediaFiles[mediaFile(id, m)] = 'A';
      } else {
        mediaFiles[mediaFile(id, m)] = old ? 'M' : 'A';
      }
    }
    expectOneCommit(site, before, {
      author,
      message: `${folder}: update ${id} "${c.updateTitle}"`,
      files: { [itemFile(id)]: 'M', ...mediaFiles },
    });
    const item = (await list(site, endpoint)).find((i) => i.id === id);
    expect(item).toMatchObject({ ...c.updated, version: updatedVersion });
    // Media not sent with the update are kept as they were.
    const kept = (c.createdMedia ?? []).filter((m) => !(c.updatedMedia ?? []).some((u) => u.wire === m.wire));
    expectMedia(item!, [...kept, ...(c.updatedMedia ?? [])]);
  });

  it('refuses an update sent with a stale version: 409 with the current item, nothing written', async () => {
    const before = commitCount(site);
    const { status, body } = await answer(send(c.update(id), { version: createdVersion }));
    expect(status).toBe(409);
    expect(body.error).toBe('Someone else saved a newer version of this item while you were editing it.');
    expect(body.current).toMatchObject({ id, ...c.updated, version: updatedVersion });
    expectNoCommit(site, before);
  });

  it('refuses a delete sent with a stale version (409)', async () => {
    const before = commitCount(site);
    const { status, body } = await answer(
      site.api(`/api/${c.remove(id)}&version=${createdVersion}`, { method: 'DELETE' }),
    );
    expect(status).toBe(409);
    expect(body.current).toMatchObject({ id, version: updatedVersion });
    expectNoCommit(site, before);
  });

  it('refuses invalid input with 400, the message and `fields`, and writes nothing', async () => {
    const before = commitCount(site);
    const listBefore = await list(site, endpoint);
    const { status, body } = await answer(send(c.invalid));
    expect(status).toBe(400);
    expect(body).toEqual({ error: c.invalidError, fields: c.invalidFields });
    expectNoCommit(site, before);
    expect(await list(site, endpoint)).toEqual(listBefore);
  });

  it('deletes: the item and its media removed in one commit', async () => {
    const before = commitCount(site);
    const mediaNow = [
      ...(c.createdMedia ?? []).filter((m) => !(c.updatedMedia ?? []).some((u) => u.wire === m.wire)),
      ...(c.updatedMedia ?? []),
    ];
    for (const m of mediaNow) expect(existsInWorkTree(site, mediaFile(id, m))).toBe(true);
    const { status, body } = await answer(site.api(`/api/${c.remove(id)}`, { method: 'DELETE' }));
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, id });
    expectOneCommit(site, before, {
      author,
      message: `${folder}: delete ${id} "${c.updateTitle}"`,
      files: {
        [itemFile(id)]: 'D',
        ...Object.fromEntries(mediaNow.map((m) => [mediaFile(id, m), 'D' as const])),
      },
    });
    for (const m of mediaNow) expect(existsInWorkTree(site, mediaFile(id, m))).toBe(false);
    expect((await list(site, endpoint)).some((i) => i.id === id)).toBe(false);
    expect((await site.api(`/api/${endpoint}?id=${id}`)).status).toBe(404);
    // Deleting it again: 404, nothing committed.
    expect((await site.api(`/api/${c.remove(id)}`, { method: 'DELETE' })).status).toBe(404);
    expectNoCommit(site, before + 1);
  });
});

// ---- singletons: update, stale update, invalid, signed out -----------------------------------------

describe.each(SINGLETONS.map((c) => [c.def.name, c] as const))('%s', (_name, c) => {
  const endpoint = c.def.legacy.endpoint;
  const itemFile = `content/${c.def.file}.md`;
  let versionBefore = '';
  let versionAfter = '';

  it('refuses the write signed out (401), committing nothing', async () => {
    const before = commitCount(site);
    const cookie = site.cookie;
    site.cookie = '';
    try {
      expect(await answer(send(c.call))).toEqual({
        status: 401,
        body: { error: 'Please sign in to do this.' },
      });
    } finally {
      site.cookie = cookie;
    }
    expectNoCommit(site, before);
  });

  it('saves: one commit by the signed-in user, reflected in the next GET', async () => {
    versionBefore = String((await getOne(site, endpoint)).version);
    const before = commitCount(site);
    const { status, body } = await answer(send(c.call));
    expect(status).toBe(200);
    expect(body).toMatchObject({ ...c.expected, message: 'Updated successfully!' });
    versionAfter = String(body.version);
    expect(versionAfter).not.toBe(versionBefore);
    expectOneCommit(site, before, {
      author,
      message: `${c.def.name}: update`,
      files: { [itemFile]: 'M', ...c.mediaChanges },
    });
    expect(await getOne(site, endpoint)).toMatchObject({ ...c.expected, version: versionAfter });
  });

  it('refuses the same write with the version it started from (409 with current)', async () => {
    const before = commitCount(site);
    const { status, body } = await answer(send(c.call, { version: versionBefore }));
    expect(status).toBe(409);
    expect(body.current).toMatchObject({ ...c.expected, version: versionAfter });
    expectNoCommit(site, before);
  });
});

const WITH_RULES = SINGLETONS.filter(
  (c): c is SingletonCase & { invalid: NonNullable<SingletonCase['invalid']> } => !!c.invalid,
);

it.each(WITH_RULES.map((c) => [c.def.name, c] as const))(
  '%s: invalid input is refused with 400, the message and `fields`, writing nothing',
  async (_name, c) => {
    const versionBefore = (await getOne(site, c.def.legacy.endpoint)).version;
    const before = commitCount(site);
    const { status, body } = await answer(send(c.invalid.call));
    expect(status).toBe(400);
    expect(body).toEqual({ error: c.invalid.error, fields: c.invalid.fields });
    expectNoCommit(site, before);
    expect((await getOne(site, c.def.legacy.endpoint)).version).toBe(versionBefore);
  },
);

// ---- the special calls, written out ----------------------------------------------------------------

describe('special calls', () => {
  it('globals.php: banner_to_show with update_type=banner_selected selects a banner; show_banner turns it back on', async () => {
    let before = commitCount(site);
    let res = await answer(
      site.api('/api/globals.php?update_type=banner_selected', {
        method: 'PUT',
        json: { banner_to_show: '2' },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ banner_to_show: '2' });
    expectOneCommit(site, before, {
      author,
      message: 'siteSettings: update',
      files: { 'content/site/settings.md': 'M' },
    });
    expect(await getOne(site, 'globals.php')).toMatchObject({ banner_to_show: '2' });

    before = commitCount(site);
    res = await answer(site.api('/api/globals.php', { method: 'PUT', json: { show_banner: '1' } }));
    expect(res.status).toBe(200);
    expectOneCommit(site, before, {
      author,
      message: 'siteSettings: update',
      files: { 'content/site/settings.md': 'M' },
    });
    expect(await getOne(site, 'globals.php')).toMatchObject({ show_banner: '1', banner_to_show: '2' });
  });

  it('globals.php: after the selected banner is deleted, the other settings still save', async () => {
    const made = await answer(
      site.api('/api/get_headder.php', { method: 'POST', json: { banner_text: 'Soon deleted' } }),
    );
    const id = String(made.body.id);
    expect(
      (
        await site.api('/api/globals.php?update_type=banner_selected', {
          method: 'PUT',
          json: { banner_to_show: id },
        })
      ).status,
    ).toBe(200);
    expect((await site.api(`/api/get_headder.php?id=${id}`, { method: 'DELETE' })).status).toBe(200);
    const before = commitCount(site);
    const res = await answer(site.api('/api/globals.php', { method: 'PUT', json: { show_banner: '0' } }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ show_banner: '0', banner_to_show: id });
    expectOneCommit(site, before, {
      author,
      message: 'siteSettings: update',
      files: { 'content/site/settings.md': 'M' },
    });
    // Selecting a banner that does not exist is still refused; selecting an existing one repairs it.
    expect(
      (
        await site.api('/api/globals.php?update_type=banner_selected', {
          method: 'PUT',
          json: { banner_to_show: '999' },
        })
      ).status,
    ).toBe(400);
    const repaired = await answer(
      site.api('/api/globals.php?update_type=banner_selected', {
        method: 'PUT',
        json: { banner_to_show: '2', show_banner: '1' },
      }),
    );
    expect(repaired.status).toBe(200);
    expect(repaired.body).toMatchObject({ show_banner: '1', banner_to_show: '2' });
  });

  it('majorevents.php: PUT {id, hidden} shows and hides a page; a new page starts hidden', async () => {
    const created = await answer(
      site.api('/api/majorevents.php', {
        method: 'POST',
        json: { header: 'Coast CS Day', event_description: 'One day in Newport.', hidden: '0' },
      }),
    );
    expect(created.status).toBe(201);
    expect(created.body.hidden).toBe('1');
    const id = String(created.body.id);
    // Signed out, a hidden page is not listed.
    const publicList = async () =>
      (await (await fetch(`${site.url}/api/majorevents.php`)).json()) as { id: string; hidden: string }[];
    expect((await publicList()).some((p) => p.id === id)).toBe(false);

    for (const hidden of ['0', '1'] as const) {
      const before = commitCount(site);
      const res = await answer(site.api('/api/majorevents.php', { method: 'PUT', json: { id, hidden } }));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id,
        header: 'Coast CS Day',
        event_description: 'One day in Newport.',
        hidden,
      });
      expectOneCommit(site, before, {
        author,
        message: `event-pages: update ${id} "Coast CS Day"`,
        files: { [`content/event-pages/${id}.md`]: 'M' },
      });
      expect((await list(site, 'majorevents.php')).find((p) => p.id === id)).toMatchObject({ hidden });
      expect((await publicList()).some((p) => p.id === id)).toBe(hidden === '0');
    }
  });

  it('majorevents.php: a page URL used by another page is refused with 400, nothing written', async () => {
    const owner = (await list(site, 'majorevents.php')).find((p) => p.page_url === '/winterofcs')!;
    expect(owner).toBeDefined();
    const before = commitCount(site);
    const res = await answer(
      site.api('/api/majorevents.php', {
        method: 'POST',
        json: { header: 'Copycat', event_description: 'x', page_url: '/winterofcs' },
      }),
    );
    const message = `The page URL /winterofcs is already used by "${String(owner.header)}". Choose another or free it there first.`;
    expect(res).toEqual({ status: 400, body: { error: message, fields: { page_url: message } } });
    // The same on an edit of another page.
    const other = (await list(site, 'majorevents.php')).find((p) => p.id !== owner.id)!;
    const edit = await answer(
      site.api(`/api/majorevents.php?id=${String(other.id)}&update_type=full`, {
        method: 'PUT',
        json: { ...other, page_url: '/winterofcs', version: undefined },
      }),
    );
    expect(edit.status).toBe(400);
    expect(edit.body.fields).toEqual({ page_url: message });
    // A page keeping its own URL is fine (not "taken" by itself).
    const keep = await answer(
      site.api(`/api/majorevents.php?id=${String(owner.id)}&update_type=full`, {
        method: 'PUT',
        json: { header: owner.header, event_description: owner.event_description, page_url: '/winterofcs' },
      }),
    );
    expect(keep.status).toBe(200);
    expect(commitCount(site)).toBe(before); // an unchanged save commits nothing
    expectClean(site);
  });

  it('majorevents.php: an unknown page URL is refused (400)', async () => {
    const before = commitCount(site);
    const res = await answer(
      site.api('/api/majorevents.php', {
        method: 'POST',
        json: { header: 'Elsewhere', event_description: 'x', page_url: '/admin' },
      }),
    );
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields as object)).toEqual(['page_url']);
    expectNoCommit(site, before);
  });

  it("pdf_upload.php: each missing part gives the spec's message; an abstract over 1000 characters is refused", async () => {
    const before = commitCount(site);
    const full = {
      fileName: 'Brief',
      studyTitle: 'A study',
      abstract: 'Short.',
      publicationDate: '01/02/2026',
    };
    const files = {
      firstPage: file(jpg('p'), 'p.jpg', 'image/jpeg'),
      pdfFile: file(pdfBytes('p'), 'p.pdf', 'application/pdf'),
    };
    const cases: [string, FormData, Record<string, string>][] = [
      // Field messages under the stored names and again under the documented form names.
      [
        'no file name',
        form({ ...full, fileName: '' }, files),
        { file_name: PAPER_MISSING_FILES, fileName: PAPER_MISSING_FILES },
      ],
      [
        'no PDF',
        form(full, { firstPage: files.firstPage }),
        { pdf: PAPER_MISSING_FILES, pdfFile: PAPER_MISSING_FILES },
      ],
      [
        'no PDF and no first page',
        form(full),
        {
          pdf: PAPER_MISSING_FILES,
          first_page: PAPER_MISSING_FILES,
          pdfFile: PAPER_MISSING_FILES,
          firstPage: PAPER_MISSING_FILES,
        },
      ],
      // A PDF alone gets a picture of its first page (firstPages.site.test.ts); this one has no page to draw.
    ];
    for (const [what, body, fields] of cases) {
      const res = await answer(site.api('/api/pdf_upload.php', { method: 'POST', body }));
      expect({ what, ...res }).toEqual({ what, status: 400, body: { error: PAPER_MISSING_FILES, fields } });
    }
    const long = await answer(
      site.api('/api/pdf_upload.php', {
        method: 'POST',
        body: form({ ...full, abstract: 'a'.repeat(1001) }, files),
      }),
    );
    expect(long).toEqual({
      status: 400,
      body: {
        error: 'Abstract content must be at most 1000 characters',
        fields: { abstract: 'Abstract content must be at most 1000 characters' },
      },
    });
    expectNoCommit(site, before);
    expect(git(site, 'ls-files', '--others', 'media')).toBe('');
  });

  it('pdf_upload.php: an abstract of exactly 1000 characters is accepted, committed and served (it reads back from its file)', async () => {
    const before = commitCount(site);
    const files = {
      firstPage: file(jpg('q'), 'q.jpg', 'image/jpeg'),
      pdfFile: file(pdfBytes('q'), 'q.pdf', 'application/pdf'),
    };
    const abstract = 'b'.repeat(1000);
    const res = await answer(
      site.api('/api/pdf_upload.php', {
        method: 'POST',
        body: form({ fileName: 'Max', studyTitle: 'Max abstract', abstract }, files),
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Submitted successfully!');
    const id = String(res.body.id);
    expectOneCommit(site, before, {
      author,
      message: `papers: create ${id} "Max abstract"`,
      files: {
        [`content/papers/${id}.md`]: 'A',
        [`media/papers/${id}.pdf`]: 'A',
        [`media/papers/${id}.jpg`]: 'A',
      },
    });
    expect((await list(site, 'get_pdf_metadata.php')).find((p) => p.id === id)?.abstract).toBe(abstract);
    expect((await answer(site.api('/api/health'))).body.errors).toEqual([]);
  });

  it('pdf_update.php: needs fileId; a changed PDF is what download_pdf.php then sends', async () => {
    const before = commitCount(site);
    const noId = await answer(
      site.api('/api/pdf_update.php', { method: 'POST', body: form({ studyTitle: 'x' }) }),
    );
    expect(noId).toEqual({
      status: 400,
      body: { error: 'Say which paper to update (fileId).', fields: { fileId: 'Missing' } },
    });
    expectNoCommit(site, before);

    const newPdf = pdfBytes('seed paper, corrected');
    const res = await answer(
      site.api('/api/pdf_update.php', {
        method: 'POST',
        body: form(
          { fileId: '1', fileName: 'Brief-7-corrected' },
          { pdfFile: file(newPdf, 'x.pdf', 'application/pdf') },
        ),
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: '1', file_name: 'Brief-7-corrected' });
    expectOneCommit(site, before, {
      author,
      message: expect.stringMatching(/^papers: update 1 "Who Takes Computer Science in Oregon\?/),
      files: { 'content/papers/1.md': 'M', 'media/papers/1.pdf': 'M' },
    });
    const dl = await site.api('/api/download_pdf.php?id=1');
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-disposition')).toContain('filename="Brief-7-corrected.pdf"');
    expect(Buffer.from(await dl.arrayBuffer()).equals(newPdf)).toBe(true);
  });

  it('about_us_our_mission.php: PUT {id, field, value} answers the updated fields; an unknown field is refused', async () => {
    const before = commitCount(site);
    const res = await answer(
      site.api('/api/about_us_our_mission.php', {
        method: 'PUT',
        json: { id: 1, field: 'our_mission', value: 'Every student, every school.' },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      our_mission: 'Every student, every school.',
      our_values: '- **Equity first.**\n- Teachers lead.',
    });
    expectOneCommit(site, before, {
      author,
      message: 'aboutText: update',
      files: { 'content/site/about.md': 'M' },
    });

    const bogus = await answer(
      site.api('/api/about_us_our_mission.php', {
        method: 'PUT',
        json: { id: 1, field: 'our_vision', value: 'x' },
      }),
    );
    expect(bogus.status).toBe(400);
    expect(bogus.body.fields).toEqual({ field: 'Unknown field "our_vision"' });
    expectNoCommit(site, before + 1);
  });

  it('workshop_schedule.php: the uploaded image is served back, as a URL and as base64', async () => {
    const item = await getOne(site, 'workshop_schedule.php');
    expect(item.image).toMatch(/^\/media\/site\/workshop-schedule\.jpg\?v=[0-9a-f]{12}$/);
    const base64 = (await (await site.api('/api/workshop_schedule.php')).json()) as { image: string };
    expect(Buffer.from(base64.image, 'base64').equals(scheduleImage)).toBe(true);
    const media = await fetch(site.url + String(item.image));
    expect(media.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await media.arrayBuffer()).equals(scheduleImage)).toBe(true);
  });

  it('accepts urlencoded bodies, and a version sent as If-Match', async () => {
    const before = commitCount(site);
    const created = await answer(
      site.api('/api/news.php', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          title: 'Form-encoded news',
          link: 'example.org/form',
          when_date: '2026-04-01',
        }).toString(),
      }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: 'Form-encoded news',
      link: 'https://example.org/form',
      when_date: '2026-04-01',
    });
    const id = String(created.body.id);
    expectOneCommit(site, before, {
      author,
      message: `news: create ${id} "Form-encoded news"`,
      files: { [`content/news/${id}.md`]: 'A' },
    });

    const stale = await answer(
      site.api(`/api/news.php?id=${id}`, {
        method: 'PUT',
        json: { title: 'x' },
        headers: { 'if-match': '"0000000000000000000000000000000000000000"' },
      }),
    );
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ id, version: created.body.version });
    const fresh = await answer(
      site.api(`/api/news.php?id=${id}`, {
        method: 'PUT',
        json: { title: 'Form-encoded news, edited' },
        headers: { 'if-match': `"${String(created.body.version)}"` },
      }),
    );
    expect(fresh.status).toBe(200);
    expect(commitCount(site)).toBe(before + 2);
  });

  it('an edit of an item that does not exist is 404 and writes nothing', async () => {
    const before = commitCount(site);
    const res = await answer(site.api('/api/news.php?id=9999', { method: 'PUT', json: { title: 'Ghost' } }));
    expect(res).toEqual({ status: 404, body: { error: 'There is no news item with id 9999.' } });
    const bad = await answer(site.api('/api/news.php?id=../1', { method: 'PUT', json: { title: 'Ghost' } }));
    expect(bad.status).toBe(400);
    expectNoCommit(site, before);
  });
});
