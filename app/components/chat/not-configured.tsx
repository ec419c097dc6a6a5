// Shown instead of answers when the server has no chat model: say so plainly and how to configure one.
import { ServerCog } from "lucide-react";
import { chat } from "~/content/chat";

export function NotConfigured() {
  const copy = chat.notConfigured;
  return (
    <section aria-labelledby="chat-not-configured" className="rounded-2xl border border-amber-200 bg-amber-50 p-5 text-amber-950 sm:p-6">
      <h2 id="chat-not-configured" className="flex items-center gap-2 text-lg font-semibold">
        <ServerCog className="size-5 shrink-0" aria-hidden />
        {copy.title}
      </h2>
      <p className="mt-2 text-sm">{copy.text}</p>
      <ul className="mt-3 flex flex-col gap-2 text-sm">
        {copy.options.map((option) => (
          <li key={option.name}>
            <span className="font-semibold">{option.name}.</span> {option.detail}
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm">{copy.more}</p>
    </section>
  );
}
