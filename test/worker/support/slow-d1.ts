// A D1 binding that answers every call `delayMs` later: a distant D1 primary, for the chat turn's tests (the hub's
// checks then certainly finish after the model call has started).
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
