// Unsubscribing from a mail's link (docs/product.md#subscriptions): no sign-in; the link is signed for its
// subscriber. The GET shows this page and changes nothing; the POST unsubscribes. Mail clients' one-click button
// posts to /api/subscriptions/unsubscribe instead (RFC 8058).
import { useActionData, useSearchParams } from "react-router";
import * as z from "zod/mini";
import { FormNotice } from "~/components/forms/form-notice";
import { LinkConfirmForm } from "~/components/subscribe/link-confirm-form";
import { site } from "@core/site";
import { actionServices, readFormFields, runFormAction } from "~/lib/form-action.server";
import { unsubscribe } from "@worker/services/subscriptions/unsubscribe";
import { InvalidInput } from "@worker/services/errors";
import type { Route } from "./+types/unsubscribe";

const INTENT = "unsubscribe";
const LINK_FAILED = "This unsubscribe link is not valid. Use the link from the newest email, or write to us and we will remove you.";

const linkSchema = z.object({ s: z.string().check(z.maxLength(100)), sig: z.string().check(z.maxLength(100)) });

export async function action({ request, context }: Route.ActionArgs) {
  const fields = await readFormFields(request);
  const { db, env } = actionServices(context);
  return runFormAction(INTENT, fields, linkSchema, async ({ s, sig }) => {
    if (!(await unsubscribe(db, env, s, sig))) throw new InvalidInput("invalid_link", LINK_FAILED);
    return { unsubscribed: true };
  });
}

export const meta: Route.MetaFunction = () => [{ title: `Unsubscribe – ${site.name}` }, { name: "robots", content: "noindex" }];

export default function Unsubscribe() {
  const [searchParams] = useSearchParams();
  const answer = useActionData<typeof action>();
  const s = searchParams.get("s") ?? "";
  const sig = searchParams.get("sig") ?? "";
  return (
    <section className="container-page section max-w-2xl" aria-labelledby="unsubscribe-heading">
      <h1 id="unsubscribe-heading" className="heading-2">
        Unsubscribe
      </h1>
      {answer ? (
        <div className="mt-6">
          <FormNotice
            notice={
              answer.ok
                ? { kind: "success", title: "You're unsubscribed", description: `You will get no more ${site.name} newsletters at this address.` }
                : { kind: "error", title: "Could not unsubscribe", description: answer.error.message }
            }
          />
        </div>
      ) : s && sig ? (
        <>
          <p className="lead mt-4">Stop {site.name} newsletters at this address.</p>
          <LinkConfirmForm intent={INTENT} fields={{ s, sig }} label="Unsubscribe" pendingLabel="Unsubscribing…" />
        </>
      ) : (
        <p className="lead mt-4">{LINK_FAILED}</p>
      )}
    </section>
  );
}
