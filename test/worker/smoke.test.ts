import { SELF } from "cloudflare:test";
import { expect, test } from "vitest";

test("home renders", async () => {
  const response = await SELF.fetch("http://example.com/");
  expect(response.status).toBe(200);
  expect(await response.text()).toContain("Parley");
});
