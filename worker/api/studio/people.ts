// /api/studio/people: accounts, the owner role and deleting an account (docs/product.md#studio). Owner only.
import { Hono } from "hono";
import { ownerRoleSchema } from "@core/schemas/studio";
import { ownerOnly } from "../../lib/permissions";
import { validJson } from "../../lib/validate";
import { deletePerson, grantOwner, listPeople, revokeOwner } from "../../services/people/people";
import type { AppEnv } from "../../types";

export const studioPeopleApi = new Hono<AppEnv>()
  .use("*", ownerOnly)
  .get("/", async (c) => c.json(await listPeople(c.var.db, c.req.query("q"), Math.max(1, Number.parseInt(c.req.query("page") ?? "", 10) || 1))))
  .post("/owner", validJson(ownerRoleSchema), async (c) => {
    const { id, owner } = c.req.valid("json");
    await (owner === "grant" ? grantOwner(c.var.db, id) : revokeOwner(c.var.db, id));
    return c.json({ ok: true as const });
  })
  .delete("/:id", async (c) => {
    await deletePerson(c.var.db, c.req.param("id"));
    return c.json({ ok: true as const });
  });
