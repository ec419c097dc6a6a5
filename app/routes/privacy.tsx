import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "TODO privacy", description: "TODO" });

export default function Page() {
  return <h1>TODO privacy</h1>;
}
