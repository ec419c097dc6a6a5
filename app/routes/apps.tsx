import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/apps";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "TODO apps", description: "TODO" });

export default function Page() {
  return <h1>TODO apps</h1>;
}
