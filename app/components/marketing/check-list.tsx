import { Check } from "lucide-react";

type Props = {
  items: readonly string[];
  className?: string;
  /** "check" for what is there or done; "bullet" for what is still to come (a planned milestone's items). */
  marker?: "check" | "bullet";
};

/** A list of short points, each behind a check mark (or a plain bullet, for points not done yet). */
export function CheckList({ items, className = "mt-4", marker = "check" }: Props) {
  return (
    <ul className={`space-y-2 text-sm text-slate-700 ${className}`}>
      {items.map((item) => (
        <li key={item} data-marker={marker} className="flex gap-2">
          {marker === "check" ? (
            <Check className="mt-0.5 size-4 shrink-0 text-accent-600" aria-hidden />
          ) : (
            <span className="mt-[0.45rem] ml-1 mr-1 size-1.5 shrink-0 rounded-full bg-slate-400" aria-hidden />
          )}
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
