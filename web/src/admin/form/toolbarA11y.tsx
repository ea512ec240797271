// The markdown editor's toolbar as assistive technology reads it. Its buttons carry names
// (aria-label), but their icons are <svg role="img"> without one (axe: svg-img-alt), read as
// unnamed pictures inside named buttons. The icon is decoration: hide it, keep the button's name.
import type { ICommand } from '@uiw/react-md-editor';

/** The commands with their icons hidden from assistive technology, sub-menus included. */
export function withNamedButtons(list: readonly ICommand[]): ICommand[] {
  return list.map((command) => {
    const named: ICommand = command.icon
      ? {
          ...command,
          icon: (
            <span className="admin-toolbar-icon" aria-hidden="true">
              {command.icon}
            </span>
          ),
        }
      : { ...command };
    if (Array.isArray(command.children)) {
      (named as { children?: ICommand[] }).children = withNamedButtons(command.children);
    }
    return named;
  });
}
