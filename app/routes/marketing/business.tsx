import { ArrowRight, CheckCircle2, Mail } from "lucide-react";
import { Link } from "react-router";
import { BusinessIconTile } from "~/components/marketing/business-icons";
import { BusinessIndustryCard } from "~/components/marketing/business-industry-card";
import { BusinessSecurityDocsForm } from "~/components/marketing/business-security-docs-form";
import { Disclosure } from "~/components/ui/disclosure";
import {
  businessHero,
  businessMeta,
  complianceClaims,
  complianceStatusLabels,
  industries,
  industriesIntro,
  regulatedModes,
  regulatedModesIntro,
  securityDocsSection,
  securityIntro,
  securitySections,
  type ComplianceClaim,
} from "~/content/business";
import { clientFormAction } from "~/lib/client-form-action";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/business";
import { publicFormAction } from "./public-forms.server";
import { SectionHeading } from "~/components/marketing/section-heading";

export const meta: Route.MetaFunction = (args) => pageMeta(args, businessMeta);

/** The security-docs request posts here when the browser runs no JavaScript (and through a fetcher when it does). */
export const action = (args: Route.ActionArgs) => publicFormAction(args, ["security"]);

/** A post that never reached the server is answered as the form's failure, not with the error page. */
export const clientAction = (args: Route.ClientActionArgs) => clientFormAction(args);

const statusStyles: Record<ComplianceClaim["status"], string> = {
  ready: "bg-emerald-50 text-emerald-800 ring-emerald-600/20",
  planned: "bg-amber-50 text-amber-800 ring-amber-600/20",
  standard: "bg-brand-50 text-brand-800 ring-brand-600/20",
};

export default function BusinessPage() {
  return (
    <>
      <Hero />
      <ComplianceStrip />
      <SecuritySections />
      <RegulatedModes />
      <Industries />
      <SecurityDocs />
    </>
  );
}

function Hero() {
  return (
    <section className="focus-on-dark relative overflow-hidden bg-linear-to-br from-brand-950 via-brand-900 to-slate-900 text-white">
      <div className="container-page grid items-center gap-12 py-16 sm:py-24 lg:grid-cols-[1.2fr_1fr]">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-accent-400">{businessHero.eyebrow}</p>
          <h1 className="heading-1 mt-4">{businessHero.title}</h1>
          <p className="mt-6 max-w-2xl text-lg text-brand-100 sm:text-xl">{businessHero.lead}</p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <a href={businessHero.primaryCta.href} className="btn bg-white text-brand-900 hover:bg-brand-50">
              {businessHero.primaryCta.label}
              <ArrowRight className="size-4" aria-hidden />
            </a>
            <Link to={businessHero.secondaryCta.to} className="btn-ghost-light">
              {businessHero.secondaryCta.label}
            </Link>
          </div>
        </div>
        <img src={businessHero.image.src} alt={businessHero.image.alt} width={480} height={400} className="mx-auto hidden w-full max-w-md lg:block" />
      </div>
    </section>
  );
}

