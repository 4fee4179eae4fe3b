/** The calendar year of the build (vite.config.ts `define`): prerendered HTML shows it. */
declare const __BUILD_YEAR__: number;

/** Build-time settings read by src/lib/external-links.ts (documented in docs/operations.md). */
interface ImportMetaEnv {
  readonly VITE_MEETUP_URL?: string;
  readonly VITE_WHATSAPP_URL?: string;
  readonly VITE_INSTAGRAM_URL?: string;
  readonly VITE_TIKTOK_URL?: string;
  readonly VITE_FACEBOOK_URL?: string;
}
