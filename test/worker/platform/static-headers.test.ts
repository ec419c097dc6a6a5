// Static files (public/, the client build) are served by the asset layer before the Worker runs, so public/_headers
// gives them their security headers. They must be the Worker's own set, Cross-Origin-Opener-Policy included.
import { describe, expect, it } from "vitest";
import { STATIC_SECURITY_HEADERS } from "@worker/lib/security-headers";
import headersFile from "../../../public/_headers?raw";

/** The headers public/_headers sets for every path ("/*"), by lower-cased name. */
function headersForEveryPath(file: string): Map<string, string> {
  const headers = new Map<string, string>();
  let inBlock = false;
  for (const line of file.split("\n")) {
    if (line.startsWith("#") || line.trim() === "") continue;
    if (!line.startsWith(" ")) {
      inBlock = line.trim() === "/*";
      continue;
    }
    if (!inBlock) continue;
    const colon = line.indexOf(":");
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

describe("public/_headers", () => {
  const headers = headersForEveryPath(headersFile);

  it("gives static files every security header the Worker gives its answers, with the same values", () => {
    for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) {
      expect(headers.get(name.toLowerCase()), name).toBe(value);
    }
  });

  it("isolates the browsing context (Cross-Origin-Opener-Policy)", () => {
    expect(headers.get("cross-origin-opener-policy")).toBe("same-origin");
  });

  it("lets static files load nothing but our own images and styles", () => {
    expect(headers.get("content-security-policy")).toBe("default-src 'none'; img-src 'self'; style-src 'self'; frame-ancestors 'none'");
  });
});
