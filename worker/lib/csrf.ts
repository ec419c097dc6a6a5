import type { MiddlewareHandler } from "hono";
import { ApiError } from "./errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Rejects state-changing requests that a browser sends on behalf of another site. Browsers always
 * send Sec-Fetch-Site and/or Origin on such requests; clients that send neither (curl, servers)
 * carry no ambient browser cookies and are let through.
 */
export const rejectCrossSiteWrites: MiddlewareHandler = async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method)) {
    const fetchSite = c.req.header("sec-fetch-site");
    const origin = c.req.header("origin");
    const crossSiteFetch = fetchSite !== undefined && fetchSite !== "same-origin" && fetchSite !== "none";
    const foreignOrigin = origin !== undefined && origin !== new URL(c.req.url).origin;
    if (crossSiteFetch || foreignOrigin) {
      throw new ApiError(403, "cross_site_request", "This request came from another site and was refused.");
    }
  }
  await next();
};
