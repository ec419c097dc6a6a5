import { Check } from "lucide-react";

/** A list of short points, each behind a check mark. */
export function CheckList({ items, className = "mt-4" }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={`space-y-2 text-sm text-slate-700 ${className}`}>
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <Check className="mt-0.5 size-4 shrink-0 text-accent-600" aria-hidden />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
