// The browser half of a page form's action, with JavaScript on: the fetcher's post goes to the server's action as
// usual; only a post that never reached the server (offline, connection lost) is answered here, as the form's
// failure instead of the route's error page, so that what was typed stays in place.
import { type FormFailure, INTENT_FIELD } from "@core/schemas/form-result";
import { NETWORK_ERROR_MESSAGE } from "./api";

type ClientActionArgs<T> = { request: Request; serverAction: () => Promise<T> };

export async function clientFormAction<T>({ request, serverAction }: ClientActionArgs<T>): Promise<T | FormFailure> {
  const posted = await request.clone().formData();
  try {
    return await serverAction();
  } catch (error) {
    // fetch() rejects with a TypeError when no answer came back at all; anything else is the server's to say.
    if (!(error instanceof TypeError)) throw error;
    const intent = posted.get(INTENT_FIELD);
    return {
      ok: false,
      intent: typeof intent === "string" ? intent : "",
      error: { code: "network_error", message: NETWORK_ERROR_MESSAGE },
      values: {},
    };
  }
}
