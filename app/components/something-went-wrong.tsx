import { isRouteErrorResponse } from "react-router";
import { site } from "@core/site";

/** The error screen for anything but a missing page: the status of an error response, or a general apology. */
export function SomethingWentWrong({ error }: { error: unknown }) {
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <section className="container-page section text-center">
      <title>{`Something went wrong – ${site.name}`}</title>
      <h1 className="heading-2">Something went wrong</h1>
      <p className="lead mt-4">
        {isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : "An unexpected error occurred. Please try again."}
      </p>
      <a href="/" className="btn-primary mt-8">
        Back to home
      </a>
    </section>
  );
}
