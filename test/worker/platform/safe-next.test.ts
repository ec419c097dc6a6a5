import { describe, expect, it } from "vitest";
import { DEFAULT_NEXT_PATH, safeNextPath } from "@core/safe-next";

describe("safeNextPath", () => {
  it.each([
    ["/account", "/account"],
    ["/about", "/about"],
    ["/blog/hello-world", "/blog/hello-world"],
    ["/ai?c=3f2a", "/ai?c=3f2a"],
    ["/translate?from=en&to=de#result", "/translate?from=en&to=de#result"],
    ["/blog?q=privacy%20first", "/blog?q=privacy%20first"],
    ["/", "/"],
  ])("keeps the same-site path %j", (value, expected) => {
    expect(safeNextPath(value)).toBe(expected);
  });

  it.each([
    // Missing or empty.
    null,
    undefined,
    "",
    // Not a path.
    "account",
    "evil.example",
    "https://evil.example",
    "http://evil.example/account",
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    " /account",
    // Protocol-relative and backslash tricks.
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\/evil",
    "\\\\evil.example",
    "/account\\..\\..\\evil",
    // Encoded variants (once and twice).
    "%2F%2Fevil.example",
    "/%2F/evil.example",
    "/%2f%2fevil.example",
    "/%5Cevil.example",
    "/%5cevil.example",
    "/%255Cevil.example",
    "/%252F/evil.example",
    "%2Fabout",
    // Control characters, which URL parsers strip ("/\t/evil" would become "//evil").
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/about\u0000",
    "/%09/evil.example",
    "/%0A/evil.example",
    // Malformed percent-encoding and absurd lengths.
    "/about%E0%A4%A",
    `/${"a".repeat(3000)}`,
  ])("refuses %j and falls back to /account", (value) => {
    expect(safeNextPath(value)).toBe(DEFAULT_NEXT_PATH);
  });

  it("falls back to /account", () => {
    expect(DEFAULT_NEXT_PATH).toBe("/account");
  });
});

// The auth client's other piece of pure logic: the refresh back-off of docs/product.md#accounts.
