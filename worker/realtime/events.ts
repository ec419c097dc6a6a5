// Worker-side access to a user's realtime hub (one Durable Object per user, named by the user id).
import type { RealtimeEvent } from "@core/schemas/chat";

type HubEnv = Pick<Env, "USER_HUB">;

export function userHub(env: HubEnv, userId: string) {
  return env.USER_HUB.get(env.USER_HUB.idFromName(userId));
}

/**
 * Tells every open tab of the user about changes. A failure to notify never fails the change itself:
 * the tabs also refresh their lists when their socket reconnects.
 */
export async function notifyUser(env: HubEnv, userId: string, events: RealtimeEvent[]) {
  if (!events.length) return;
  try {
    await userHub(env, userId).notify(events);
  } catch (error) {
    console.warn("realtime notification failed", error instanceof Error ? error.message : error);
  }
}
