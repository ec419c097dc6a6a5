// /api/studio: subscribers and newsletters (docs/product.md#studio). Owner only, checked here on the server for
// every route; the Studio's pages run the same services through their actions.
import { Hono } from "hono";
import { newsletterSchema } from "@core/schemas/studio";
import { ownerOnly, requireOwner } from "../../lib/permissions";
import { limitRequest } from "../../lib/rate-limit";
import { RATE_LIMITS } from "../../lib/rate-limit-rules";
import { validJson } from "../../lib/validate";
import { createNewsletter, deleteNewsletter, getNewsletter, listNewsletters, updateNewsletter } from "../../services/newsletters/newsletters";
import { sendNewsletterTest, sendNextBatch, sendProgress, startSending } from "../../services/newsletters/sending";
import { deleteSubscriber, listSubscribers, subscribersCsv } from "../../services/subscriptions/studio";
import type { AppEnv } from "../../types";

const pageOf = (value: string | undefined) => Math.max(1, Number.parseInt(value ?? "", 10) || 1);
const originOf = (url: string) => new URL(url).origin;

export const studioAudienceApi = new Hono<AppEnv>()
  .use("*", ownerOnly)
  .get("/subscribers", async (c) => {
    const filter = { q: c.req.query("q"), status: c.req.query("status") };
    return c.json(await listSubscribers(c.var.db, filter, pageOf(c.req.query("page"))));
  })
  .get("/subscribers/export.csv", async (c) => {
    const csv = await subscribersCsv(c.var.db, { q: c.req.query("q"), status: c.req.query("status") });
    // The list holds addresses: never cached, always a download.
    return c.body(csv, 200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="subscribers-${new Date().toISOString().slice(0, 10)}.csv"`,
      "cache-control": "no-store",
    });
  })
  .delete("/subscribers/:id", async (c) => {
    await deleteSubscriber(c.var.db, c.req.param("id"));
    return c.json({ ok: true as const });
  })
  .get("/newsletters", async (c) => c.json({ newsletters: await listNewsletters(c.var.db) }))
  .post("/newsletters", validJson(newsletterSchema), async (c) => c.json(await createNewsletter(c.var.db, c.req.valid("json")), 201))
  .get("/newsletters/:id", async (c) => {
    const id = c.req.param("id");
    const { id: _id, origin: _origin, ...newsletter } = await getNewsletter(c.var.db, id);
    return c.json({ newsletter: { id, ...newsletter }, progress: await sendProgress(c.var.db, id) });
  })
  .put("/newsletters/:id", validJson(newsletterSchema), async (c) => {
    await updateNewsletter(c.var.db, c.req.param("id"), c.req.valid("json"));
    return c.json({ ok: true as const });
  })
  .delete("/newsletters/:id", async (c) => {
    await deleteNewsletter(c.var.db, c.req.param("id"));
    return c.json({ ok: true as const });
  })
  .post("/newsletters/:id/test", async (c) => {
    const owner = requireOwner(c);
    await limitRequest(c, RATE_LIMITS.newsletterTest);
    await sendNewsletterTest(c.var.db, c.env, c.req.param("id"), owner.email, originOf(c.req.url));
    return c.json({ ok: true as const, to: owner.email });
  })
  // Starts (or resumes) sending and sends one batch; the caller posts /batch until nothing remains.
  .post("/newsletters/:id/send", async (c) => {
    const id = c.req.param("id");
    await startSending(c.var.db, id, originOf(c.req.url));
    return c.json(await sendNextBatch(c.var.db, c.env, id));
  })
  .post("/newsletters/:id/batch", async (c) => c.json(await sendNextBatch(c.var.db, c.env, c.req.param("id"))));
