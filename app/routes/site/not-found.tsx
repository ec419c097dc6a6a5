import { data } from "react-router";
import { NotFound } from "~/components/not-found";
import type { Route } from "./+types/not-found";

// Any path no other route claims: render the 404 screen with a real 404 status.
export function loader(_: Route.LoaderArgs) {
  return data(null, { status: 404 });
}

export default function NotFoundRoute(_: Route.ComponentProps) {
  return <NotFound />;
}
