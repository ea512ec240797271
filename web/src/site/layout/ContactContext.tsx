// Lets any "Contact Us" control open the one contact popup of the layout.
import { createContext, useContext } from 'react';

export interface ContactControl {
  openContact: () => void;
}

export const ContactContext = createContext<ContactControl>({ openContact: () => undefined });
export const useContact = () => useContext(ContactContext);
