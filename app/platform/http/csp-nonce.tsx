import { createContext, useContext } from "react";

/**
 * This response's CSP nonce, handed to the whole tree by the server entry. Loader data cannot carry
 * it on every document: when an action fails, the root loader does not run, yet the error page
 * still has inline scripts that need it.
 */
export const CspNonceContext = createContext<string | undefined>(undefined);

export const useCspNonce = () => useContext(CspNonceContext);
