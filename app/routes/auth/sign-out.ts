// POST /auth/sign-out: the sign-out button's form, for a browser without JavaScript (with JavaScript the button
// calls /api/auth/logout and tells the other tabs). Ends the session and goes home, signed out.
import { redirect } from "react-router";
import { signOut } from "@worker/services/auth/lifecycle";
import { clearedSessionCookies } from "@worker/services/auth/sessions";
import { actionServices } from "~/lib/form-action.server";
import { getRequestSession } from "~/lib/session.server";
import type { Route } from "./+types/sign-out";

export async function action({ request, context }: Route.ActionArgs) {
  const { familyId } = await getRequestSession(request, context);
  await signOut(actionServices(context).db, familyId);
  const headers = new Headers();
  for (const cookie of clearedSessionCookies(request.url)) headers.append("Set-Cookie", cookie);
  return redirect("/", { headers });
}

/** Nothing to show here: a visit lands on the home page. */
export const loader = () => redirect("/");
