// The one request both OpenAI-compatible adapters make (chat answers and translations): POST
// {baseUrl}/chat/completions with the configured model, and the key when there is one.

export type OpenAiEndpoint = { baseUrl: string; apiKey?: string; model: string };

export function postChatCompletion(
  endpoint: OpenAiEndpoint,
  body: Record<string, unknown>,
  { fetcher, signal, stream }: { fetcher: typeof fetch; signal?: AbortSignal; stream: boolean },
): Promise<Response> {
  const headers: Record<string, string> = { "content-type": "application/json", accept: stream ? "text/event-stream" : "application/json" };
  if (endpoint.apiKey) headers.authorization = `Bearer ${endpoint.apiKey}`;
  return fetcher(`${endpoint.baseUrl.replace(/\/+$/, "")}/chat/completions`, {
    method: "POST",
    headers,
    body: JSON.stringify({ model: endpoint.model, ...body, stream }),
    ...(signal ? { signal } : {}),
  });
}
