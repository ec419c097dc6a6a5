// How many languages the catalogue holds, for copy that names the figure on pages that must not ship the catalogue
// itself (the header is on every page). The build counts the catalogue's rows (__LANGUAGE_COUNT__ is defined in
// vite.config.ts and vitest.config.ts from core/languages/catalogue.ts), so the figure follows the list.
declare const __LANGUAGE_COUNT__: number;

export const LANGUAGE_COUNT: number = __LANGUAGE_COUNT__;
