import { htmlToReact } from "../lib/html-to-react";

/** A story's cleaned HTML as React elements (see htmlToReact: no dangerouslySetInnerHTML). */
export function StoryHtml({ html, className }: { html: string; className?: string }) {
  return <div className={className}>{htmlToReact(html)}</div>;
}
