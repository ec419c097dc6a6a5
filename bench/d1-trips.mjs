// The D1 round-trip budget (docs/decisions/0028-the-d1-round-trip-budget.md), printed by `npm run bench` after the
// page figures: the production build served with every D1 call DELAY ms late (bench/d1-delay-entry.mjs), and per
// route the serial D1 round trips before the first byte, the D1 calls before it and in all (waitUntil included),
// and the time to the first byte (for the chat stream: to the first token). Signed out, signed in, and as the owner.
// Target: at most 1 serial round trip before the first byte of a signed-in page or API answer, 0 before the chat's
// first token.
import { performance } from "node:perf_hooks";
import { startScriptedOpenAi } from "../test/support/scripted-openai.mjs";
import { serialTrips } from "./d1-delay-entry.mjs";
import { percentile, startApp } from "./lib.mjs";

const RUNS = Number(process.env.BENCH_D1_RUNS ?? 5);
const OWNER = "bench-owner@example.com";
const POST = "/blog/why-parley-is-privacy-first";
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A browser's cookies for one visitor: every answer's Set-Cookie is kept (a rotated session, a D1 bookmark). */
function cookieJar(initial = "") {
  const cookies = new Map(
    initial
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair]),
  );
  return {
    header: () => [...cookies.values()].join("; "),
    take(response) {
      for (const setCookie of response.headers.getSetCookie()) {
        const pair = setCookie.split(";")[0];
        const name = pair.slice(0, pair.indexOf("="));
        if (/max-age=0/i.test(setCookie)) cookies.delete(name);
        else cookies.set(name, pair);
      }
    },
  };
}

/** Reads an answer to its end; for an SSE answer, the time its first token arrived. */
async function readAnswer(response, start) {
  if (!response.body) return null;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let firstToken = null;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return firstToken;
    if (firstToken === null && value.includes('"delta"')) firstToken = performance.now() - start;
  }
}

/** One request, then what the Worker recorded of its D1 calls (after waitUntil work has had time to finish). */
async function measureOnce(origin, delayMs, { method = "GET", path, jar, body }) {
  const headers = { origin, ...(jar ? { cookie: jar.header() } : {}), ...(body ? { "content-type": "application/json" } : {}) };
  const start = performance.now();
  const response = await fetch(origin + path, { method, headers, body: body ? JSON.stringify(body()) : undefined, redirect: "manual" });
  const firstByte = performance.now() - start;
  jar?.take(response);
  const firstToken = await readAnswer(response, start);
  if (response.status >= 400) throw new Error(`${method} ${path}: HTTP ${response.status}`);
  await sleep(delayMs * 4);
  const record = await (await fetch(`${origin}/__bench/d1`)).json();
  const answeredAt = record.answeredAt;
  return {
    trips: serialTrips(record.calls, answeredAt),
    before: record.calls.filter((call) => call.end !== null && call.end <= answeredAt).length,
    total: record.calls.length,
    ttfb: firstToken ?? firstByte,
    status: response.status,
  };
}

async function measureRoute(origin, delayMs, route) {
  await measureOnce(origin, delayMs, route);
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await measureOnce(origin, delayMs, route));
  const median = (key) =>
    percentile(
      runs.map((run) => run[key]),
      50,
    );
  return {
    trips: median("trips"),
    maxTrips: Math.max(...runs.map((run) => run.trips)),
    before: median("before"),
    total: median("total"),
    ttfb: median("ttfb"),
    status: runs[0].status,
  };
}

/** A signed-in visitor's cookies (the owner's when `email` is OWNER). */
const visitor = async (app, email) => cookieJar(await app.signedInCookie(email));

