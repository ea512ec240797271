// The little of hast (the HTML tree rehype plugins see) that the site's own plugins touch.
export interface MarkdownNode {
  type: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: MarkdownNode[];
  /** A text node's text. */
  value?: string;
}

/** Calls `visit` on every element, parents before children. */
export function walk(node: MarkdownNode, visit: (element: MarkdownNode) => void): void {
  if (node.type === 'element') visit(node);
  for (const child of node.children ?? []) walk(child, visit);
}
