// Shown when the server has no translation engine to use: the API's message says why and how to configure one,
// so the screen never suggests that the chosen languages are the problem.
import { ServerCog } from "lucide-react";
import { ApiRequestError } from "~/lib/api";
import { TRANSLATION_NOT_CONFIGURED } from "@core/schemas/translate";

/** The server's explanation when `error` is the translator's 503 "not configured", else null. */
export function notConfiguredMessage(error: unknown): string | null {
  return error instanceof ApiRequestError && error.code === TRANSLATION_NOT_CONFIGURED ? error.message : null;
}

export function TranslatorNotConfigured({ message }: { message: string }) {
  return (
    <section
      role="alert"
      aria-labelledby="translator-not-configured"
      className="mt-6 rounded-2xl border border-amber-200 bg-amber-50 p-5 text-amber-950 sm:p-6"
    >
      <h2 id="translator-not-configured" className="flex items-center gap-2 text-lg font-semibold">
        <ServerCog className="size-5 shrink-0" aria-hidden />
        The translator is not available on this server
      </h2>
      <p className="mt-2 text-sm">{message}</p>
    </section>
  );
}
