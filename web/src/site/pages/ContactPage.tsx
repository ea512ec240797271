// The contact form as a page (/contact): where Contact Us leads without JavaScript, and the page
// handle_form.php answers a post of the form with, showing its outcome and what was typed.
import { usePageTitle } from '../../lib/usePageTitle.ts';
import { ContactFormView } from '../layout/ContactForm.tsx';
import { useRenderCollector } from '../../shared/renderContext.ts';
import { contactOutcomeOfPage } from '../ssr/pageDataClient.ts';

export function ContactPage() {
  usePageTitle('Contact Us', { description: 'Send us a message: we answer by email.' });
  const outcome = useRenderCollector()?.contact ?? contactOutcomeOfPage();
  return (
    <div className="container page contact-page">
      <h1>Contact Us</h1>
      <p>Send us a message and we will answer by email.</p>
      <ContactFormView initial={outcome} />
    </div>
  );
}
