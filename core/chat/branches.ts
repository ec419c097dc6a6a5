// A conversation's messages as a tree (docs/decisions/0026-chat-branches.md): each message names its parent, an edited
// message or a regenerated answer is a sibling of the one it replaces, and the conversation remembers one message its
// active branch goes through. The branch is the path from the first message down to that one, continued through
// the newest child at each step. Both sides use this: the screen to show the branch, the server to export it (the
// server's SQL for the model's context follows the same rule, worker/services/chat/branches.ts).

export type TreeMessage = { id: string; parentId: string | null; createdAt: number };

/** One message of the active branch, with its place among its siblings (1-based; `count` 1 when it has none). */
export type BranchStep<T extends TreeMessage> = { message: T; index: number; count: number; siblings: readonly string[] };

const ROOT = "";

/** Children by parent id (ROOT for first messages), oldest first; a parent that is not in the list counts as none. */
function childrenOf<T extends TreeMessage>(messages: readonly T[]): Map<string, T[]> {
  const ids = new Set(messages.map((message) => message.id));
  const children = new Map<string, T[]>();
  // A stable sort: messages created in the same millisecond keep the order they were given in (insertion order).
  for (const message of [...messages].sort((a, b) => a.createdAt - b.createdAt)) {
    const key = message.parentId !== null && ids.has(message.parentId) ? message.parentId : ROOT;
    const list = children.get(key);
    if (list) list.push(message);
    else children.set(key, [message]);
  }
  return children;
}

/** The active branch, first message first: up from `activeId` to the root, then down through the newest children. */
export function activeBranch<T extends TreeMessage>(messages: readonly T[], activeId: string | null): BranchStep<T>[] {
  const byId = new Map(messages.map((message) => [message.id, message]));
  const children = childrenOf(messages);
  const keyOf = (message: T) => (message.parentId !== null && byId.has(message.parentId) ? message.parentId : ROOT);
  const path: T[] = [];
  const seen = new Set<string>();
  for (let message = activeId ? byId.get(activeId) : undefined; message && !seen.has(message.id); ) {
    seen.add(message.id);
    path.unshift(message);
    message = message.parentId === null ? undefined : byId.get(message.parentId);
  }
  for (let next = children.get(path.at(-1)?.id ?? ROOT)?.at(-1); next && !seen.has(next.id); next = children.get(next.id)?.at(-1)) {
    seen.add(next.id);
    path.push(next);
  }
  return path.map((message) => {
    const siblings = (children.get(keyOf(message)) ?? [message]).map((sibling) => sibling.id);
    return { message, index: siblings.indexOf(message.id) + 1, count: siblings.length, siblings };
  });
}

/** Whether any message of the conversation has a sibling (other versions exist besides the active branch). */
export function hasOtherVersions(messages: readonly TreeMessage[]): boolean {
  return [...childrenOf(messages).values()].some((siblings) => siblings.length > 1);
}
