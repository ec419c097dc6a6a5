declare module "react-router" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: ExecutionContext };
    /** Nonce of this response's Content-Security-Policy, for inline scripts. */
    nonce: string;
  }
}

export {};
