// Whose a chat tab's socket is (docs/decisions/0028-the-d1-round-trip-budget.md): the Worker names the signed-in user
// and session on the upgrade it sends the hub, and the hub keeps them with the socket, through hibernation, to get
// ready for that session's turns when the tab says its user is typing.
export type Tab = { userId: string; familyId: string };

const TAB_USER_HEADER = "x-parley-user";
const TAB_SESSION_HEADER = "x-parley-session";

/** The headers of a tab's upgrade to its hub. The browser's own headers never reach the hub: the Worker sets these. */
export function tabUpgradeHeaders(userId: string, familyId: string | null | undefined): Headers {
  const headers = new Headers({ upgrade: "websocket", [TAB_USER_HEADER]: userId });
  if (familyId) headers.set(TAB_SESSION_HEADER, familyId);
  return headers;
}

export function tabOf(request: Request): Tab | null {
  const userId = request.headers.get(TAB_USER_HEADER);
  const familyId = request.headers.get(TAB_SESSION_HEADER);
  return userId && familyId ? { userId, familyId } : null;
}

export function tabOfSocket(socket: WebSocket): Tab | null {
  const tab = socket.deserializeAttachment() as Partial<Tab> | null;
  return typeof tab?.userId === "string" && typeof tab.familyId === "string" ? { userId: tab.userId, familyId: tab.familyId } : null;
}
