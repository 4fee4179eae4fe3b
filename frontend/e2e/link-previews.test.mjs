// Issue 22, item 7: links that look right where people share them. For each public page, the
// HTML the server sends (read as a messaging app reads it: one request, no JavaScript) carries
// its description, Open Graph tags and Twitter card; its picture loads from its absolute
// address as a PNG of the size the tags give; and a preview card drawn from those tags alone,
// as a messaging app draws one, shows the picture, the title, the description and the site
// (screenshots in SCREENSHOT_DIR, or e2e/screenshots/).
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before, describe, test } from "node:test";
import { api, BASE_URL, launchBrowser, openPage } from "./helpers.mjs";

let browser;
let pages;

const shots = process.env.SCREENSHOT_DIR ?? join(dirname(fileURLToPath(import.meta.url)), "screenshots");

before(async () => {
  browser = await launchBrowser();
  await mkdir(shots, { recursive: true });
  const events = await api("/api/events");
  const event = events.find((e) => e.category === "Yoga") ?? events[0];
  const [story] = (await api("/api/blog-posts")).posts;
  pages = [
    ["home", "/", "site"],
    ["events", "/events", "site"],
    ["event", `/events/${event.id}`, event.category.trim().toLowerCase().replace(/\s+/g, "-")],
    ["about", "/about", "site"],
    ["membership", "/membership", "site"],
    ["blog", "/blog", "site"],
    ["story", `/blog/${story.id}`, "site"],
    ["contact", "/contact", "site"],
  ];
});

after(async () => {
  await browser?.close();
});

const ENTITIES = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" };
const unescape = (text) => text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name) => ENTITIES[name]);

/** The `<meta property|name="…" content="…">` tags of a page, by key (each key's values). */
function metaTags(html) {
  const tags = new Map();
  for (const [, , key, content] of html.matchAll(/<meta (property|name)="([^"]+)" content="([^"]*)"/g)) {
    tags.set(key, [...(tags.get(key) ?? []), unescape(content)]);
  }
  return tags;
}

/** A PNG's width and height, from its header. */
function pngSize(bytes) {
  assert.deepEqual([...bytes.subarray(1, 4)], [0x50, 0x4e, 0x47], "a PNG");
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return [view.getUint32(16), view.getUint32(20)];
}

/** A preview card as messaging apps draw one, from nothing but the tags. */
const CARD = `<!doctype html><html lang="en-GB"><head><style>
  body { margin: 0; padding: 16px; background: #e5ddd5; font: 15px/1.35 "DejaVu Sans", sans-serif; }
  .card { width: 358px; background: #fff; border-radius: 10px; overflow: hidden; box-shadow: 0 1px 2px #0003; }
  img { display: block; width: 100%; aspect-ratio: 1200 / 630; object-fit: cover; background: #ccc; }
  .text { padding: 8px 12px 10px; }
  .title { font-weight: 700; color: #111; }
  .description { color: #555; font-size: 13px; margin-top: 2px; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; }
  .site { color: #888; font-size: 12px; margin-top: 4px; }
</style></head><body><div class="card"><img><div class="text">
  <div class="title"></div><div class="description"></div><div class="site"></div>
</div></div></body></html>`;

describe("link previews", () => {
  test("every public page's raw HTML carries its preview, and the card drawn from it is whole", async () => {
    const { context, page, errors } = await openPage(browser, { viewport: { width: 390, height: 400 } });
    try {
      const seen = new Set();
      for (const [name, path, picture] of pages) {
        const response = await fetch(`${BASE_URL}${path}`);
        assert.equal(response.status, 200, path);
        const html = await response.text();
        const tags = metaTags(html);
        const one = (key) => {
          const values = tags.get(key) ?? [];
          assert.equal(values.length, 1, `${path}: ${key} once, found ${JSON.stringify(values)}`);
          return values[0];
        };
        const title = one("og:title");
        const description = one("og:description");
        assert.ok(title.length > 0 && description.length > 20, `${path}: a title and a description`);
        assert.ok(one("description").length > 20, `${path}: a meta description`);
        assert.equal(one("og:url"), `${BASE_URL}${path}`);
        assert.equal(one("og:site_name"), "PlaySpace");
        assert.equal(one("twitter:card"), "summary_large_image");
        const image = one("og:image");
        assert.equal(image, `${BASE_URL}/share/${picture}.png`, `${path}: its picture`);
        assert.equal(one("og:image:type"), "image/png");
        const size = [Number(one("og:image:width")), Number(one("og:image:height"))];
        assert.deepEqual(size, [1200, 630]);
        const alt = one("og:image:alt");
        assert.ok(alt.length > 10, `${path}: the picture's alt text`);
        assert.equal(one("twitter:image:alt"), alt);
        // The page's own title and description, not the shell's.
        assert.ok(!seen.has(description), `${path}: its own description`);
        seen.add(description);
        assert.match(html, /<title>[^<]+ \| PlaySpace<\/title>/, `${path}: its own title`);

        // The picture, fetched as a messaging app's server would.
        const fetched = await fetch(image);
        assert.equal(fetched.status, 200, image);
        assert.equal(fetched.headers.get("content-type"), "image/png");
        assert.equal(fetched.headers.get("cache-control"), "public, max-age=2592000");
        const bytes = new Uint8Array(await fetched.arrayBuffer());
        assert.ok(bytes.length < 100 * 1024, `${image} is small (${bytes.length} bytes)`);
        assert.deepEqual(pngSize(bytes), size, `${image} is the size its tags say`);

        // The card, drawn in the browser from the tags alone.
        await page.setContent(CARD);
        await page.evaluate(
          ([src, alt, title, description, site]) => {
            const img = document.querySelector("img");
            img.alt = alt;
            img.src = src;
            document.querySelector(".title").textContent = title;
            document.querySelector(".description").textContent = description;
            document.querySelector(".site").textContent = site;
          },
          [image, alt, title, description, new URL(one("og:url")).host],
        );
        const loaded = await page.waitForFunction(() => {
          const img = document.querySelector("img");
          return img.complete && img.naturalWidth > 0 && [img.naturalWidth, img.naturalHeight];
        });
        assert.deepEqual(await loaded.jsonValue(), size, `${path}: the card's picture loaded`);
        assert.equal(await page.getByRole("img", { name: alt }).count(), 1);
        assert.ok(await page.getByText(title, { exact: true }).isVisible(), `${path}: the card's title`);
        await page.locator(".card").screenshot({ path: join(shots, `share-preview-${name}.png`) });
      }
      assert.deepEqual(errors.map(String), []);
    } finally {
      await context.close();
    }
  });

  test("the pictures of other sports and the default one are there too", async () => {
    for (const name of ["football", "table-tennis", "default"]) {
      const response = await fetch(`${BASE_URL}/share/${name}.png`);
      assert.equal(response.status, 200, name);
      assert.deepEqual(pngSize(new Uint8Array(await response.arrayBuffer())), [1200, 630], name);
    }
  });
});
