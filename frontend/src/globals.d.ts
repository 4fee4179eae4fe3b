/** The calendar year of the build (vite.config.ts `define`): prerendered HTML shows it. */
declare const __BUILD_YEAR__: number;
