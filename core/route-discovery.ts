/**
 * Where the browser asks for the routes of paths it has not seen yet (React Router's lazy route discovery). Shared
 * by react-router.config.ts and the worker's path guard, which bounds those lookups.
 */
export const ROUTE_MANIFEST_PATH = "/__manifest";
