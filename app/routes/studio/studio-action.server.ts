// The one shape of every Studio room's action (docs/decisions/0012-forms-without-javascript.md): the owner check on
// the server first (a 403 for anyone else, as the room's loader), then the posted `intent` picks the form, its
// shared schema validates, and the room's service runs. Answers are FormResults, with JavaScript or without.
import type { RouterContextProvider } from "react-router";
import type * as z from "zod/mini";
import type { SessionUser } from "@core/schemas/auth";
import type { Database } from "@worker/db/client";
import { InvalidInput } from "@worker/services/errors";
import { actionServices, formFailure, readFormFields, runFormAction } from "~/lib/form-action.server";
import { requireOwner } from "~/lib/permissions.server";
import { sessionHeaders } from "~/lib/session.server";

export type StudioServices = { db: Database; env: Env; owner: SessionUser; origin: string };

type Handler<S extends z.ZodMiniType, T> = { schema: S; run: (input: z.output<S>, services: StudioServices) => Promise<T> };

/** One form of a room: its schema and what it does (typed together). */
export const studioForm = <S extends z.ZodMiniType, T>(schema: S, run: Handler<S, T>["run"]): Handler<S, T> => ({ schema, run });

type Args = { request: Request; context: Readonly<RouterContextProvider> };

// biome-ignore lint/suspicious/noExplicitAny: each form keeps its own schema's types through studioForm.
export async function studioAction({ request, context }: Args, forms: Record<string, Handler<any, unknown>>) {
  const resolved = await requireOwner({ request, context });
  const headers = sessionHeaders(resolved);
  const fields = await readFormFields(request);
  const intent = fields.intent ?? "";
  const form = forms[intent];
  if (!form)
    return formFailure(intent, fields, new InvalidInput("unknown_form", "This form is not known here. Reload the page and try again."), { headers });
  const { db, env } = actionServices(context);
  const services: StudioServices = { db, env, owner: resolved.session.user, origin: new URL(request.url).origin };
  return runFormAction(intent, fields, form.schema, (input) => form.run(input, services), { headers });
}
