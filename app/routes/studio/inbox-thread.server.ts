// One inbox thread's server half (docs/product.md#studio): the thread for the page, and its forms (status, notes,
// reply preview, send, send a draft again), posted with or without JavaScript. Owner-only, checked on every request.
import { data, type RouterContextProvider } from "react-router";
import * as z from "zod/mini";
import { inboxNotesSchema, inboxReplyPreviewSchema, inboxReplySchema, inboxStatusSchema } from "@core/schemas/inbox";
import { NotFound } from "@worker/services/errors";
import { previewReply, retryDraft, sendReply } from "@worker/services/inbox/replies";
import { openThread } from "@worker/services/inbox/thread-view";
import { saveNotes, setStatus } from "@worker/services/inbox/threads";
import { THREAD_INTENTS } from "~/components/studio/inbox/intents";
import { actionServices, formFailure, readFormFields, runFormAction } from "~/lib/form-action.server";
import { requireOwner } from "~/lib/permissions.server";
import { sessionHeaders } from "~/lib/session.server";

type Args = { request: Request; context: Readonly<RouterContextProvider>; params: { id?: string } };

const retrySchema = z.object({ messageId: z.string().check(z.minLength(1, "Which reply?"), z.maxLength(64)) });

export async function threadPage({ request, context, params }: Args) {
  const resolved = await requireOwner({ request, context });
  const { db, env } = actionServices(context);
  try {
    return { thread: await openThread(db, env, params.id ?? ""), headers: sessionHeaders(resolved) };
  } catch (error) {
    if (error instanceof NotFound) throw data(null, { status: 404, headers: sessionHeaders(resolved) });
    throw error;
  }
}

export async function threadAction({ request, context, params }: Args) {
  const resolved = await requireOwner({ request, context });
  const headers = sessionHeaders(resolved);
  const fields = await readFormFields(request);
  const { db, env } = actionServices(context);
  const id = params.id ?? "";
  const options = { headers };
  switch (fields.intent) {
    case THREAD_INTENTS.status:
      return runFormAction(fields.intent, fields, inboxStatusSchema, ({ status }) => setStatus(db, id, status).then(() => ({ status })), options);
    case THREAD_INTENTS.notes:
      return runFormAction(fields.intent, fields, inboxNotesSchema, ({ notes }) => saveNotes(db, id, notes).then(() => ({ notes })), options);
    case THREAD_INTENTS.preview:
      return runFormAction(fields.intent, fields, inboxReplyPreviewSchema, (input) => previewReply(db, env, id, input), options);
    case THREAD_INTENTS.send:
      return runFormAction(fields.intent, fields, inboxReplySchema, (input) => sendReply(db, env, id, input), options);
    case THREAD_INTENTS.retry:
      return runFormAction(
        fields.intent,
        fields,
        retrySchema,
        ({ messageId }) => retryDraft(db, env, id, messageId).then(() => ({ messageId })),
        options,
      );
    default:
      return formFailure(fields.intent ?? "", fields, new NotFound("There is no such form."), options);
  }
}
