// How many languages the translator's catalogue holds, for the build's __LANGUAGE_COUNT__ (vite.config.ts,
// vitest.config.ts; read through core/languages/count.ts). Node strips the catalogue's types itself.
import { CATALOGUE_ROWS } from "../core/languages/catalogue.ts";

export const languageCount = CATALOGUE_ROWS.length;
