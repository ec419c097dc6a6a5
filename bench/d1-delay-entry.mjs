// The benches' D1 as production has it (bench/chat-stream.mjs, bench/pages.mjs): the production build served through
// this entry module, which hands the Worker and its Durable Objects a D1 binding that answers every call DELAY ms late, as a
// distant D1 primary would (docs/decisions/0028-the-d1-round-trip-budget.md). It also records each call's start and
// end, per request: the benches send one request at a time, so every call made between the start of one request and
// the start of the next (in the Worker, in a Durable Object of the same isolate, or after the answer in waitUntil)
// belongs to it. GET /__bench/d1 answers the last request's record, which bench/d1-trips.mjs reads.
// With `serverUrl`, the binding forwards every call to the D1 server in a process of its own (bench/d1-server.mjs)
// instead of the local D1 that shares the app's thread; every Durable Object class is handed it then.
// Returned as source: bench/lib.mjs writes it beside build/server/index.js.
import { REMOTE_DATABASE_SOURCE } from "./d1-server.mjs";

export function d1DelayEntry(delayMs, { serverUrl } = {}) {
  return `
import worker, { UserHub as AppUserHub, LiveChatRoom as AppLiveChatRoom, StudioPresence as AppStudioPresence } from "./index.js";
${serverUrl ? REMOTE_DATABASE_SOURCE : ""}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** The request being served: when it started, when its answer's headers left, and its D1 calls. */
let current = { startedAt: Date.now(), answeredAt: null, calls: [] };
const later = async (call) => {
  const record = { start: Date.now(), end: null };
  current.calls.push(record);
  ${delayMs > 0 ? `await sleep(${Number(delayMs)});` : ""}
  try {
    return await call();
  } finally {
    record.end = Date.now();
  }
};

function slowStatements() {
  const statements = new WeakMap();
  const wrap = (statement) => {
    const wrapped = {
      bind: (...values) => wrap(statement.bind(...values)),
      first: (column) => later(() => (column === undefined ? statement.first() : statement.first(column))),
      all: () => later(() => statement.all()),
      run: () => later(() => statement.run()),
      raw: (options) => later(() => statement.raw(options)),
    };
    statements.set(wrapped, statement);
    return wrapped;
  };
  return { wrap, unwrap: (list) => list.map((statement) => statements.get(statement) ?? statement) };
}

function slowD1(inner) {
  const { wrap, unwrap } = slowStatements();
  return {
    prepare: (query) => wrap(inner.prepare(query)),
    batch: (list) => later(() => inner.batch(unwrap(list))),
    exec: (query) => later(() => inner.exec(query)),
    dump: () => inner.dump(),
    withSession: (constraintOrBookmark) => {
      const session = inner.withSession(constraintOrBookmark);
      const own = slowStatements();
      return {
        prepare: (query) => own.wrap(session.prepare(query)),
        batch: (list) => later(() => session.batch(own.unwrap(list))),
        getBookmark: () => session.getBookmark(),
      };
    },
  };
}

const wrapped = new WeakMap();
function slowEnv(env) {
  if (!wrapped.has(env)) {
    const db = slowD1(${serverUrl ? `remoteDatabase(${JSON.stringify(serverUrl)})` : "env.DB"});
    wrapped.set(env, new Proxy(env, { get: (target, key) => (key === "DB" ? db : target[key]) }));
  }
  return wrapped.get(env);
}

export class UserHub extends AppUserHub {
  constructor(ctx, env) {
    super(ctx, slowEnv(env));
  }
}

export class LiveChatRoom extends AppLiveChatRoom {
  constructor(ctx, env) {
    super(ctx, slowEnv(env));
  }
}

export class StudioPresence extends AppStudioPresence {
  constructor(ctx, env) {
    super(ctx, slowEnv(env));
  }
}

function lastRequest() {
  const { startedAt, answeredAt, calls } = current;
  const relative = (time) => (time === null ? null : time - startedAt);
  return Response.json({
    answeredAt: relative(answeredAt),
    calls: calls.map((call) => ({ start: relative(call.start), end: relative(call.end) })),
  });
}

export default {
  async fetch(request, env, ctx) {
    if (new URL(request.url).pathname === "/__bench/d1") return lastRequest();
    const record = { startedAt: Date.now(), answeredAt: null, calls: [] };
    current = record;
    const response = await worker.fetch(request, slowEnv(env), ctx);
    record.answeredAt = Date.now();
    return response;
  },
  scheduled: (controller, env, ctx) => worker.scheduled(controller, slowEnv(env), ctx),
};
`;
}

/**
 * The serial D1 round trips of one recorded request before its answer left: the longest chain of calls, each
 * starting after the one before it ended, among the calls that ended before the answer's headers.
 */
export function serialTrips(calls, answeredAt) {
  const before = calls.filter((call) => call.end !== null && (answeredAt === null || call.end <= answeredAt)).sort((a, b) => a.start - b.start);
  const depth = [];
  for (const [i, call] of before.entries()) {
    let longest = 0;
    for (let j = 0; j < i; j++) if (before[j].end <= call.start) longest = Math.max(longest, depth[j]);
    depth.push(longest + 1);
  }
  return Math.max(0, ...depth);
}
