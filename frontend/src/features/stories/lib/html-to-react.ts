import { createElement, type ReactNode } from "react";

/**
 * A story's content, which the server cleaned to an allow-list when it was saved, drawn as
 * React elements rather than through dangerouslySetInnerHTML: the browser's DOMParser reads
 * it (parsing an inert document runs no script and loads nothing), and only the same
 * allow-list is turned into elements here. Anything else keeps its text and loses its tag,
 * or is dropped with its contents (scripts, styles), so a row that somehow skipped the
 * server's cleaning still cannot run code. A small walker instead of a library: the
 * allow-list is eleven tags and one attribute.
 */
const ALLOWED = new Set(["p", "br", "strong", "em", "ul", "ol", "li", "blockquote", "h2", "h3", "a"]);
const DROPPED = new Set(["script", "style", "template", "iframe", "object", "embed", "noscript", "svg", "math"]);
const SCHEMES = new Set(["http:", "https:", "mailto:"]);

/**
 * The href kept for a link: absolute http, https or mailto addresses only, as written (so it
 * is the same attribute the server's prerendered page carries).
 */
export function safeHref(href: string | null): string | undefined {
  if (!href) return undefined;
  try {
    return SCHEMES.has(new URL(href).protocol) ? href : undefined;
  } catch {
    return undefined;
  }
}

function convert(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.localName;
  if (DROPPED.has(tag)) return null;
  const children = convertAll(element.childNodes);
  if (!ALLOWED.has(tag)) return children.length > 0 ? createElement("span", { key }, ...children) : null;
  if (tag === "br") return createElement("br", { key });
  if (tag === "a") {
    const href = safeHref(element.getAttribute("href"));
    return createElement("a", { key, href, rel: "noopener noreferrer nofollow" }, ...children);
  }
  return createElement(tag, { key }, ...children);
}

function convertAll(nodes: NodeListOf<ChildNode>): ReactNode[] {
  return Array.from(nodes, (node, index) => convert(node, index));
}

/** Text that parses to itself: no markup, entities, carriage returns or edge whitespace. */
const PLAIN = /^(?![\s\S]*[<&\r\0])\S(?:[\s\S]*\S)?$/;

/**
 * The React elements for `html`. Plain text is kept as it is without parsing: the prerender
 * (which has no DOM) draws the story template's content placeholder this way.
 */
export function htmlToReact(html: string): ReactNode[] {
  if (PLAIN.test(html)) return [html];
  const doc = new DOMParser().parseFromString(html, "text/html");
  return convertAll(doc.body.childNodes);
}
