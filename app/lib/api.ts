// The one way the browser talks to /api: JSON in, JSON out, errors as ApiRequestError with a readable message.
import type { FieldErrors } from "@core/schemas/common";

export const NETWORK_ERROR_MESSAGE = "Network error. Please check your connection and try again.";
export const GENERIC_ERROR_MESSAGE = "Something went wrong. Please try again.";

export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly fields: FieldErrors = {},
  ) {
    super(message);
  }
}

type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  json?: unknown;
  signal?: AbortSignal;
  /** The request outlives the page (e.g. sent as the tab closes). */
  keepalive?: boolean;
};

export async function apiRequest<T>(path: string, { method = "POST", json, signal, keepalive }: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      signal,
      keepalive,
      headers: json === undefined ? undefined : { "content-type": "application/json" },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiRequestError(NETWORK_ERROR_MESSAGE, 0, "network_error");
  }
  const body = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (body as { error?: { code?: string; message?: string; fields?: FieldErrors } } | null)?.error;
    throw new ApiRequestError(error?.message || GENERIC_ERROR_MESSAGE, response.status, error?.code ?? "http_error", error?.fields);
  }
  return body as T;
}

export function errorMessage(error: unknown) {
  return error instanceof Error && error.message ? error.message : GENERIC_ERROR_MESSAGE;
}
