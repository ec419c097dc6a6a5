// The session's public shape and refresh timing: kept free of zod because every page's header needs them.

/** What the browser may know about the signed-in user (never a token). */
export type SessionUser = { id: string; email: string; isOwner: boolean };
/** `expiresAt` is when the access token expires, in ms since the epoch: the client refreshes before it. */
export type SessionInfo = { user: SessionUser; expiresAt: number };

/** docs/product.md#accounts: the client checks every 30 s and refreshes when 90 s or less remain. */
export const AUTH_REFRESH_TICK_MS = 30_000;
export const AUTH_REFRESH_MARGIN_MS = 90_000;
