import { createContext, useContext } from "react";

// The server renders with this response's CSP nonce; in the browser the value is empty (browsers hide nonces from the DOM).
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
