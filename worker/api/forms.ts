import { Hono } from "hono";
import { FORM_KINDS, FORM_SCHEMAS, type FormData, type FormKind } from "@core/schemas/forms";
import { formSubmissions } from "../db/schema";
import { ApiError } from "../lib/errors";
import { rateLimit } from "../lib/rate-limit";
import { RATE_LIMITS } from "../lib/rate-limit-rules";
import { validJson } from "../lib/validate";
import type { AppEnv } from "../types";

type Submission = typeof formSubmissions.$inferInsert;

/** Maps each form's fields onto the inbox table's columns. */
function toRow<K extends FormKind>(data: FormData<K>): Omit<Submission, "id" | "kind"> {
  const all = data as Partial<FormData<"application"> & FormData<"contact"> & FormData<"security">>;
  return {
    name: all.name ?? null,
    email: data.email,
    company: all.company ?? null,
    category: all.role ?? all.category ?? null,
    link: all.linkedin ?? null,
    message: all.message ?? null,
  };
}

/** The page the form was sent from (same-origin requests send their full referrer). */
function refererPath(referer: string | undefined) {
  if (!referer) return null;
  try {
    return new URL(referer).pathname;
  } catch {
    return null;
  }
}

/** One route per form, so that each body is validated (as middleware) by its own schema. */
function addFormRoute(forms: Hono<AppEnv>, kind: FormKind) {
  forms.post(`/${kind}`, rateLimit(RATE_LIMITS.forms), validJson(FORM_SCHEMAS[kind]), async (c) => {
    const data: FormData<FormKind> = c.req.valid("json");
    const id = crypto.randomUUID();
    await c.var.db.insert(formSubmissions).values({ id, kind, ...toRow(data), page: refererPath(c.req.header("referer")) });
    return c.json({ ok: true as const, id }, 201);
  });
}

export const formsApi = new Hono<AppEnv>();
for (const kind of FORM_KINDS) addFormRoute(formsApi, kind);
// An unknown kind is a 404 that costs no rate-limit write.
formsApi.post("/:kind", () => {
  throw new ApiError(404, "not_found", "There is no such form.");
});
