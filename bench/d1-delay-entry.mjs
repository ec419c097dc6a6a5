// The chat bench's second run (bench/chat-stream.mjs): the production build served through this entry module, which
// hands the Worker and its Durable Objects a D1 binding that answers every call DELAY ms late, as a distant D1
// primary would. Returned as source: bench/lib.mjs writes it beside build/server/index.js.
export function d1DelayEntry(delayMs) {
  return `
import worker, { UserHub as AppUserHub } from "./index.js";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const later = async (call) => { await sleep(${Number(delayMs)}); return call(); };

function slowD1(inner) {
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
  return {
    prepare: (query) => wrap(inner.prepare(query)),
    batch: (list) => later(() => inner.batch(list.map((statement) => statements.get(statement) ?? statement))),
    exec: (query) => later(() => inner.exec(query)),
    dump: () => inner.dump(),
  };
}

const wrapped = new WeakMap();
function slowEnv(env) {
  if (!wrapped.has(env)) {
    const db = slowD1(env.DB);
    wrapped.set(env, new Proxy(env, { get: (target, key) => (key === "DB" ? db : target[key]) }));
  }
  return wrapped.get(env);
}

export class UserHub extends AppUserHub {
  constructor(ctx, env) {
    super(ctx, slowEnv(env));
  }
}

export default {
  fetch: (request, env, ctx) => worker.fetch(request, slowEnv(env), ctx),
  scheduled: (controller, env, ctx) => worker.scheduled(controller, slowEnv(env), ctx),
};
`;
}
