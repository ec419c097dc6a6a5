// The Studio's people room (docs/product.md#studio): grant and revoke the owner role with at least one owner always
// left (atomic on the server), delete an account through the self-deletion path, and show no device details.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "@worker/db/client";
import { revokeOwner } from "@worker/services/people/people";
import { confirmedAccount, cookieHeader, getWithCookies, ownerAccount, sendWithCookies, type signedInAccount, uniqueEmail } from "../support/auth";
import { postJsonWithProof } from "../support/proof";
import { postForm } from "../support/requests";

type Account = Awaited<ReturnType<typeof signedInAccount>>;
let owner: Account;

beforeAll(async () => {
  owner = await ownerAccount();
});

const userId = (account: Account) => account.body.session.user.id;
const isOwner = async (id: string) =>
  Boolean((await env.DB.prepare("SELECT is_owner FROM profiles WHERE id = ?").bind(id).first<{ is_owner: number }>())?.is_owner);
const ownerCount = async () => (await env.DB.prepare("SELECT count(*) AS n FROM profiles WHERE is_owner = 1").first<{ n: number }>())!.n;
const ownerForm = (fields: Record<string, string>) => postForm("/studio/people", fields, { cookie: cookieHeader(owner.cookies) });

describe("the owner role", () => {
  it("is granted and revoked from the page without JavaScript; the new owner's session sees it at once", async () => {
    const reader = await confirmedAccount();
    const id = userId(reader);
    expect((await ownerForm({ intent: "owner", id, owner: "grant" })).status).toBe(200);
    expect(await isOwner(id)).toBe(true);
    expect((await getWithCookies("/studio/people", reader.cookies)).status).toBe(200);
    expect((await ownerForm({ intent: "owner", id, owner: "revoke" })).status).toBe(200);
    expect(await isOwner(id)).toBe(false);
    expect((await getWithCookies("/studio/people", reader.cookies)).status).toBe(403);
  });

  it("keeps the last owner: revoking them is refused, and two owners revoking each other at once leave one", async () => {
    expect(await ownerCount()).toBe(1);
    const refused = await sendWithCookies("POST", "/api/studio/people/owner", owner.cookies, { id: userId(owner), owner: "revoke" });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { code: string; message: string } }).error).toEqual({
      code: "last_owner",
      message: "At least one owner must remain: grant the role to someone else first.",
    });
    expect(await isOwner(userId(owner))).toBe(true);

    const second = await confirmedAccount();
    await sendWithCookies("POST", "/api/studio/people/owner", owner.cookies, { id: userId(second), owner: "grant" });
    expect(await ownerCount()).toBe(2);
    const db = database(env.DB);
    const outcomes = await Promise.allSettled([revokeOwner(db, userId(owner)), revokeOwner(db, userId(second))]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    expect(await ownerCount()).toBe(1);
    // Put the file's owner back for the tests after this one.
    const remaining = (await isOwner(userId(owner))) ? owner : second;
    if (remaining !== owner) {
      await env.DB.prepare("UPDATE profiles SET is_owner = 1 WHERE id = ?").bind(userId(owner)).run();
      await revokeOwner(db, userId(second));
    }
    expect(await ownerCount()).toBe(1);
  });

  it("is not granted to an address that was never confirmed", async () => {
    const email = uniqueEmail("unconfirmed");
    await postJsonWithProof("/api/auth/signup", { email, password: "violet-harbour-lantern-42" });
    const { id } = (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: string }>())!;
    const response = await sendWithCookies("POST", "/api/studio/people/owner", owner.cookies, { id, owner: "grant" });
    expect(response.status).toBe(400);
    expect(await isOwner(id)).toBe(false);
  });
});

describe("accounts", () => {
  it("lists address, created, confirmed and owner, finds by search, and shows no device details", async () => {
    const reader = await confirmedAccount();
    const html = await (await getWithCookies(`/studio/people?q=${encodeURIComponent(reader.email)}`, owner.cookies)).text();
    expect(html).toContain(reader.email);
    expect(html.match(/data-testid="person-row"/g)).toHaveLength(1);
    expect(html).not.toMatch(/user.agent|198\.51\.|Chrome|Firefox/i);
  });

  it("deletes an account from the Studio through the self-deletion path: its data and subscription go", async () => {
    const reader = await confirmedAccount();
    await postJsonWithProof("/api/subscriptions", { email: reader.email });
    const id = userId(reader);
    const response = await ownerForm({ intent: "delete", id });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("The account was deleted.");
    expect(await env.DB.prepare("SELECT id FROM users WHERE id = ?").bind(id).first()).toBeNull();
    expect(await env.DB.prepare("SELECT id FROM subscriptions WHERE email = ?").bind(reader.email).first()).toBeNull();
    expect((await getWithCookies("/api/account/settings", reader.cookies)).status).toBe(401);
  });

  it("refuses to delete an owner's account until the role is revoked", async () => {
    const response = await sendWithCookies("DELETE", `/api/studio/people/${userId(owner)}`, owner.cookies);
    expect(response.status).toBe(409);
    expect(await env.DB.prepare("SELECT id FROM users WHERE id = ?").bind(userId(owner)).first()).not.toBeNull();
  });
});
