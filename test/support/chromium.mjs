// The system Chromium the browser tests and the Lighthouse bench drive (no browser download is possible here;
// CHROMIUM_PATH elsewhere, e.g. macOS), and the flags both start it with: without the background-networking ones
// Chromium tries to reach Google's hosts at start-up.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
