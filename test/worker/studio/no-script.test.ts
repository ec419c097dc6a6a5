// The inbox's forms posted by a browser without JavaScript (docs/decisions/0012-forms-without-javascript.md): status,
// notes, a reply's preview and its sending, each through the thread page's action.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { cookieHeader, getWithCookies, lastEmail, ownerAccount, uniqueEmail } from "../support/auth";
import { postForm } from "../support/requests";
import { submitContact } from "./helpers";

let owner: Awaited<ReturnType<typeof ownerAccount>>;
beforeAll(async () => {
  owner = await ownerAccount();
});

const post = (path: string, fields: Record<string, string>) => postForm(path, fields, { cookie: cookieHeader(owner.cookies) });

describe("the inbox without JavaScript", () => {
  it("lists, searches by POST, and shows a thread", async () => {
    const marker = `quokka${Date.now()}`;
    const id = await submitContact({ name: "Noor", email: uniqueEmail("noor"), message: `About the ${marker} <b>offer</b>` });
    const list = await (await getWithCookies("/studio/inbox", owner.cookies)).text();
    expect(list).toContain("Noor");
    const found = await post("/studio/inbox", { intent: "inbox-search", q: marker, status: "all" });
    expect(found.status).toBe(200);
    const html = await found.text();
    expect(html).toContain("1 conversation matches.");
    const page = await (await getWithCookies(`/studio/inbox/${id}`, owner.cookies)).text();
    // The sender's text is shown as text, never as markup.
    expect(page).toContain("&lt;b&gt;offer&lt;/b&gt;");
  });

  it("saves status and notes", async () => {
    const id = await submitContact({ name: "Omar", email: uniqueEmail("omar"), message: "Please send the price list." });
    expect((await post(`/studio/inbox/${id}`, { intent: "thread-status", status: "answered" })).status).toBe(200);
    const notes = await post(`/studio/inbox/${id}`, { intent: "thread-notes", notes: "Sent <script>x</script> prices." });
    expect(notes.status).toBe(200);
    const page = await (await getWithCookies(`/studio/inbox/${id}`, owner.cookies)).text();
    expect(page).toContain("Sent &lt;script&gt;x&lt;/script&gt; prices.");
    expect(page).toMatch(/<option value="answered" selected="">|value="answered" selected/);
    const tooLong = await post(`/studio/inbox/${id}`, { intent: "thread-notes", notes: "n".repeat(5001) });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain("Notes can be at most 5,000 characters.");
  });

  it.skipIf(!inject("apertiumAvailable"))("previews a reply with both versions, then sends it", async () => {
    const email = uniqueEmail("pilar");
    const id = await submitContact({ name: "Pilar", email, message: "Hola, quiero saber el precio del traductor para mi empresa." });
    await getWithCookies(`/studio/inbox/${id}`, owner.cookies);
    const preview = await post(`/studio/inbox/${id}`, { intent: "reply-preview", text: "The house is red.", translate: "on" });
    const html = await preview.text();
    expect(html).toContain("Before sending");
    expect(html).toMatch(/casa es roja/i);
    const translation = /name="translation" value="([^"]+)"/.exec(html)?.[1];
    expect(translation).toBeTruthy();
    const sent = await post(`/studio/inbox/${id}`, { intent: "reply-send", text: "The house is red.", translate: "on", translation: translation! });
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain("Reply sent");
    expect((await lastEmail(email)).text).toMatch(/casa es roja/i);
  });
});
