// A navigation disclosure: a button that shows a list of links. It opens on click, not on hover,
// so a pointer and a keyboard get the same predictable behaviour:
// Enter/Space/ArrowDown open it, arrows move between links, Escape closes it and returns to the
// button, and it closes when focus or a click goes elsewhere.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { NavLink } from '../components/RouterLinks.tsx';
import { useWords } from '../words/useWords.ts';

export interface NavItem {
  label: string;
  to: string;
}

export function NavDropdown({
  label,
  items,
  className,
}: {
  label: string;
  items: readonly NavItem[];
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const location = useLocation();
  const words = useWords();

  // Another page closes the menu (set while rendering: no frame shows it open there).
  const [openFor, setOpenFor] = useState(location.pathname);
  if (openFor !== location.pathname) {
    setOpenFor(location.pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const links = () => [...(root.current?.querySelectorAll<HTMLAnchorElement>('.nav-dropdown-menu a') ?? [])];
  const focusLink = (index: number) => {
    const all = links();
    if (all.length) all[(index + all.length) % all.length]!.focus();
  };

  // On the button and on each link: the keys work wherever the focus is in the menu.
  const onKeyDown = (e: KeyboardEvent) => {
    const all = links();
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (!open) {
        setOpen(true);
        requestAnimationFrame(() => focusLink(0));
      } else focusLink(at + 1);
    } else if (e.key === 'ArrowUp' && open) {
      e.preventDefault();
      focusLink(at < 0 ? -1 : at - 1);
    } else if (e.key === 'Home' && open && at >= 0) {
      e.preventDefault();
      focusLink(0);
    } else if (e.key === 'End' && open && at >= 0) {
      e.preventDefault();
      focusLink(-1);
    }
  };

  const active = items.some((i) => i.to.toLowerCase() === location.pathname.toLowerCase());

  return (
    <li
      ref={root}
      className={['nav-dropdown', open && 'is-open', className].filter(Boolean).join(' ')}
      onBlur={(e) => {
        if (!root.current?.contains(e.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className={`nav-link nav-dropdown-button${active ? ' active' : ''}`}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onKeyDown}
      >
        {label}
        <span className="nav-caret" aria-hidden="true" />
      </button>
      <ul id={menuId} className="nav-dropdown-menu" hidden={!open}>
        {items.length === 0 && <li className="nav-dropdown-empty">{words.noEventPages}</li>}
        {items.map((item, i) => (
          <li key={`${item.to}-${i}`}>
            <NavLink to={item.to} className="nav-dropdown-link" end onKeyDown={onKeyDown}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}
