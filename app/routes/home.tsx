import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "TODO home", description: "TODO" });

export default function Page() {
  return <h1>TODO home</h1>;
}
