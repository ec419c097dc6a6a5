import { ArrowRight, Check, Cpu, Languages, MessageSquare, ShieldCheck, Trophy } from "lucide-react";
import { Link } from "react-router";
import { EmailSignupForm, SIGNUP_STATUS_RESET_MS } from "~/components/subscribe/email-signup-form";
import { ExitIntentOffer } from "~/components/subscribe/use-exit-intent";
import { landing } from "~/content/landing";
import { crowdfundingPath } from "@core/site";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = (args) => pageMeta(args, landing.meta);

const cardIcons = { languages: Languages, trophy: Trophy, shield: ShieldCheck, cpu: Cpu } as const;

export default function Home() {
  return (
    <>
      <ExitIntentOffer />
      <Hero />
      <DeviceSection />
      <FeatureCards />
      <TrustBadges />
      <EarlyAccess />
    </>
  );
}

function Hero() {
  const { hero } = landing;
  return (
    <section className="focus-on-dark relative overflow-hidden bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 text-white">
      <div className="container-page grid items-center gap-12 py-16 sm:py-24 lg:grid-cols-2">
        <div>
          <p className="inline-flex rounded-full border border-white/20 bg-white/10 px-3 py-1 text-sm font-medium text-brand-100">{hero.badge}</p>
          <h1 className="heading-1 mt-6">{hero.title}</h1>
          <p className="mt-6 text-lg text-brand-100 sm:text-xl">{hero.subtitle}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to={crowdfundingPath} className="btn bg-white text-brand-900 hover:bg-brand-50">
              {hero.crowdfundingCta}
              <ArrowRight className="size-4" aria-hidden />
            </Link>
            <Link to="/ai" className="btn-ghost-light">
              <MessageSquare className="size-4" aria-hidden />
              {hero.chatCta}
            </Link>
          </div>
          <p className="mt-6 text-sm text-brand-200">{hero.note}</p>
        </div>
        <img src="/images/device-hero.svg" alt={hero.imageAlt} width={480} height={400} className="mx-auto w-full max-w-md" />
      </div>
    </section>
  );
}

function DeviceSection() {
  const { device, featureList } = landing;
  return (
    <section className="section container-page grid gap-10 lg:grid-cols-5">
      <article className="card lg:col-span-2 bg-gradient-to-b from-brand-50 to-white">
        <p className="eyebrow">{device.eyebrow}</p>
        <h2 className="mt-3 text-2xl font-bold tracking-tight">{device.title}</h2>
        <p className="mt-3 text-slate-600">{device.description}</p>
        <dl className="mt-6 grid grid-cols-2 gap-4">
          {device.specs.map((spec) => (
            <div key={spec.label} className="rounded-xl bg-white p-3 ring-1 ring-slate-200">
              <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{spec.label}</dt>
              <dd className="mt-1 text-sm font-semibold text-slate-900">{spec.value}</dd>
            </div>
          ))}
        </dl>
      </article>
      <div className="lg:col-span-3">
        <h2 className="heading-2">Everything you need to be understood</h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2">
          {featureList.map((feature) => (
            <li key={feature.title} className="flex gap-3">
              <Check className="mt-1 size-5 shrink-0 text-accent-600" aria-hidden />
              <div>
                <h3 className="font-semibold">{feature.title}</h3>
                <p className="mt-1 text-sm text-slate-600">{feature.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function FeatureCards() {
  return (
    <section className="bg-slate-50" aria-labelledby="why-title">
      <div className="section container-page">
        <h2 id="why-title" className="heading-2 text-center">
          Why people switch to Parley
        </h2>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {landing.featureCards.map((card) => {
            const Icon = cardIcons[card.icon];
            return (
              <li key={card.title} className="card">
                <Icon className="size-8 text-brand-600" aria-hidden />
                <p className="mt-4 text-3xl font-bold tracking-tight text-slate-900">{card.stat}</p>
                <h3 className="mt-1 font-semibold">{card.title}</h3>
                <p className="mt-2 text-sm text-slate-600">{card.text}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

function TrustBadges() {
  return (
    <section className="container-page py-12" aria-label="Security and compliance">
      <ul className="flex flex-wrap justify-center gap-3">
        {landing.badges.map((badge) => (
          <li
            key={badge}
            className="inline-flex items-center gap-2 rounded-full border border-slate-200 bg-white px-4 py-2 text-sm font-medium text-slate-700 shadow-sm"
          >
            <ShieldCheck className="size-4 text-accent-600" aria-hidden />
            {badge}
          </li>
        ))}
      </ul>
    </section>
  );
}

function EarlyAccess() {
  const { earlyAccess } = landing;
  return (
    <section className="container-page pb-16 sm:pb-24" aria-labelledby="early-title">
      <div className="focus-on-dark rounded-3xl bg-gradient-to-br from-brand-700 to-brand-900 px-6 py-12 text-white sm:px-12">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="early-title" className="heading-2">
            {earlyAccess.title}
          </h2>
          <p className="mt-3 text-lg text-brand-100">{earlyAccess.subtitle}</p>
          <div className="mt-8 text-left">
            <EmailSignupForm label={earlyAccess.title} successMessage={earlyAccess.success} resetAfterMs={SIGNUP_STATUS_RESET_MS} tone="dark" />
          </div>
          <p className="mt-2 text-sm text-brand-200">{earlyAccess.fineprint}</p>
        </div>
      </div>
    </section>
  );
}
