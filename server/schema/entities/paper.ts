import { defineCollection, newestFirst } from '../define.ts';
import { date } from '../dateFields.ts';
import { image, pdf } from '../mediaFields.ts';
import { markdown, text } from '../textFields.ts';

export const PAPER_MISSING_FILES = 'Please provide a file name, a PDF file, and a first page image.';

export const paper = defineCollection({
  name: 'papers',
  label: 'Research papers',
  folder: 'papers',
  itemNoun: 'this paper',
  body: 'abstract',
  fields: {
    study_title: text('Study title', { translatable: true, required: true }),
    abstract: markdown('Abstract content', { translatable: true, max: 1000 }),
    publication_date: date('Publication date', { wire: 'dmy' }),
    file_name: text('File name when downloaded', { required: PAPER_MISSING_FILES }),
    pdf: pdf('PDF file', { required: PAPER_MISSING_FILES }),
    first_page: image('First-page image', {
      required: PAPER_MISSING_FILES,
      fromPdf: 'pdf',
      alt: { from: 'study_title' },
      help: "Leave empty to use a picture of the PDF's first page.",
    }),
  },
  order: newestFirst('publication_date'),
  legacy: {
    endpoint: 'get_pdf_metadata.php',
    rename: { publication_date: 'publicationDate' },
    writes: {
      create: 'pdf_upload.php',
      update: 'pdf_update.php',
      remove: 'pdf_upload.php',
      idField: 'fileId',
      aliases: {
        fileName: 'file_name',
        studyTitle: 'study_title',
        publicationDate: 'publication_date',
        firstPage: 'first_page',
        pdfFile: 'pdf',
      },
    },
  },
  search: { page: () => '/research' },
  admin: {
    route: '/pdfPage',
    description: 'Research papers: PDF, first-page image, title and abstract.',
    titleField: 'study_title',
  },
});
