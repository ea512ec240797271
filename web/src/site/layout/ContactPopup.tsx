// The contact popup (spec §2): the contact form (ContactForm.tsx) in a dialog. It closes on
// Escape, a click on the overlay or its close button; after a message was sent it opens empty.
import { useRef, useState } from 'react';
import { Modal } from '../../shared/Modal.tsx';
import { ContactFormView } from './ContactForm.tsx';
import { useWords } from '../words/useWords.ts';

export function ContactPopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  // A new form (empty) for the next opening once a message was sent.
  const [round, setRound] = useState(0);
  const sent = useRef(false);
  const words = useWords();
  const close = () => {
    onClose();
    if (sent.current) {
      sent.current = false;
      setRound((r) => r + 1);
    }
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title={words.contactUs}
      className="contact-popup"
      closeLabel={words.close}
    >
      <ContactFormView
        key={round}
        onClose={close}
        onSent={() => {
          sent.current = true;
        }}
      />
    </Modal>
  );
}
