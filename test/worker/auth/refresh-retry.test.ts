import { describe, expect, it } from "vitest";
import { ApiRequestError } from "~/lib/api";
import { refreshWithRetry } from "~/lib/auth-client";
import type { SessionInfo } from "@core/schemas/auth";

describe("refreshWithRetry", () => {
  const session: SessionInfo = { user: { id: "u1", email: "a@example.com", isOwner: false }, expiresAt: 1 };

  function scripted(outcomes: Array<SessionInfo | ApiRequestError>) {
    let clock = 0;
    const sleeps: number[] = [];
    let calls = 0;
    return {
      sleeps,
      calls: () => calls,
      deps: {
        now: () => clock,
        sleep: async (ms: number) => {
          sleeps.push(ms);
          clock += ms;
        },
        refresh: async () => {
          const outcome = outcomes[Math.min(calls++, outcomes.length - 1)]!;
          if (outcome instanceof ApiRequestError) throw outcome;
          return outcome;
        },
      },
    };
  }

  const gateway = (status: number) => new ApiRequestError("Bad gateway", status, "http_error");

  it("retries network and gateway errors with 200 ms × 2^attempt, then returns the new session", async () => {
    const run = scripted([gateway(0), gateway(502), gateway(503), gateway(504), session]);
    await expect(refreshWithRetry(run.deps)).resolves.toBe(session);
    expect(run.sleeps).toEqual([200, 400, 800, 1600]);
  });

  it("gives up when the next wait would leave the 30 s window", async () => {
    const run = scripted([gateway(503)]);
    await expect(refreshWithRetry(run.deps)).rejects.toMatchObject({ status: 503 });
    // 200 + 400 + … + 12 800 = 25 400 ms; the next wait (25 600 ms) would pass 30 s.
    expect(run.sleeps).toEqual([200, 400, 800, 1600, 3200, 6400, 12800]);
  });

  it("a 401 means the session is gone: null, without retrying", async () => {
    const run = scripted([new ApiRequestError("Not signed in", 401, "unauthorized")]);
    await expect(refreshWithRetry(run.deps)).resolves.toBeNull();
    expect(run.calls()).toBe(1);
  });

  it("other errors are not retried", async () => {
    const run = scripted([new ApiRequestError("Too many requests", 429, "rate_limited")]);
    await expect(refreshWithRetry(run.deps)).rejects.toMatchObject({ status: 429 });
    expect(run.calls()).toBe(1);
  });
});
