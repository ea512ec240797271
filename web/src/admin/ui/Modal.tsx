// Admin dialogs reuse the site's accessible modal (native <dialog>: focus kept inside, Escape closes).
export { Modal } from '../../site/components/Modal.tsx';