function ComplianceStrip() {
  return (
    <section aria-label="Compliance and security at a glance" className="border-b border-slate-200 bg-slate-50">
      <ul className="container-page grid gap-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        {complianceClaims.map((claim) => (
          <li key={claim.label} className="flex flex-col rounded-xl border border-slate-200 bg-white p-4">
            <span className="flex items-center justify-between gap-2">
              <span className="font-semibold text-slate-900">{claim.label}</span>
              <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${statusStyles[claim.status]}`}>
                {complianceStatusLabels[claim.status]}
              </span>
            </span>
            <span className="mt-1 text-sm text-slate-600">{claim.detail}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function SecuritySections() {
  return (
    <section className="section" aria-labelledby="security-heading">
      <div className="container-page">
        <SectionHeading id="security-heading" eyebrow={securityIntro.eyebrow} title={securityIntro.title} lead={securityIntro.lead} />
        <div className="mt-10 divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
          {securitySections.map((section) => (
            <Disclosure
              key={section.id}
              defaultOpen={section.defaultOpen}
              headingLevel={3}
              buttonClassName="px-5 py-5 hover:bg-slate-50 sm:px-6"
              panelClassName="px-5 pb-6 sm:px-6 sm:pl-21"
              summary={
                <span className="flex items-center gap-4">
                  <BusinessIconTile icon={section.icon} />
                  <span className="text-lg font-semibold text-slate-900">{section.title}</span>
                </span>
              }
            >
              <p className="text-slate-700">{section.intro}</p>
              <ul className="mt-5 grid gap-4 sm:grid-cols-2">
                {section.points.map((point) => (
                  <li key={point.title} className="flex gap-3">
                    <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-accent-600" aria-hidden />
                    <span>
                      <span className="block font-medium text-slate-900">{point.title}</span>
                      <span className="mt-1 block text-sm text-slate-600">{point.text}</span>
                    </span>
                  </li>
                ))}
              </ul>
            </Disclosure>
          ))}
        </div>
      </div>
    </section>
  );
}

function RegulatedModes() {
  return (
    <section className="section bg-slate-50" aria-labelledby="modes-heading">
      <div className="container-page">
        <p className="eyebrow">{regulatedModesIntro.eyebrow}</p>
        <h2 id="modes-heading" className="heading-2 mt-3 max-w-3xl">
          {regulatedModesIntro.title}
        </h2>
        <div className="mt-10 grid gap-6 md:grid-cols-2">
          {regulatedModes.map((mode) => (
            <article key={mode.id} className="card">
              <BusinessIconTile icon={mode.icon} />
              <h3 className="mt-4 text-xl font-semibold">{mode.title}</h3>
              <p className="mt-2 text-slate-600">{mode.summary}</p>
              <ul className="mt-5 space-y-2">
                {mode.points.map((point) => (
                  <li key={point} className="flex gap-2 text-sm text-slate-700">
                    <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-accent-600" aria-hidden />
                    {point}
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}

function Industries() {
  return (
    <section className="section" aria-labelledby="industries-heading">
      <div className="container-page">
        <SectionHeading id="industries-heading" eyebrow={industriesIntro.eyebrow} title={industriesIntro.title} lead={industriesIntro.lead} />
        <div className="mt-10 grid items-start gap-6 lg:grid-cols-2">
          {industries.map((industry) => (
            <BusinessIndustryCard key={industry.id} industry={industry} />
          ))}
        </div>
      </div>
    </section>
  );
}

function SecurityDocs() {
  return (
    <section id={securityDocsSection.id} className="section scroll-mt-16 bg-brand-50/60" aria-labelledby="security-docs-heading">
      <div className="container-page grid gap-12 lg:grid-cols-[1fr_1.2fr]">
        <div>
          <p className="eyebrow">{securityDocsSection.eyebrow}</p>
          <h2 id="security-docs-heading" className="heading-2 mt-3">
            {securityDocsSection.title}
          </h2>
          <p className="lead mt-4">{securityDocsSection.lead}</p>
          <ul className="mt-8 space-y-3">
            {securityDocsSection.includes.map((item) => (
              <li key={item} className="flex gap-3 text-slate-700">
                <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-accent-600" aria-hidden />
                {item}
              </li>
            ))}
          </ul>
          <p className="mt-8 text-sm text-slate-600">
            {securityDocsSection.directContact.label}{" "}
            <a
              href={`mailto:${securityDocsSection.directContact.email}`}
              className="inline-flex items-center gap-1 font-medium text-brand-700 underline hover:text-brand-900"
            >
              <Mail className="size-4" aria-hidden />
              {securityDocsSection.directContact.email}
            </a>
          </p>
        </div>
        <div className="card sm:p-8">
          <h3 id="security-docs-form-heading" className="text-xl font-semibold">
            {securityDocsSection.form.title}
          </h3>
          <p className="mt-1 mb-6 text-sm text-slate-600">{securityDocsSection.responseNote}</p>
          <BusinessSecurityDocsForm labelledBy="security-docs-form-heading" />
        </div>
      </div>
    </section>
  );
}
