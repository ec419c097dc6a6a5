import {
  BookOpen,
  FileText,
  GraduationCap,
  Languages,
  Mic,
  Pill,
  Radio,
  Scale,
  Stethoscope,
  TriangleAlert,
  Users,
  type LucideIcon,
} from "lucide-react";
import { CtaBand } from "~/components/marketing/cta-band";
import { PageHero } from "~/components/marketing/page-hero";
import { SectionHeading } from "~/components/marketing/section-heading";
import { appsPage, type AppIcon, type CatalogueApp } from "~/content/apps";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/apps";

export const meta: Route.MetaFunction = (args) => pageMeta(args, appsPage.meta);

const appIcons: Record<AppIcon, LucideIcon> = {
  transcriber: Mic,
  documents: FileText,
  lawyer: Scale,
  doctor: Stethoscope,
  pharmacist: Pill,
  tutor: GraduationCap,
  teacher: BookOpen,
  "translation-chat": Languages,
  "group-chat": Users,
  "mesh-chat": Radio,
};

export default function AppsPage() {
  const { hero, catalogue, apps, disclaimer, cta } = appsPage;
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} title={hero.title} lead={hero.lead} />

      <section aria-labelledby="catalogue-heading" className="container-page section">
        <SectionHeading id="catalogue-heading" eyebrow={catalogue.eyebrow} title={catalogue.title} lead={catalogue.lead} />

        <aside aria-labelledby="disclaimer-heading" className="mt-8 flex gap-4 rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950">
          <TriangleAlert className="mt-0.5 size-6 shrink-0 text-amber-700" aria-hidden />
          <div>
            <h3 id="disclaimer-heading" className="font-semibold">
              {disclaimer.title}
            </h3>
            {disclaimer.body.map((paragraph) => (
              <p key={paragraph} className="mt-1.5 text-sm">
                {paragraph}
              </p>
            ))}
          </div>
        </aside>

        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {apps.map((app) => (
            <li key={app.id}>
              <AppCard app={app} />
            </li>
          ))}
        </ul>
      </section>

      <CtaBand cta={cta} />
    </>
  );
}

function AppCard({ app }: { app: CatalogueApp }) {
  const Icon = appIcons[app.icon];
  const statusId = `app-${app.id}-status`;
  return (
    <article className="card flex h-full flex-col">
      <div className="flex items-start justify-between gap-3">
        <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <Icon className="size-6" aria-hidden />
        </span>
        <span id={statusId} className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-semibold text-slate-700">
          {appsPage.status}
        </span>
      </div>
      <p className="mt-5 text-xs font-semibold uppercase tracking-wider text-brand-700">{app.category}</p>
      <h3 className="mt-1 text-lg font-semibold">{app.name}</h3>
      <p className="mt-2 flex-1 text-sm text-slate-600">{app.description}</p>
      <button type="button" disabled aria-describedby={statusId} className="btn-secondary mt-6 w-full">
        {appsPage.buttonLabel}
        <span className="sr-only">{`: ${app.name}`}</span>
      </button>
    </article>
  );
}
