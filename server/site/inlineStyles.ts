// The site's stylesheets written into each server-rendered page instead of linked. On a slow link a
// linked stylesheet costs a round trip before anything is drawn, and its bytes queue behind the
// scripts' modulepreloads: measured on emulated slow 4G, the home page drew 0.3–0.4 s later with
// the links. The site's whole CSS is about 5 KB compressed, so it goes in whole (no critical cut).
const STYLESHEET = /<link rel="stylesheet"[^>]*?href="(\/assets\/[^"]+\.css)"[^>]*>/g;

let last: { template: string; page: string } | undefined;

/** The template with each built stylesheet's link replaced by its text; a link it cannot read stays. */
export function inlineStylesheets(template: string, file: (urlPath: string) => Buffer | undefined): string {
  if (last?.template === template) return last.page;
  const page = template.replace(STYLESHEET, (link, href: string) => {
    const css = file(href);
    // '</style' cannot occur in a stylesheet Vite writes; escaped all the same ('\/' is '/' in CSS).
    return css ? `<style>${css.toString('utf8').replace(/<\/style/gi, '<\\/style')}</style>` : link;
  });
  last = { template, page };
  return page;
}
