import { useId } from "react";

type PageHeroProps = {
  eyebrow?: string;
  /** The page's one h1. */
  title: string;
  lead?: string;
  /** Calls to action, laid out in a wrapping row under the lead. */
  actions?: React.ReactNode;
  /** Optional illustration or panel beside the text on wide screens. */
  aside?: React.ReactNode;
  /** Extra content under the actions (e.g. key figures). */
  children?: React.ReactNode;
};

/** The dark, branded opening section of a marketing page. */
export function PageHero({ eyebrow, title, lead, actions, aside, children }: PageHeroProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="focus-on-dark relative isolate overflow-hidden bg-brand-950 text-white">
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_right,var(--color-brand-700),transparent_60%),radial-gradient(ellipse_at_bottom_left,color-mix(in_oklab,var(--color-accent-600)_45%,transparent),transparent_55%)]"
      />
      <div className={`container-page grid items-center gap-12 py-16 sm:py-24 ${aside ? "lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)]" : ""}`}>
        <div className="max-w-3xl">
          {/* Lighter than the accent: the top-right glow can reach it, and accent-400 reads at 4.25:1 on brand-700. */}
          {eyebrow && <p className="text-sm font-semibold uppercase tracking-wider text-teal-300">{eyebrow}</p>}
          <h1 id={headingId} className="heading-1 mt-3">
            {title}
          </h1>
          {lead && <p className="mt-6 text-lg text-brand-100 sm:text-xl">{lead}</p>}
          {actions && <div className="mt-8 flex flex-wrap gap-3">{actions}</div>}
          {children}
        </div>
        {aside}
      </div>
    </section>
  );
}
