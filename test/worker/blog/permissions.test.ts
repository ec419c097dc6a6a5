// The one permission check of each kind (docs/product.md#accounts, #blog): requireUser and requireOwner, by the same
// names for the API (worker/lib/permissions.ts) and for page loaders (app/lib/permissions.server.ts). A signed-in
// user who is not the owner is refused by both.
import { createExecutionContext, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "@core/schemas/session";
import * as pages from "~/lib/permissions.server";
import { getRequestSession } from "~/lib/session.server";
import { ApiError } from "@worker/lib/errors";
import * as api from "@worker/lib/permissions";
import { createLoadContext } from "@worker/load-context";
import type { AppEnv } from "@worker/types";
import { confirmedAccount, cookieHeader, getWithCookies, ownerAccount, sendWithCookies } from "../support/auth";
import { ORIGIN } from "../support/requests";
import { insertPost } from "./helpers";

type Account = Awaited<ReturnType<typeof confirmedAccount>>;
let owner: Account;
let reader: Account;

beforeAll(async () => {
  owner = await ownerAccount();
  reader = await confirmedAccount();
});

/** What a Hono handler's context holds after readSession, for a user or nobody. */
const honoContext = (user: SessionUser | null) =>
  ({ var: { session: { session: user ? { user, expiresAt: 0 } : null, setCookies: [] } } }) as unknown as { var: AppEnv["Variables"] };

/** The ApiError a check throws (or null when it lets the request through). */
function refusal(check: () => unknown): ApiError | null {
  try {
    check();
    return null;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}

/** A loader's arguments for a page request with these cookies. */
function loaderArgs(path: string, cookies: Record<string, string> = {}) {
  const request = new Request(`${ORIGIN}${path}`, { headers: { cookie: cookieHeader(cookies) } });
  return { request, context: createLoadContext({ env, ctx: createExecutionContext() }, "nonce"), url: new URL(request.url) };
}

/** What a loader check throws: a redirect Response, or the 403 data() of requireOwner. */
async function thrownBy(check: Promise<unknown>) {
  try {
    await check;
  } catch (thrown) {
    return thrown;
  }
  return null;
}

describe("API routes (worker/lib/permissions.ts)", () => {
  it("requireOwner: 401 signed out, 403 for a signed-in non-owner, the owner passes", () => {
    expect(refusal(() => api.requireOwner(honoContext(null)))?.status).toBe(401);
    const refused = refusal(() => api.requireOwner(honoContext(reader.body.session.user)));
    expect(refused?.status).toBe(403);
    expect(refused?.toBody()).toEqual({ error: { code: "forbidden", message: api.OWNER_ONLY_MESSAGE } });
    expect(api.requireOwner(honoContext(owner.body.session.user))).toEqual(owner.body.session.user);
  });

  it("requireAuthorOrOwner: the author and the owner pass, anyone else is refused with the given message", () => {
    const authorId = reader.body.session.user.id;
    expect(api.requireAuthorOrOwner(honoContext(reader.body.session.user), authorId, "Not yours.")).toEqual(reader.body.session.user);
    expect(api.requireAuthorOrOwner(honoContext(owner.body.session.user), authorId, "Not yours.")).toEqual(owner.body.session.user);
    const stranger = { id: "someone-else", email: "x@example.com", isOwner: false };
    expect(refusal(() => api.requireAuthorOrOwner(honoContext(stranger), authorId, "Not yours."))?.toBody().error.message).toBe("Not yours.");
    expect(refusal(() => api.requireAuthorOrOwner(honoContext(null), authorId, "Not yours."))?.status).toBe(401);
  });

  it("a signed-in non-owner's write to an owner route is refused before anything changes", async () => {
    const post = await insertPost(owner.body.session.user.id, { title: "Kept" });
    const response = await sendWithCookies("PATCH", `/api/blog/posts/${post.id}`, reader.cookies, { published: false });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: { code: "forbidden", message: api.OWNER_ONLY_MESSAGE } });
    expect(await env.DB.prepare("SELECT published FROM posts WHERE id = ?").bind(post.id).first("published")).toBe(1);
  });
});

describe("page loaders (app/lib/permissions.server.ts)", () => {
  it("requireOwner: a 403 for a signed-in non-owner and for a visitor, the owner's session otherwise", async () => {
    for (const cookies of [reader.cookies, {}]) {
      const thrown = await thrownBy(pages.requireOwner(loaderArgs("/blog/new", cookies)));
      expect(thrown).toMatchObject({ init: { status: 403 } });
    }
    const allowed = await pages.requireOwner(loaderArgs("/blog/new", owner.cookies));
    expect(allowed.session.user).toEqual(owner.body.session.user);
  });

  it("requireUser: a redirect to sign-in that comes back to the page, or the user's session", async () => {
    const thrown = await thrownBy(pages.requireUser(loaderArgs("/account?tab=blog")));
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toBe(`/auth?next=${encodeURIComponent("/account?tab=blog")}`);
    const allowed = await pages.requireUser(loaderArgs("/account", reader.cookies));
    expect(allowed.session.user).toEqual(reader.body.session.user);
  });

  it("viewerIsOwner says yes only for the owner", async () => {
    const viewer = async (cookies: Record<string, string>) => {
      const { request, context } = loaderArgs("/blog", cookies);
      return pages.viewerIsOwner(await getRequestSession(request, context), context);
    };
    expect(await viewer(owner.cookies)).toBe(true);
    expect(await viewer(reader.cookies)).toBe(false);
    expect(await viewer({})).toBe(false);
  });

  it("the editor pages answer a signed-in non-owner with the 403 screen, and the owner with the editor", async () => {
    const post = await insertPost(owner.body.session.user.id, { title: "Guarded" });
    for (const path of ["/blog/new", `/blog/${post.slug}/edit`]) {
      const refused = await getWithCookies(path, reader.cookies);
      expect(refused.status, path).toBe(403);
      const html = await refused.text();
      expect(html).toContain("403 – Not allowed");
      expect(html).not.toContain('value="Guarded"');
      expect((await getWithCookies(path, owner.cookies)).status, path).toBe(200);
    }
  });
});
