// The benches' D1 in a process of its own, as production has it (docs/decisions/0028-the-d1-round-trip-budget.md):
// Miniflare's local D1 runs its SQL in the app's own workerd process, on the one thread that also runs the Worker and
// its Durable Objects, so a query the hub sends while an answer starts holds that answer back by the query's whole
// time. In production D1 runs elsewhere and the hub only waits for its reply. Here a second workerd (its own Miniflare)
// opens the migrated database and answers D1 calls over loopback HTTP; the app reaches it through the bench's entry
// module (bench/d1-delay-entry.mjs), which hands the Worker and its Durable Objects a D1 binding that forwards there.
import path from "node:path";

/** JSON for D1 values: bytes (a blob's ArrayBuffer, or a typed array) travel as { $bytes: [...] }. */
const CODEC_SOURCE = `
const encodeBytes = (key, value) =>
  value instanceof ArrayBuffer || ArrayBuffer.isView(value)
    ? { $bytes: Array.from(value instanceof ArrayBuffer ? new Uint8Array(value) : new Uint8Array(value.buffer, value.byteOffset, value.byteLength)) }
    : value;
const decodeBytes = (key, value) => (value !== null && typeof value === "object" && Array.isArray(value.$bytes) ? new Uint8Array(value.$bytes).buffer : value);
`;

const SERVER_SOURCE = `${CODEC_SOURCE}
async function execute(db, { op, statements, sql }) {
  if (op === "exec") return db.exec(sql);
  const prepared = statements.map((statement) => db.prepare(statement.sql).bind(...statement.params));
  if (op === "batch") return db.batch(prepared);
  const [{ method, column, options }] = statements;
  const [statement] = prepared;
  if (method === "first") return column === undefined ? statement.first() : statement.first(column);
  if (method === "raw") return statement.raw(options);
  return statement[method]();
}

export default {
  async fetch(request, env) {
    const call = JSON.parse(await request.text(), decodeBytes);
    const session = call.session === undefined ? null : env.DB.withSession(call.session ?? undefined);
    try {
      const result = await execute(session ?? env.DB, call);
      return new Response(JSON.stringify({ result, bookmark: session?.getBookmark() ?? null }, encodeBytes));
    } catch (error) {
      return new Response(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }), { status: 500 });
    }
  },
};
`;

/**
 * The source of `remoteDatabase(url)` for the bench's entry module: a D1Database (prepare, bind, all, run, raw,
 * first, batch, exec, withSession and its bookmark) whose every call is one POST to the D1 server at `url`.
 */
export const REMOTE_DATABASE_SOURCE = `${CODEC_SOURCE}
async function callD1(url, body) {
  const response = await fetch(url, { method: "POST", body: JSON.stringify(body, encodeBytes) });
  const answer = JSON.parse(await response.text(), decodeBytes);
  if (answer.error !== undefined) throw new Error(answer.error);
  return answer;
}

function remoteStatement(send, sql, params) {
  const one = (method, extra) => send({ op: "statement", statements: [{ sql, params, method, ...extra }] });
  return {
    sql,
    params,
    bind: (...values) => remoteStatement(send, sql, values),
    all: () => one("all"),
    run: () => one("run"),
    raw: (options) => one("raw", { options }),
    first: (column) => one("first", { column }),
  };
}

function remoteStatements(send) {
  return {
    prepare: (sql) => remoteStatement(send, sql, []),
    batch: (list) => send({ op: "batch", statements: list.map(({ sql, params }) => ({ sql, params })) }),
  };
}

function remoteDatabase(url) {
  const send = async (body) => (await callD1(url, body)).result;
  return {
    ...remoteStatements(send),
    exec: (sql) => send({ op: "exec", sql }),
    dump: () => Promise.reject(new Error("dump() is not served by the bench's D1 server")),
    withSession: (constraintOrBookmark) => {
      // Until its first query a session has no bookmark of its own: it starts from what it was opened with.
      let bookmark = null;
      const sessionSend = async (body) => {
        const answer = await callD1(url, { ...body, session: bookmark ?? constraintOrBookmark ?? null });
        bookmark = answer.bookmark ?? bookmark;
        return answer.result;
      };
      return { ...remoteStatements(sessionSend), getBookmark: () => bookmark };
    },
  };
}
`;

/**
 * Starts the D1 server on the database `persistTo` holds (where `wrangler d1 migrations apply --persist-to` left it),
 * under the app's own D1 bindings. Returns its URL, `query` (the bench's own reads, e.g. the outbox) and `stop`.
 */
export async function startD1Server(persistTo, d1Databases) {
  const { Miniflare, convertV4MiniflareOptions } = await import("miniflare");
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      name: "d1-server",
      modules: true,
      script: SERVER_SOURCE,
      compatibilityDate: "2026-04-20",
      d1Databases,
      resourcePersistencePath: path.join(persistTo, "v3"),
      host: "127.0.0.1",
      port: 0,
    }),
  );
  const url = (await mf.ready).href;
  const db = await mf.getD1Database("DB");
  return { url, stop: () => mf.dispose(), query: async (statement) => (await db.prepare(statement).all()).results };
}
