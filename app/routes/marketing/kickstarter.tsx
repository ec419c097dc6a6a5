import { Check, Headphones, ScanText, WifiOff } from "lucide-react";
import { EmailSignupForm } from "~/components/subscribe/email-signup-form";
import { kickstarter } from "~/content/kickstarter";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/kickstarter";

export const meta: Route.MetaFunction = (args) => pageMeta(args, kickstarter.meta);

const tileIcons = { "wifi-off": WifiOff, headphones: Headphones, scan: ScanText } as const;

export default function Kickstarter() {
  const { hero, tiles, roadmap, waitlist } = kickstarter;
  return (
    <>
      <section className="focus-on-dark bg-gradient-to-b from-brand-950 to-brand-900 text-white">
        <div className="container-page grid items-center gap-12 py-16 sm:py-24 lg:grid-cols-2">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-accent-400">{hero.eyebrow}</p>
            <h1 className="heading-1 mt-4">{hero.title}</h1>
            <p className="mt-6 text-lg text-brand-100 sm:text-xl">{hero.subtitle}</p>
            <div className="mt-8 max-w-lg">
              <EmailSignupForm label={hero.formLabel} successMessage={waitlist.success} tone="dark" />
            </div>
          </div>
          <img src="/images/device-hero.svg" alt={hero.imageAlt} width={480} height={400} className="mx-auto w-full max-w-md" />
        </div>
      </section>

      <section className="section container-page" aria-label="Features">
        <ul className="grid gap-6 md:grid-cols-3">
          {tiles.map((tile) => {
            const Icon = tileIcons[tile.icon];
            return (
              <li key={tile.title} className="card">
                <span className="inline-flex rounded-xl bg-brand-50 p-3">
                  <Icon className="size-6 text-brand-700" aria-hidden />
                </span>
                <h2 className="mt-4 text-lg font-semibold">{tile.title}</h2>
                <p className="mt-2 text-slate-600">{tile.text}</p>
              </li>
            );
          })}
        </ul>
      </section>

      <section className="bg-slate-50" aria-labelledby="roadmap-title">
        <div className="section container-page">
          <h2 id="roadmap-title" className="heading-2 text-center">
            {roadmap.title}
          </h2>
          <p className="lead mt-3 text-center">{roadmap.subtitle}</p>
          {/* Phones get the timeline drawn top to bottom: the wide drawing, shrunk to fit, would set its labels in 7 px type. */}
          <picture>
            <source media="(min-width: 768px)" srcSet="/images/kickstarter-timeline.svg" width={720} height={200} />
            <img
              src="/images/kickstarter-timeline-narrow.svg"
              alt={roadmap.imageAlt}
              width={360}
              height={300}
              className="mx-auto mt-10 w-full max-w-sm md:max-w-3xl"
            />
          </picture>
          <ol className="mt-10 grid gap-6 md:grid-cols-3">
            {roadmap.steps.map((step) => (
              <li key={step.title} className="card">
                <p className="eyebrow flex items-center gap-1.5">
                  {step.status === "Done" && <Check className="size-4" aria-hidden />}
                  {step.status}
                </p>
                <h3 className="mt-2 text-lg font-semibold">{step.title}</h3>
                <p className="mt-2 text-slate-600">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section container-page" aria-labelledby="waitlist-title">
        <div className="mx-auto max-w-2xl rounded-3xl border border-brand-100 bg-brand-50 px-6 py-12 text-center sm:px-12">
          <h2 id="waitlist-title" className="heading-2">
            {waitlist.title}
          </h2>
          <p className="lead mt-3">{waitlist.subtitle}</p>
          <div className="mt-8 text-left">
            <EmailSignupForm label={waitlist.formLabel} successMessage={waitlist.success} />
          </div>
        </div>
      </section>
    </>
  );
}
