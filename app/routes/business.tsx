import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/business";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "TODO business", description: "TODO" });

export default function Page() {
  return <h1>TODO business</h1>;
}
