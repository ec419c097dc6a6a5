// The Worker the browser tests serve: the production build (build/server/index.js) unchanged, plus one loopback
// route of the tests' own, POST /__fixture/sql, which the login fixture (login.ts) uses to write accounts and
// sessions. It exists only here, never in the build that deploys.
//
// Why through the served Worker: local D1 is one SQLite file, and workerd gives its writers no busy wait. A
// fixture that wrote the file from another process (`wrangler d1 execute`) held its lock at times the app also
// wrote, and the app's write failed with SQLITE_BUSY: a 500 in whichever test was signing in or saving then.
// Statements sent here run in the same workerd, through the same D1, one batch after another.
import app from "../../../build/server/index.js";

export * from "../../../build/server/index.js";

const FIXTURE_PATH = "/__fixture/sql";

/** Runs `{statements: string[]}` as one D1 batch (one transaction); answers 204, or 400 with the reason. */
async function runFixture(request, env) {
  if (!env.FIXTURE_TOKEN || request.headers.get("x-fixture-token") !== env.FIXTURE_TOKEN) {
    return new Response("Not the tests' fixture.", { status: 403 });
  }
  const { statements } = await request.json();
  try {
    await env.DB.batch(statements.map((sql) => env.DB.prepare(sql)));
    return new Response(null, { status: 204 });
  } catch (error) {
    return new Response(String(error?.message ?? error), { status: 400 });
  }
}

export default {
  ...app,
  fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname === FIXTURE_PATH && request.method === "POST") return runFixture(request, env);
    return app.fetch(request, env, ctx);
  },
};