export async function benchD1Trips(delayMs = Number(process.env.BENCH_D1_DELAY_MS ?? 50)) {
  const upstream = await startScriptedOpenAi({});
  const app = await startApp({
    d1: { delayMs },
    seeds: true,
    vars: [
      "CHAT_PROVIDER:openai",
      `OPENAI_BASE_URL:${upstream.url}`,
      "OPENAI_CHAT_MODEL:scripted",
      "OPENAI_TRANSLATION_MODEL:scripted",
      "TRANSLATION_ENGINES:openai",
      "SEARCH_URL:",
      `OWNER_EMAILS:${OWNER}`,
    ],
  });
  try {
    const { origin } = app;
    const user = await visitor(app, `bench-d1-${Date.now()}@example.com`);
    const owner = await visitor(app, OWNER);
    let turn = 0;
    const chatTurn = (conversationId) => () => ({ turnId: `bench-d1-${Date.now()}-${turn++}`, conversationId, text: "Benchmark [bench 5 10]" });
    // A conversation to open and continue.
    const first = await fetch(`${origin}/api/ai-stream`, {
      method: "POST",
      headers: { origin, cookie: user.header(), "content-type": "application/json" },
      body: JSON.stringify(chatTurn(undefined)()),
    });
    const conversationId = first.headers.get("x-conversation-id");
    await first.text();
    const routes = [
      ["signed out", "page /", { path: "/" }],
      ["signed out", "page /blog", { path: "/blog" }],
      ["signed out", "page a post", { path: POST }],
      ["signed out", "page /translate", { path: "/translate" }],
      ["signed out", "page /ai", { path: "/ai" }],
      ["signed in", "page /", { path: "/", jar: user }],
      ["signed in", "page /blog", { path: "/blog", jar: user }],
      ["signed in", "page a post", { path: POST, jar: user }],
      ["signed in", "page /translate", { path: "/translate", jar: user }],
      ["signed in", "page /ai", { path: "/ai", jar: user }],
      ["signed in", "page /ai?c=… (open chat)", { path: `/ai?c=${conversationId}`, jar: user }],
      ["signed in", "page /account", { path: "/account", jar: user }],
      ["owner", "page /studio/inbox", { path: "/studio/inbox", jar: owner }],
      ["owner", "page /studio/posts", { path: "/studio/posts", jar: owner }],
      ["owner", "page /studio/subscribers", { path: "/studio/subscribers", jar: owner }],
      ["owner", "page /studio/people", { path: "/studio/people", jar: owner }],
      ["owner", "page /studio/comments", { path: "/studio/comments", jar: owner }],
      ["signed in", "GET /api/auth/session", { path: "/api/auth/session", jar: user }],
      ["signed in", "GET /api/conversations", { path: "/api/conversations", jar: user }],
      ["signed in", "GET /api/conversations/:id", { path: `/api/conversations/${conversationId}`, jar: user }],
      ["signed in", "GET /api/translate (history)", { path: "/api/translate", jar: user }],
      [
        "signed in",
        "POST /api/translate",
        { method: "POST", path: "/api/translate", jar: user, body: () => ({ source: "en", target: "es", text: "[bench 1 0]" }) },
      ],
      ["signed in", "POST /api/ai-stream, new chat (first token)", { method: "POST", path: "/api/ai-stream", jar: user, body: chatTurn(undefined) }],
      [
        "signed in",
        "POST /api/ai-stream, continued (first token)",
        { method: "POST", path: "/api/ai-stream", jar: user, body: chatTurn(conversationId) },
      ],
    ];
    console.log(`\nD1 round trips: every D1 call ${delayMs} ms late (a distant primary), median of ${RUNS} runs after one warm-up`);
    console.log("who          route                                         serial trips (max)  calls before  calls in all  first byte");
    for (const [who, label, route] of routes) {
      const result = await measureRoute(origin, delayMs, route);
      console.log(
        [
          who.padEnd(12),
          `${label}${result.status >= 300 ? ` (${result.status})` : ""}`.padEnd(45),
          `${result.trips} (${result.maxTrips})`.padStart(19),
          String(result.before).padStart(13),
          String(result.total).padStart(13),
          `${result.ttfb.toFixed(1)} ms`.padStart(11),
        ].join(" "),
      );
    }
    console.log("Target: ≤ 1 serial D1 round trip before the first byte of a signed-in page or API answer; 0 before the chat's first token.");
    console.log("First byte: the answer's headers (the chat stream: its first token), from the request.");
  } finally {
    await app.stop();
    await upstream.close();
  }
}
