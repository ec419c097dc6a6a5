import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { nonceContext } from "@worker/load-context";
import { ServerRouter } from "react-router";
import { hydrateAfterPaint } from "~/lib/hydrate-after-paint.server";
import { NonceContext } from "~/lib/nonce";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(nonceContext);
  let shellRendered = false;
  const userAgent = request.headers.get("user-agent");
  const abort = new AbortController();
  setTimeout(() => abort.abort(), streamTimeout + 1000);

  const body = await renderToReadableStream(
    <NonceContext value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceContext>,
    {
      nonce,
      signal: abort.signal,
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors after the shell are streamed to the client; log them here so they are not lost.
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;

  // Crawlers and SPA-mode prerendering get the whole document at once.
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // The dev server's own module scripts (Vite's client, React Refresh) load as Vite wrote them.
  const html = import.meta.env.PROD ? hydrateAfterPaint(body, nonce) : body;
  return new Response(html, { headers: responseHeaders, status: responseStatusCode });
}
