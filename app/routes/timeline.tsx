import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/timeline";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "TODO timeline", description: "TODO" });

export default function Page() {
  return <h1>TODO timeline</h1>;
}
