import { Link, useActionData } from "react-router";
import { FormNotice } from "~/components/forms/form-notice";
import { EmailSignupForm } from "~/components/subscribe/email-signup-form";
import { stayUpdated, subscribeMeta } from "~/content/subscribe";
import { clientFormAction } from "~/lib/client-form-action";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/subscribe";
import { subscribeAction } from "./subscribe.server";

export const meta: Route.MetaFunction = (args) => pageMeta(args, subscribeMeta);

/** Every subscription form posts here: through a fetcher with JavaScript on, as a page without it. */
export const action = (args: Route.ActionArgs) => subscribeAction(args);

/** A post that never reached the server is answered as the form's failure, not with the error page. */
export const clientAction = (args: Route.ClientActionArgs) => clientFormAction(args);

/** The answer to a subscription sent without JavaScript: the confirmation, or the form again with what went wrong. */
export default function SubscribePage() {
  const answer = useActionData<typeof action>();
  return (
    <section className="container-page section max-w-2xl" aria-labelledby="subscribe-heading">
      <h1 id="subscribe-heading" className="heading-2">
        {stayUpdated.title}
      </h1>
      <p className="lead mt-4">{stayUpdated.description}</p>
      <div className="mt-8">
        {answer?.ok ? (
          <>
            <FormNotice notice={{ kind: "success", title: stayUpdated.successTitle, description: stayUpdated.successDescription }} />
            <Link to={answer.data.page ?? "/"} className="btn-secondary mt-6">
              {stayUpdated.back}
            </Link>
          </>
        ) : (
          <EmailSignupForm label={stayUpdated.title} successMessage={stayUpdated.successTitle} />
        )}
      </div>
    </section>
  );
}
