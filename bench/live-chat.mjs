#!/usr/bin/env node
// Live-chat latency between two browsers (docs/product.md#studio): the owner's Studio open on a conversation in one
// Chromium context, a Spanish-speaking visitor's chat on /contact in another. Each message is timed from the moment
// the sender's page submits it to the moment the other page shows it (both stamps are the pages' own
// performance.timeOrigin + now, one machine's clock). Visitor → owner includes the translation into English, the
// D1 write, the push through the Studio's presence object and the thread page reloading its data; owner → visitor
// includes the page action, the translation into Spanish, the D1 write and the push through the chat's own object.
// The production build on workerd (bench/lib.mjs) with Apertium APY on loopback. Prints p50 and p95 each way.
// Usage: node bench/live-chat.mjs   (BENCH_SKIP_BUILD=1 reuses build/; BENCH_RUNS=N messages each way, at most 18:
// a chat takes 20 visitor messages a minute)
import { chromium } from "playwright";
import { apyInstalled, freePort, INSTALL_HINT, startApy } from "../scripts/apertium/apy.mjs";
import { percentile, startApp } from "./lib.mjs";

const RUNS = Math.min(18, Number(process.env.BENCH_RUNS ?? 15));
const OWNER = "owner@bench.test";
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

if (!apyInstalled()) {
  console.error(INSTALL_HINT);
  process.exit(1);
}
const apy = await startApy({ port: await freePort() });
const app = await startApp({ vars: [`APERTIUM_URL:${apy.url}`, "TRANSLATION_ENGINES:apertium", `OWNER_EMAILS:${OWNER}`] });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });

/** Resolves with the page's clock when `text` shows anywhere in it. */
const whenShown = (page, text) =>
  page.evaluate(
    (wanted) =>
      new Promise((resolve) => {
        const seen = () => document.body.innerText.includes(wanted);
        if (seen()) return resolve(performance.timeOrigin + performance.now());
        const observer = new MutationObserver(() => {
          if (!seen()) return;
          observer.disconnect();
          resolve(performance.timeOrigin + performance.now());
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      }),
    text,
  );

/** Types `text` into the form named `formLabel` and submits it; answers the page's clock at the submit. */
const submit = (page, formLabel, text) =>
  page.evaluate(
    ({ label, value }) => {
      const form = document.querySelector(`form[aria-label="${label}"]`);
      form.querySelector("textarea").value = value;
      const at = performance.timeOrigin + performance.now();
      form.requestSubmit();
      return at;
    },
    { label: formLabel, value: text },
  );

async function hydrated(page, path) {
  await page.goto(`${app.origin}${path}`);
  await page.waitForSelector("html[data-hydrated]");
}

try {
  const ownerContext = await browser.newContext();
  const cookie = await app.signedInCookie(OWNER);
  await ownerContext.addCookies(
    cookie.split("; ").map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: decodeURIComponent(pair.slice(at + 1)), url: app.origin, httpOnly: true, sameSite: "Lax" };
    }),
  );
  const owner = await ownerContext.newPage();
  await hydrated(owner, "/studio/inbox");

  const visitor = await (await browser.newContext({ locale: "es-ES" })).newPage();
  await hydrated(visitor, "/contact");
  await visitor.getByRole("button", { name: "Start Live Chat" }).click();
  await visitor.getByTestId("live-chat-online").waitFor();
  const dialog = visitor.getByRole("dialog");
  await dialog.getByRole("textbox", { name: "Message" }).fill("Hola, tengo una pregunta.");
  await dialog.getByRole("button", { name: "Start chat" }).click();
  await visitor.getByTestId("chat-mine").waitFor();
  await owner.getByTestId("inbox-thread").first().click();
  await owner.getByRole("textbox", { name: "Your reply" }).waitFor();
  await owner.waitForSelector("html[data-hydrated]");

  const toOwner = [];
  const toVisitor = [];
  for (let run = 0; run < RUNS; run++) {
    const visitorNumber = String(10_000 + run * 7 + 3);
    const shownToOwner = whenShown(owner, visitorNumber);
    const sentByVisitor = await submit(visitor, "Your message", `La casa número ${visitorNumber}.`);
    toOwner.push((await shownToOwner) - sentByVisitor);

    const ownerNumber = String(50_000 + run * 11 + 5);
    const shownToVisitor = whenShown(visitor, ownerNumber);
    const sentByOwner = await submit(owner, "Reply in the live chat", `The house number is ${ownerNumber}.`);
    toVisitor.push((await shownToVisitor) - sentByOwner);
    // The owner's composer is a fetcher form: let it settle before the next reply.
    await owner.waitForFunction(() => !document.querySelector('form[aria-label="Reply in the live chat"] button[disabled]'));
  }
  const line = (label, values) =>
    `${label.padEnd(18)} p50 ${percentile(values, 50).toFixed(0).padStart(4)} ms   p95 ${percentile(values, 95).toFixed(0).padStart(4)} ms   (${values.length} messages)`;
  console.log(`Live chat, send → shown in the other browser (production build on workerd, Apertium es↔en):`);
  console.log(line("visitor → owner", toOwner));
  console.log(line("owner → visitor", toVisitor));
  console.log(line("both ways", [...toOwner, ...toVisitor]));
} finally {
  await browser.close();
  await app.stop();
  apy.stop();
}
