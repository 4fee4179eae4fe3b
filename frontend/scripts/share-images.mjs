#!/usr/bin/env node
// The pictures link previews show (Open Graph `og:image`): messaging apps want a raster
// picture of about 1200x630, and WhatsApp and Facebook refuse SVG. This renders them with
// Debian's headless Chromium (CHROMIUM_PATH, default /usr/bin/chromium) into public/share/,
// which the build copies to dist/share/ and the server sends with a long cache lifetime:
//
//   public/share/{slug}.png  one per sport picture in src/assets/sports/ (default.png for
//                            sessions of any other category), the illustration filling the
//                            frame (its 2:1 cropped to 1200x630 at the sides)
//   public/share/site.png    the site's picture: the name, the promise and three sports
//
// The outputs are committed; run this again after changing a sport picture:
//   npm run share-images   (node scripts/share-images.mjs)
// The same Chromium and fonts (DejaVu/Liberation, which Debian's chromium brings) give the
// same pixels. crates/api/src/frontend/share.rs says which picture each page gets and its
// alt text, and its tests check every picture's size.
import { mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const sportsDir = join(root, "src/assets/sports");
const outDir = join(root, "public/share");
const WIDTH = 1200;
const HEIGHT = 630;
/** Each picture must stay small: a preview is fetched over a phone's connection. */
const MAX_BYTES = 100 * 1024;

const svgData = async (file) =>
  `data:image/svg+xml;base64,${(await readFile(join(sportsDir, file))).toString("base64")}`;

const page = (body) => `<!doctype html><html><head><style>
  html, body { margin: 0; width: ${WIDTH}px; height: ${HEIGHT}px; overflow: hidden; }
  body { font-family: "DejaVu Sans", "Liberation Sans", sans-serif; }
</style></head><body>${body}</body></html>`;

const sportPage = (src) =>
  page(`<img src="${src}" alt="" style="display:block;width:${WIDTH}px;height:${HEIGHT}px;object-fit:cover">`);

/** The site's picture: the name and what it offers over a row of three sport pictures. */
async function sitePage() {
  const tiles = await Promise.all(["football.svg", "swimming.svg", "yoga.svg"].map(svgData));
  const favicon = `data:image/svg+xml;base64,${(await readFile(join(root, "public/favicon.svg"))).toString("base64")}`;
  return page(`
    <div style="box-sizing:border-box;width:100%;height:100%;padding:72px 56px 0;background:#fffaf3;color:#1f1a17">
      <div style="display:flex;align-items:center;gap:22px">
        <img src="${favicon}" alt="" style="width:88px;height:88px">
        <span style="font-size:72px;font-weight:700;letter-spacing:-1px">PlaySpace</span>
      </div>
      <p style="margin:26px 0 0;font-size:44px;font-weight:700">Sport for everyone in London</p>
      <p style="margin:12px 0 0;font-size:28px;color:#5c524b">Friendly, inclusive sessions for every body and every level.</p>
      <div style="position:absolute;left:56px;right:56px;bottom:48px;display:flex;gap:24px">
        ${tiles.map((src) => `<img src="${src}" alt="" style="flex:1;min-width:0;aspect-ratio:2/1;border-radius:20px">`).join("")}
      </div>
    </div>`);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  headless: true,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--font-render-hinting=none",
  ],
});
try {
  await mkdir(outDir, { recursive: true });
  const context = await browser.newContext({ viewport: { width: WIDTH, height: HEIGHT }, deviceScaleFactor: 1 });
  const tab = await context.newPage();
  const pictures = [];
  for (const file of (await readdir(sportsDir)).filter((name) => name.endsWith(".svg")).sort()) {
    pictures.push([file.replace(/\.svg$/, ".png"), sportPage(await svgData(file))]);
  }
  pictures.push(["site.png", await sitePage()]);
  for (const [name, html] of pictures) {
    await tab.setContent(html);
    await tab.waitForFunction(() => [...document.images].every((image) => image.complete && image.naturalWidth > 0));
    const png = await tab.screenshot({ type: "png", clip: { x: 0, y: 0, width: WIDTH, height: HEIGHT } });
    await writeFile(join(outDir, name), png);
    const { size } = await stat(join(outDir, name));
    if (size > MAX_BYTES) throw new Error(`${name} is ${size} bytes, more than ${MAX_BYTES}`);
    console.log(`${name}\t${(size / 1024).toFixed(1)} KiB`);
  }
} finally {
  await browser.close();
}
