import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { safeHref } from "../lib/html-to-react";
import { StoryHtml } from "./story-html";

function html(content: string): string {
  const { container } = render(<StoryHtml html={content} />);
  return (container.firstChild as HTMLElement).innerHTML;
}

describe("StoryHtml", () => {
  it("draws the allow-listed tags", () => {
    const kept =
      "<h2>Day</h2><p><strong>a</strong> <em>b</em><br></p><ul><li>x</li></ul><ol><li>y</li></ol><blockquote>q</blockquote><h3>z</h3>";
    expect(html(kept)).toBe(kept);
  });

  it("keeps safe links with their rel and drops every other href", () => {
    expect(html('<a href="https://example.org/x" target="_blank" onclick="alert(1)">x</a>')).toBe(
      '<a href="https://example.org/x" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(html('<a href="mailto:hi@example.org">m</a>')).toBe(
      '<a href="mailto:hi@example.org" rel="noopener noreferrer nofollow">m</a>',
    );
    for (const bad of ["javascript:alert(1)", " JaVaScRiPt:alert(1)", "data:text/html,hi", "/admin", "vbscript:x"]) {
      expect(html(`<a href="${bad}">x</a>`)).toBe('<a rel="noopener noreferrer nofollow">x</a>');
      expect(safeHref(bad)).toBeUndefined();
    }
  });

  it("drops scripts, styles, frames and attributes, keeping other text", () => {
    expect(html('<p onclick="alert(1)" style="color:red">hi<script>alert(1)</script></p>')).toBe("<p>hi</p>");
    expect(html('<style>p{}</style><iframe src="https://evil.example"></iframe><img src=x onerror="alert(1)">')).toBe("");
    expect(html('<div class="x"><span>kept</span></div>')).toBe("<span><span>kept</span></span>");
    expect(html("<svg><script>alert(1)</script></svg>ok")).toBe("ok");
    expect(html("&lt;script&gt;alert(1)&lt;/script&gt;")).toBe("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("draws plain text exactly as the parser would", () => {
    for (const text of ["Plain words", "  edges  ", "a\r\nb", "", "x & y", "one\n\ntwo", "ü 🏊"]) {
      const parsed = new DOMParser().parseFromString(text, "text/html").body.innerHTML;
      expect(html(text)).toBe(parsed);
    }
  });
});
