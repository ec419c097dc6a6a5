// Two-factor sign-in around the account (docs/product.md#accounts, docs/decisions/0015-two-factor.md): the account
// page's forms without JavaScript, and the OWNER_REQUIRES_2FA requirement on the owner's API routes and pages.
import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { OWNER_NEEDS_TWO_FACTOR_MESSAGE } from "@core/schemas/two-factor";
import * as pages from "~/lib/permissions.server";
import { api } from "@worker/api";
import { createLoadContext } from "@worker/load-context";
import { cookieHeader, getWithCookies, signedInAccount, signedInRequest } from "../support/auth";
import { insertPost } from "../blog/helpers";
import { ORIGIN, postForm } from "../support/requests";
import { enableTwoFactor, totp } from "../support/totp";
import { withProof } from "../support/proof";

async function json(response: Response) {
  return (await response.json()) as Record<string, unknown>;
}

describe("the account page's forms without JavaScript", () => {
  it("sets up, keeps the pending setup after a wrong code, confirms and shows the backup codes once", { timeout: 90_000 }, async () => {
    const account = await signedInAccount();
    const headers = { cookie: cookieHeader(account.cookies) };
    const setUp = await postForm("/account", { intent: "two_factor_setup" }, headers);
    expect(setUp.status).toBe(200);
    const page = await (await getWithCookies("/account", account.cookies)).text();
    const secret = /id="two-factor-secret"[^>]*>([A-Z2-7 ]+)</.exec(page)?.[1]?.replaceAll(" ", "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(page).toContain('aria-label="QR code for your authenticator app"');
    const wrong = await postForm("/account", { intent: "two_factor_enable", code: "000000" }, headers);
    expect(wrong.status).toBe(400);
    const wrongPage = await wrong.text();
    expect(wrongPage).toContain("That code is not right");
    expect(wrongPage).toContain(secret!.slice(0, 4));
    const enabled = await postForm("/account", { intent: "two_factor_enable", code: await totp(secret!, Date.now()) }, headers);
    expect(enabled.status).toBe(200);
    const codes = [...(await enabled.text()).matchAll(/<li>([0-9a-z]{5}-[0-9a-z]{5})<\/li>/g)].map((match) => match[1]!);
    expect(new Set(codes).size).toBe(10);
    // Shown once: the page does not show them (or the key) again.
    const after = await (await getWithCookies("/account", account.cookies)).text();
    expect(after).toContain("10 unused backup codes left.");
    for (const code of codes) expect(after).not.toContain(code);
    expect(after).not.toContain(secret!.slice(0, 8));
  });
});

describe("OWNER_REQUIRES_2FA", () => {
  const requiring = { ...env, OWNER_REQUIRES_2FA: "1" };

  it("refuses the owner's API routes and pages until the owner has two-factor sign-in on", async () => {
    const owner = await signedInAccount("owner@parley.test");
    const post = { title: "A title", body: "Body text", slug: "" };
    const refused = await api.request(signedInRequest("POST", "/blog/posts", owner.cookies, post), undefined, requiring);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: { code: "two_factor_setup_required", message: OWNER_NEEDS_TWO_FACTOR_MESSAGE } });
    expect((await json(await api.request(signedInRequest("GET", "/auth/two-factor", owner.cookies), undefined, requiring))).requiredForOwner).toBe(
      true,
    );

    const loaderArgs = () => {
      const request = new Request(`${ORIGIN}/blog/new`, { headers: { cookie: cookieHeader(owner.cookies) } });
      return { request, context: createLoadContext({ env: requiring, ctx: createExecutionContext() }, "nonce") };
    };
    const thrown = await pages.requireOwner(loaderArgs()).then(
      () => null,
      (error: unknown) => error,
    );
    expect(thrown).toMatchObject({ init: { status: 403 }, data: { code: "two_factor_setup_required" } });

    await enableTwoFactor(owner);
    const allowed = await api.request(signedInRequest("POST", "/blog/posts", owner.cookies, post), undefined, requiring);
    expect(allowed.status).not.toBe(403);
    await expect(pages.requireOwner(loaderArgs())).resolves.toMatchObject({ session: { user: { isOwner: true } } });
  });

  it("is off by default: an owner without two-factor sign-in keeps the owner's routes", async () => {
    const owner = await signedInAccount("second-owner@parley.test");
    expect((await json(await getWithCookies("/api/auth/two-factor", owner.cookies))).requiredForOwner).toBe(false);
    const response = await api.request(signedInRequest("POST", "/blog/posts", owner.cookies, {}), undefined, env);
    expect(response.status).toBe(400);
  });

  it("also holds for moderating: the owner deletes a reader's comment only after setting two-factor sign-in up", async () => {
    const owner = await signedInAccount("second-owner@parley.test");
    const reader = await signedInAccount();
    const post = await insertPost(owner.body.session.user.id, { published: true });
    const added = await api.request(
      signedInRequest("POST", `/blog/posts/${post.slug}/comments`, reader.cookies, await withProof({ content: "Nice post" })),
      undefined,
      env,
    );
    expect(added.status).toBe(201);
    const { comment } = (await added.json()) as { comment: { id: string } };
    const remove = () => api.request(signedInRequest("DELETE", `/blog/comments/${comment.id}`, owner.cookies), undefined, requiring);
    const refused = await remove();
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("two_factor_setup_required");
    await enableTwoFactor(owner);
    expect((await remove()).status).toBe(200);
  });
});
