// The contact form as a page (/contact): where Contact Us leads without JavaScript, and the page
// handle_form.php answers a post of the form with, showing its outcome and what was typed.
import { usePageTitle } from '../../lib/usePageTitle.ts';
import { ContactFormView } from '../layout/ContactForm.tsx';
import { useRenderCollector } from '../../shared/renderContext.ts';
import { contactOutcomeOfPage } from '../ssr/pageDataClient.ts';
import { useWords } from '../words/useWords.ts';

export function ContactPage() {
  const words = useWords();
  usePageTitle(words.contactUs, { description: words.contactDescription });
  const outcome = useRenderCollector()?.contact ?? contactOutcomeOfPage();
  return (
    <div className="container page contact-page">
      <h1>{words.contactUs}</h1>
      <p>{words.contactIntro}</p>
      <ContactFormView initial={outcome} />
    </div>
  );
}
