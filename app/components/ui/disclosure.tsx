import { ChevronDown } from "lucide-react";
import { useId, useState } from "react";

type DisclosureProps = {
  /** The always-visible button content. */
  summary: React.ReactNode;
  children: React.ReactNode;
  defaultOpen?: boolean;
  /** Controlled mode: pass both. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  className?: string;
  buttonClassName?: string;
  panelClassName?: string;
  /** Heading level wrapping the button, for sections that are headings (WAI-ARIA accordion pattern). */
  headingLevel?: 2 | 3 | 4;
};

/** The one show/hide control of the site: a button with aria-expanded that controls a panel. */
export function Disclosure({
  summary,
  children,
  defaultOpen = false,
  open: controlledOpen,
  onOpenChange,
  className = "",
  buttonClassName = "",
  panelClassName = "",
  headingLevel,
}: DisclosureProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(defaultOpen);
  const open = controlledOpen ?? uncontrolledOpen;
  const panelId = useId();
  const toggle = () => {
    setUncontrolledOpen(!open);
    onOpenChange?.(!open);
  };
  const button = (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={panelId}
      onClick={toggle}
      className={`group flex w-full items-center justify-between gap-3 text-left ${buttonClassName}`}
    >
      <span className="min-w-0 flex-1">{summary}</span>
      <ChevronDown className={`size-5 shrink-0 transition-transform ${open ? "rotate-180" : ""}`} aria-hidden />
    </button>
  );
  const Heading = headingLevel ? (`h${headingLevel}` as const) : null;
  return (
    <div className={className} data-state={open ? "open" : "closed"}>
      {Heading ? <Heading>{button}</Heading> : button}
      <div id={panelId} hidden={!open} className={panelClassName}>
        {children}
      </div>
    </div>
  );
}
