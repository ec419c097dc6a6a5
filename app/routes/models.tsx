import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/models";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "TODO models", description: "TODO" });

export default function Page() {
  return <h1>TODO models</h1>;
}
