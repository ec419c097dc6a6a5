import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "TODO contact", description: "TODO" });

export default function Page() {
  return <h1>TODO contact</h1>;
}
