// Worker-side access to the Studio's presence and to each live chat's room (docs/decisions/0021-studio-inbox.md).
// A failing push never fails the message itself: it is stored first, and both sides read it back on reload.
import type { StudioEvent, VisitorEvent } from "@core/schemas/inbox";

type PresenceEnv = Pick<Env, "STUDIO_PRESENCE">;
type RoomEnv = Pick<Env, "LIVE_CHAT_ROOM">;

export function studioPresence(env: PresenceEnv) {
  return env.STUDIO_PRESENCE.get(env.STUDIO_PRESENCE.idFromName("studio"));
}

/** How the Worker tells a live chat's room which thread it is, when a visitor's socket connects. */
export const LIVE_CHAT_THREAD_HEADER = "x-live-chat-thread";

export function liveChatRoom(env: RoomEnv, threadId: string) {
  return env.LIVE_CHAT_ROOM.get(env.LIVE_CHAT_ROOM.idFromName(threadId));
}

/** Whether an owner has the Studio open (false when the presence object cannot be asked). */
export async function ownerOnline(env: PresenceEnv): Promise<boolean> {
  try {
    return await studioPresence(env).online();
  } catch (error) {
    console.warn("presence check failed", error instanceof Error ? error.message : error);
    return false;
  }
}

export async function announceToStudio(env: PresenceEnv, event: StudioEvent): Promise<number> {
  try {
    return await studioPresence(env).announce(event);
  } catch (error) {
    console.warn("studio announcement failed", error instanceof Error ? error.message : error);
    return 0;
  }
}

export async function deliverToVisitor(env: RoomEnv, threadId: string, event: VisitorEvent): Promise<number> {
  try {
    return await liveChatRoom(env, threadId).deliver(event);
  } catch (error) {
    console.warn("live chat delivery failed", error instanceof Error ? error.message : error);
    return 0;
  }
}

/** Has the Studio's presence tell this live chat when the owner comes or goes (or stop, when its visitor left). */
export async function watchPresence(env: PresenceEnv, threadId: string, watching: boolean) {
  try {
    const presence = studioPresence(env);
    await (watching ? presence.watch(threadId) : presence.unwatch(threadId));
  } catch (error) {
    console.warn("presence watch failed", error instanceof Error ? error.message : error);
  }
}
