// Confirming a subscription from its emailed link (docs/product.md#subscriptions, double opt-in): the GET shows this
// page and spends nothing; the POST confirms.
import { useActionData, useSearchParams } from "react-router";
import * as z from "zod/mini";
import { FormNotice } from "~/components/forms/form-notice";
import { LinkConfirmForm } from "~/components/subscribe/link-confirm-form";
import { site } from "@core/site";
import { actionServices, readFormFields, runFormAction } from "~/lib/form-action.server";
import { confirmSubscription } from "@worker/services/subscriptions/subscriptions";
import { InvalidInput } from "@worker/services/errors";
import type { Route } from "./+types/subscribe-confirm";

const INTENT = "confirm-subscription";
const LINK_FAILED = "This confirmation link is not valid or has expired. Subscribe again to get a new one.";

export async function action({ request, context }: Route.ActionArgs) {
  const fields = await readFormFields(request);
  const { db } = actionServices(context);
  return runFormAction(INTENT, fields, z.object({ token: z.string().check(z.maxLength(200)) }), async ({ token }) => {
    if (!(await confirmSubscription(db, token))) throw new InvalidInput("invalid_link", LINK_FAILED);
    return { confirmed: true };
  });
}

export const meta: Route.MetaFunction = () => [{ title: `Confirm your subscription – ${site.name}` }, { name: "robots", content: "noindex" }];

export default function ConfirmSubscription() {
  const [searchParams] = useSearchParams();
  const answer = useActionData<typeof action>();
  const token = searchParams.get("token") ?? "";
  return (
    <section className="container-page section max-w-2xl" aria-labelledby="confirm-heading">
      <h1 id="confirm-heading" className="heading-2">
        Confirm your subscription
      </h1>
      {answer ? (
        <div className="mt-6">
          <FormNotice
            notice={
              answer.ok
                ? {
                    kind: "success",
                    title: "You're subscribed",
                    description: `Thank you: ${site.name} updates will come to this address. Every email has a one-click unsubscribe link.`,
                  }
                : { kind: "error", title: "Could not confirm", description: answer.error.message }
            }
          />
        </div>
      ) : token ? (
        <>
          <p className="lead mt-4">One step left: confirm that you want {site.name} updates at this address.</p>
          <LinkConfirmForm intent={INTENT} fields={{ token }} label="Confirm subscription" pendingLabel="Confirming…" />
        </>
      ) : (
        <p className="lead mt-4">{LINK_FAILED}</p>
      )}
    </section>
  );
}
