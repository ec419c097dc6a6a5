// The ALTCHA widget, from our own bundle (docs/decisions/0018-bot-protection.md). `altcha/external` ships no inline
// workers or styles: the PBKDF2 worker is a file of our own origin (allowed by the CSP's script-src 'self', which
// worker-src falls back to). Its own UI stays hidden: our status line (components/forms/human-check.tsx) speaks for
// it. Loaded only once a visitor starts on a protected form.
import "altcha/external";
import Pbkdf2Worker from "altcha/workers/pbkdf2?worker";
import { humanCheckText } from "~/content/human-check";

globalThis.$altcha.algorithms.set("PBKDF2/SHA-256", () => new Pbkdf2Worker());
// Our words: no "I'm not a robot" (there is nothing to prove by clicking), and no link to the vendor's site.
globalThis.$altcha.i18n.set("en", {
  ...globalThis.$altcha.i18n.get("en"),
  label: humanCheckText.idle,
  verifying: humanCheckText.verifying,
  verified: humanCheckText.verified,
  error: humanCheckText.error,
  expired: humanCheckText.expired,
  waitAlert: humanCheckText.verifying,
});
