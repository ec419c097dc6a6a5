import { createContext, useContext } from "react";

/**
 * The server renders with this response's CSP nonce. In the browser the nonce attribute reads as ""
 * (browsers hide it), but the `nonce` property keeps it, and React compares that property while
 * hydrating: reading it back here keeps server and client markup identical.
 */
function browserNonce() {
  if (typeof document === "undefined") return "";
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
}

/** The server provides it (`<NonceContext value={nonce}>` in entry.server.tsx); the browser reads its default. */
export const NonceContext = createContext(browserNonce());
export const useNonce = () => useContext(NonceContext);
