import { Hono } from "hono";
import { FORM_KINDS, FORM_SCHEMAS, type FormData, type FormKind } from "@core/schemas/forms";
import { ApiError } from "../lib/errors";
import { requireProof } from "../lib/human-proof";
import { rateLimit } from "../lib/rate-limit";
import { RATE_LIMITS } from "../lib/rate-limit-rules";
import { validJson } from "../lib/validate";
import { refererPath, saveSubmission } from "../services/forms/submissions";
import type { AppEnv } from "../types";

/** One route per form, so that each body is validated (as middleware) by its own schema. */
function addFormRoute(forms: Hono<AppEnv>, kind: FormKind) {
  forms.post(`/${kind}`, rateLimit(RATE_LIMITS.forms), requireProof(), validJson(FORM_SCHEMAS[kind]), async (c) => {
    const data: FormData<FormKind> = c.req.valid("json");
    const id = await saveSubmission(c.var.db, kind, data, refererPath(c.req.header("referer")));
    return c.json({ ok: true as const, id }, 201);
  });
}

export const formsApi = new Hono<AppEnv>();
for (const kind of FORM_KINDS) addFormRoute(formsApi, kind);
// An unknown kind is a 404 that costs no rate-limit write.
formsApi.post("/:kind", () => {
  throw new ApiError(404, "not_found", "There is no such form.");
});
