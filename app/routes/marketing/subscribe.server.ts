// The action behind every subscription form (the Stay Updated dialog, the landing page's early-access form, the
// crowdfunding waitlist): the same rate limit, human check, schema and list as POST /api/subscriptions.
import type { RouterContextProvider } from "react-router";
import { subscriptionSchema } from "@core/schemas/subscriptions";
import { subscribe, subscriptionPagePath } from "@worker/services/subscriptions/subscriptions";
import { checkFormProof } from "@worker/lib/human-proof";
import { enforceRateLimit, requestIp } from "@worker/lib/rate-limit";
import { RATE_LIMITS } from "@worker/lib/rate-limit-rules";
import { actionServices, guardFormAction, readFormFields, runFormAction } from "~/lib/form-action.server";
import { getRequestSession, sessionHeaders } from "~/lib/session.server";

const INTENT = "subscribe";

export async function subscribeAction({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  const fields = await readFormFields(request);
  const { env, db } = actionServices(context);
  const refused = await guardFormAction(INTENT, fields, async () => {
    await enforceRateLimit(db, RATE_LIMITS.subscribe, requestIp(request));
    await checkFormProof(env, db, request, fields, { email: fields.email });
  });
  if (refused) return refused;
  // A signed-in subscriber is recorded with the account, as by the API.
  const resolved = await getRequestSession(request, context);
  const userId = resolved.session?.user.id ?? null;
  return runFormAction(
    INTENT,
    fields,
    subscriptionSchema,
    async (input) => {
      await subscribe(db, input, userId, { env, origin: new URL(request.url).origin });
      // Where the subscriber came from, for the page's way back.
      return { page: subscriptionPagePath(input.page) };
    },
    { headers: sessionHeaders(resolved) },
  );
}
