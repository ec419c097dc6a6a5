import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "TODO about", description: "TODO" });

export default function Page() {
  return <h1>TODO about</h1>;
}
