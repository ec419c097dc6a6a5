import {
  Building2,
  ClipboardCheck,
  Hospital,
  Lock,
  Microscope,
  Network,
  Scale,
  School,
  Server,
  ShieldCheck,
  Stethoscope,
  type LucideIcon,
} from "lucide-react";
import type { BusinessIcon } from "~/content/business";

/** The icon drawn for each icon key of the business content module. */
export const businessIcons: Record<BusinessIcon, LucideIcon> = {
  shield: ShieldCheck,
  lock: Lock,
  clipboard: ClipboardCheck,
  network: Network,
  server: Server,
  hospital: Hospital,
  scale: Scale,
  school: School,
  building: Building2,
  stethoscope: Stethoscope,
  microscope: Microscope,
};

/** A decorative icon in a tinted tile. */
export function BusinessIconTile({ icon, className = "" }: { icon: BusinessIcon; className?: string }) {
  const Icon = businessIcons[icon];
  return (
    <span className={`inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ${className}`}>
      <Icon className="size-5" aria-hidden />
    </span>
  );
}
