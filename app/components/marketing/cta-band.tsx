import { ArrowRight } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";

type CtaLink = { to: string; label: string };
export type CtaContent = { title: string; body: string; primary: CtaLink; secondary: CtaLink };

/** A closing call to action: a rounded brand panel with a primary and a secondary link. */
export function CtaBand({ cta }: { cta: CtaContent }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="container-page pb-16 sm:pb-24">
      <div className="focus-on-dark rounded-3xl bg-gradient-to-br from-brand-700 to-brand-900 px-6 py-12 text-center text-white sm:px-12 sm:py-16">
        <h2 id={headingId} className="heading-2">
          {cta.title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-100">{cta.body}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to={cta.primary.to} className="btn bg-white text-brand-800 hover:bg-brand-50">
            {cta.primary.label}
            <ArrowRight className="size-4" aria-hidden />
          </Link>
          <Link to={cta.secondary.to} className="btn-ghost-light">
            {cta.secondary.label}
          </Link>
        </div>
      </div>
    </section>
  );
}
