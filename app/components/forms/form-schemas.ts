// The public pages' form schemas (core/schemas/forms.ts) for useFormAction, as loaders: a page imports them when its
// form first renders in the browser, and builds them in a task of their own when they arrive, instead of in its first
// JavaScript, where zod's construction of the four schemas blocked the load of /business, /contact and /join
// (docs/decisions/0029-lighthouse-and-social-images.md).
import type { FORM_SCHEMAS, FormKind } from "@core/schemas/forms";

/**
 * A schema that arrives later: `schema` is undefined until `load()` has settled. `resubmit` sends a form again once
 * it has (a submit in the moment between hydrating and the schema's arrival; these forms have one submit button).
 */
export type SchemaLoader<S> = { schema: S | undefined; load(): Promise<void>; resubmit(form: HTMLFormElement): void };

/**
 * What a form checks with when the schemas' chunk could not be loaded: it lets everything through, and the action
 * checks, as it does without JavaScript.
 */
const ACTION_CHECKS = { safeParse: (data: unknown) => ({ success: true as const, data }) };

type FormSchemas = typeof FORM_SCHEMAS;
const loaders = new Map<FormKind, SchemaLoader<FormSchemas[FormKind]>>();

/** The one loader of a form kind's schema (every form of that kind shares it, and it loads once). */
export function formSchemaLoader<K extends FormKind>(kind: K): SchemaLoader<FormSchemas[K]> {
  let loader = loaders.get(kind);
  if (!loader) {
    let loading: Promise<void> | null = null;
    const created: SchemaLoader<FormSchemas[FormKind]> = {
      schema: undefined,
      load: () => {
        loading ??= import("@core/schemas/forms").then(
          (module) => {
            created.schema = module.FORM_SCHEMAS[kind];
          },
          () => {
            created.schema = ACTION_CHECKS as unknown as FormSchemas[FormKind];
          },
        );
        return loading;
      },
      resubmit: (form) => {
        void created.load().then(() => form.requestSubmit());
      },
    };
    loader = created;
    loaders.set(kind, loader);
    // Asked for by a form rendering in the browser (hydrating): the import starts in a task of its own, not in this
    // render's, which the preload of its modules would lengthen (decision 0029).
    if (typeof document !== "undefined") setTimeout(created.load);
  }
  return loader as SchemaLoader<FormSchemas[K]>;
}
