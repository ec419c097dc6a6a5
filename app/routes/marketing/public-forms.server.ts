// The action behind the public forms (contact, live chat, careers, security docs): the same rate limit, human
// check, schema and inbox row as POST /api/forms/{kind}, for a browser that posts the form itself.
import type { RouterContextProvider } from "react-router";
import { FORM_KINDS, FORM_SCHEMAS, type FormData, type FormKind } from "@core/schemas/forms";
import { NotFound } from "@worker/services/errors";
import { refererPath, saveSubmission } from "@worker/services/forms/submissions";
import { checkFormProof } from "@worker/lib/human-proof";
import { enforceRateLimit, requestIp } from "@worker/lib/rate-limit";
import { RATE_LIMITS } from "@worker/lib/rate-limit-rules";
import { actionServices, formFailure, guardFormAction, readFormFields, runFormAction } from "~/lib/form-action.server";

const isFormKind = (value: string | undefined): value is FormKind => FORM_KINDS.includes(value as FormKind);

type ActionArgs = { request: Request; context: Readonly<RouterContextProvider> };

/** Stores the public form named by the post's `intent`, if it is one of the forms shown on this page (`kinds`). */
export async function publicFormAction({ request, context }: ActionArgs, kinds: readonly FormKind[] = FORM_KINDS) {
  const fields = await readFormFields(request);
  const kind = fields.intent;
  if (!isFormKind(kind) || !kinds.includes(kind)) return formFailure(kind ?? "", fields, new NotFound("There is no such form."));
  const { env, db } = actionServices(context);
  const refused = await guardFormAction(kind, fields, async () => {
    await enforceRateLimit(db, RATE_LIMITS.forms, requestIp(request));
    await checkFormProof(env, db, request, fields, { email: fields.email });
  });
  if (refused) return refused;
  return runFormAction(kind, fields, FORM_SCHEMAS[kind], (data: FormData<FormKind>) =>
    saveSubmission(db, kind, data, refererPath(request.headers.get("referer"))),
  );
}
