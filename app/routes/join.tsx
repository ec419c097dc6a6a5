import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/join";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "TODO join", description: "TODO" });

export default function Page() {
  return <h1>TODO join</h1>;
}
