// The public pages' form schemas (core/schemas/forms.ts) for useFormAction, as loaders: a page loads them once it
// has hydrated instead of building them with its first JavaScript, where zod's construction of the four schemas
// blocked the load of /business, /contact and /join (docs/decisions/0029-lighthouse-and-social-images.md).
import type { FORM_SCHEMAS, FormKind } from "@core/schemas/forms";

type FormSchemas = typeof FORM_SCHEMAS;
const loaders = new Map<FormKind, () => Promise<FormSchemas[FormKind]>>();

/** One loader per form kind, the same function each render (useFormAction loads it once). */
export function formSchemaLoader<K extends FormKind>(kind: K): () => Promise<FormSchemas[K]> {
  let loader = loaders.get(kind);
  if (!loader) {
    loader = () => import("@core/schemas/forms").then((module) => module.FORM_SCHEMAS[kind]);
    loaders.set(kind, loader);
  }
  return loader as () => Promise<FormSchemas[K]>;
}
