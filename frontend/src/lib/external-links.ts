/**
 * The organisation's pages on other sites (Meetup, WhatsApp, social media), set when the
 * site is built: `VITE_MEETUP_URL`, `VITE_WHATSAPP_URL`, `VITE_INSTAGRAM_URL`,
 * `VITE_TIKTOK_URL`, `VITE_FACEBOOK_URL` (docs/operations.md). A link whose address is
 * unset or not an https URL is left out wherever it would show, so no link leads nowhere.
 */

export type ExternalLinkKey = "meetup" | "whatsApp" | "instagram" | "tikTok" | "facebook";

type Env = Readonly<Record<string, string | boolean | undefined>>;

const VARIABLES: Readonly<Record<ExternalLinkKey, string>> = {
  meetup: "VITE_MEETUP_URL",
  whatsApp: "VITE_WHATSAPP_URL",
  instagram: "VITE_INSTAGRAM_URL",
  tikTok: "VITE_TIKTOK_URL",
  facebook: "VITE_FACEBOOK_URL",
};

/** The social networks the footer lists, in its order. */
export const SOCIAL_NETWORKS = [
  { key: "instagram", label: "Instagram" },
  { key: "tikTok", label: "TikTok" },
  { key: "facebook", label: "Facebook" },
] as const satisfies readonly { key: ExternalLinkKey; label: string }[];

/**
 * `value` as an absolute https URL, or undefined when it is blank or anything else (a typo,
 * a relative path, `http:`, `javascript:`, credentials in the address).
 */
export function httpsUrl(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const text = value.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol !== "https:" || url.hostname === "" || url.username !== "" || url.password !== "") {
    return undefined;
  }
  return url.href;
}

/** The configured addresses found in `env`; unset or invalid ones are absent. */
export function readExternalLinks(env: Env): Partial<Record<ExternalLinkKey, string>> {
  const links: Partial<Record<ExternalLinkKey, string>> = {};
  for (const [key, variable] of Object.entries(VARIABLES) as [ExternalLinkKey, string][]) {
    const url = httpsUrl(env[variable]);
    if (url) links[key] = url;
  }
  return links;
}

/** This build's links. */
export const externalLinks = readExternalLinks(import.meta.env);

/** The social networks with an address in this build, in the footer's order. */
export const socialLinks: readonly { label: string; href: string }[] = SOCIAL_NETWORKS.flatMap(({ key, label }) => {
  const href = externalLinks[key];
  return href ? [{ label, href }] : [];
});
