import { Link } from "react-router";
import { site } from "@core/site";

export function Logo({ className = "" }: { className?: string }) {
  return (
    <Link to="/" className={`inline-flex items-center gap-2 rounded-lg font-bold tracking-tight ${className}`} aria-label={`${site.name} home`}>
      <img src="/favicon.svg" alt="" width={28} height={28} className="size-7" />
      <span className="text-lg">{site.name}</span>
    </Link>
  );
}
