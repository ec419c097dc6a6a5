import { ArrowRight, Brain, Layers, ScrollText, ShieldCheck, Wrench, Zap, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { CheckList } from "~/components/marketing/check-list";
import { CtaBand } from "~/components/marketing/cta-band";
import { PageHero } from "~/components/marketing/page-hero";
import { SectionHeading } from "~/components/marketing/section-heading";
import { modelsPage, type Model, type ModelCapabilityIcon, type ModelModeIcon } from "~/content/models";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/models";

export const meta: Route.MetaFunction = (args) => pageMeta(args, modelsPage.meta);

const capabilityIcons: Record<ModelCapabilityIcon, LucideIcon> = { experts: Layers, context: ScrollText, modes: Brain, tools: Wrench };
const modeIcons: Record<ModelModeIcon, LucideIcon> = { fast: Zap, thinking: Brain };

export default function ModelsPage() {
  const { hero, lineup, models, modes, benchmarks, capabilities, privacy, cta } = modelsPage;
  return (
    <>
      <PageHero
        eyebrow={hero.eyebrow}
        title={hero.title}
        lead={hero.lead}
        actions={
          <>
            <Link to={hero.primary.to} className="btn bg-white text-brand-800 hover:bg-brand-50">
              {hero.primary.label}
              <ArrowRight className="size-4" aria-hidden />
            </Link>
            <a href={hero.secondary.to} className="btn-ghost-light">
              {hero.secondary.label}
            </a>
          </>
        }
        aside={<img src="/images/models-experts.svg" alt={hero.illustrationAlt} width={480} height={360} className="mx-auto w-full max-w-md" />}
      />

      <section aria-labelledby="lineup-heading" className="container-page section">
        <SectionHeading id="lineup-heading" eyebrow={lineup.eyebrow} title={lineup.title} lead={lineup.lead} />
        <ul className="mt-12 grid gap-6 lg:grid-cols-2">
          {models.map((model) => (
            <li key={model.id}>
              <ModelCard model={model} bestForLabel={lineup.bestForLabel} />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="modes-heading" className="bg-slate-50">
        <div className="container-page section">
          <SectionHeading id="modes-heading" eyebrow={modes.eyebrow} title={modes.title} lead={modes.lead} />
          <ul className="mt-12 grid gap-6 md:grid-cols-2">
            {modes.items.map((mode) => {
              const Icon = modeIcons[mode.icon];
              return (
                <li key={mode.name} className="card">
                  <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                    <Icon className="size-6" aria-hidden />
                  </span>
                  <h3 className="mt-4 text-xl font-semibold">{mode.name}</h3>
                  <p className="mt-2 text-slate-600">{mode.description}</p>
                  <CheckList items={mode.points} />
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section id="benchmarks" aria-labelledby="benchmarks-heading" className="container-page section">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <SectionHeading id="benchmarks-heading" eyebrow={benchmarks.eyebrow} title={benchmarks.title} />
          <p className="rounded-full bg-amber-50 px-3 py-1 text-sm font-semibold text-amber-900 ring-1 ring-amber-600/30 ring-inset">
            {benchmarks.badge}
          </p>
        </div>
        <BenchmarkCards />
        <BenchmarkTable />
        <p className="mt-4 max-w-3xl text-sm text-slate-600">{benchmarks.note}</p>
      </section>

      <section aria-labelledby="capabilities-heading" className="bg-slate-50">
        <div className="container-page section">
          <SectionHeading id="capabilities-heading" eyebrow={capabilities.eyebrow} title={capabilities.title} />
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {capabilities.items.map((capability) => {
              const Icon = capabilityIcons[capability.icon];
              return (
                <li key={capability.title} className="card">
                  <Icon className="size-7 text-brand-600" aria-hidden />
                  <h3 className="mt-4 text-lg font-semibold">{capability.title}</h3>
                  <p className="mt-2 text-sm text-slate-600">{capability.description}</p>
                </li>
              );
            })}
          </ul>
          <div className="mt-10 flex flex-col items-start gap-4 rounded-2xl border border-accent-500/30 bg-white p-6 sm:flex-row sm:items-center">
            <ShieldCheck className="size-8 shrink-0 text-accent-600" aria-hidden />
            <div>
              <h3 className="text-lg font-semibold">{privacy.title}</h3>
              <p className="mt-1 text-slate-600">{privacy.body}</p>
            </div>
          </div>
        </div>
      </section>

      <div className="pt-16 sm:pt-24">
        <CtaBand cta={cta} />
      </div>
    </>
  );
}

/**
 * Phones: one card per benchmark, each score labelled with its model, so that nothing sits off-screen. The table
 * below takes over from the width at which all its columns fit.
 */
function BenchmarkCards() {
  const { models, benchmarks } = modelsPage;
  return (
    <ul className="mt-8 grid gap-4 sm:hidden" aria-label={benchmarks.caption}>
      {benchmarks.rows.map((row) => (
        <li key={row.name} className="rounded-2xl border border-slate-200 p-4">
          <h3 className="font-semibold text-slate-900">{row.name}</h3>
          <p className="mt-1 text-sm text-slate-600">{row.measures}</p>
          <dl className="mt-3 grid grid-cols-2 gap-2">
            {models.map((model) => (
              <div key={model.id} className="flex flex-col-reverse rounded-xl bg-slate-50 px-3 py-2">
                <dt className="text-xs font-medium text-slate-600">{model.name}</dt>
                <dd className="font-mono text-lg tabular-nums text-slate-900">{row.scores[model.id]}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** From the small breakpoint up every column fits (the table never scrolls), so it needs no scroll region. */
function BenchmarkTable() {
  const { models, benchmarks } = modelsPage;
  return (
    <div className="mt-8 hidden overflow-hidden rounded-2xl border border-slate-200 sm:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{benchmarks.caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              {benchmarks.benchmarkHeader}
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              {benchmarks.measuresHeader}
            </th>
            {models.map((model) => (
              <th key={model.id} scope="col" className="px-4 py-3 text-right font-semibold">
                {model.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {benchmarks.rows.map((row) => (
            <tr key={row.name}>
              <th scope="row" className="px-4 py-3 font-semibold text-slate-900">
                {row.name}
              </th>
              <td className="px-4 py-3 text-slate-600">{row.measures}</td>
              {models.map((model) => (
                <td key={model.id} className="px-4 py-3 text-right font-mono text-base tabular-nums text-slate-900">
                  {row.scores[model.id]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ModelCard({ model, bestForLabel }: { model: Model; bestForLabel: string }) {
  const { figureLabels } = modelsPage;
  const figures = [
    { value: model.totalParameters, label: figureLabels.total },
    { value: model.activeParameters, label: figureLabels.active },
    { value: model.contextWindow, label: figureLabels.context },
  ];
  const isPro = model.id === "pro";
  return (
    <article className={`card h-full ${isPro ? "border-brand-300 ring-1 ring-brand-300" : ""}`}>
      <p className="eyebrow">{model.tagline}</p>
      <h3 className="mt-2 text-3xl font-bold tracking-tight">{model.name}</h3>
      <p className="mt-3 text-slate-600">{model.description}</p>
      <dl className="mt-6 grid grid-cols-3 gap-2">
        {figures.map((figure) => (
          <div key={figure.label} className="flex flex-col-reverse rounded-xl bg-brand-50 px-3 py-3">
            <dt className="text-xs text-brand-900">{figure.label}</dt>
            <dd className="text-2xl font-bold text-brand-800 sm:text-3xl">{figure.value}</dd>
          </div>
        ))}
      </dl>
      <dl className="mt-6 divide-y divide-slate-200 border-y border-slate-200 text-sm">
        {model.specs.map((spec) => (
          <div key={spec.label} className="flex justify-between gap-4 py-2.5">
            <dt className="text-slate-600">{spec.label}</dt>
            <dd className="text-right font-medium text-slate-900">{spec.value}</dd>
          </div>
        ))}
      </dl>
      <h4 className="mt-6 text-sm font-semibold text-slate-900">{bestForLabel}</h4>
      <CheckList items={model.bestFor} className="mt-2" />
    </article>
  );
}
