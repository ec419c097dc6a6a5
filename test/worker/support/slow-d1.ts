// D1 bindings for the chat turn's tests: one that answers every call `delayMs` later (a distant D1 primary: the hub's
// checks then certainly finish after the model call has started), and one that fails every call (D1 unreachable).
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function slowD1(inner: D1Database, delayMs: number): D1Database {
  const statements = new WeakMap<object, D1PreparedStatement>();
  const later = async <T>(call: () => Promise<T>) => {
    await sleep(delayMs);
    return call();
  };
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const wrapped = {
      bind: (...values: unknown[]) => wrap(statement.bind(...values)),
      first: (column?: string) => later(() => (column === undefined ? statement.first() : statement.first(column))),
      all: () => later(() => statement.all()),
      run: () => later(() => statement.run()),
      raw: (options?: { columnNames?: boolean }) => later(() => statement.raw(options as { columnNames: true })),
    } as unknown as D1PreparedStatement;
    statements.set(wrapped, statement);
    return wrapped;
  };
  return {
    prepare: (query: string) => wrap(inner.prepare(query)),
    batch: (list: D1PreparedStatement[]) => later(() => inner.batch(list.map((statement) => statements.get(statement) ?? statement))),
    exec: (query: string) => later(() => inner.exec(query)),
    dump: () => inner.dump(),
    withSession: () => {
      throw new Error("not used by the app");
    },
  } as unknown as D1Database;
}

/** A D1 binding whose every call fails after `delayMs`, as when D1 cannot be reached. */
export function unreachableD1(delayMs = 20): D1Database {
  const fail = async () => {
    await sleep(delayMs);
    throw new Error("D1_ERROR: Network connection lost.");
  };
  const statement: D1PreparedStatement = { bind: () => statement, first: fail, all: fail, run: fail, raw: fail } as unknown as D1PreparedStatement;
  return { prepare: () => statement, batch: fail, exec: fail, dump: fail, withSession: fail } as unknown as D1Database;
}
