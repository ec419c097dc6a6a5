import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/kickstarter";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "TODO kickstarter", description: "TODO" });

export default function Page() {
  return <h1>TODO kickstarter</h1>;
}
