import { CircleCheck, CircleDashed, Clock, type LucideIcon } from "lucide-react";
import { useSearchParams } from "react-router";
import { CheckList } from "~/components/marketing/check-list";
import { CtaBand } from "~/components/marketing/cta-band";
import { PageHero } from "~/components/marketing/page-hero";
import {
  categoryLabels,
  countByStatus,
  filterMilestones,
  milestones,
  parseRoadmapFilter,
  roadmapFilters,
  roadmapPage,
  statusLabels,
  statusOrder,
  type MilestoneStatus,
  type RoadmapFilter,
} from "~/content/roadmap";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/timeline";

// Canonical is /timeline for every filter (pageMeta uses the path without the query).
export const meta: Route.MetaFunction = (args) => pageMeta(args, roadmapPage.meta);

const FILTER_PARAM = "category";

const statusStyle: Record<MilestoneStatus, { icon: LucideIcon; dot: string; badge: string; tile: string; bar: string }> = {
  completed: {
    icon: CircleCheck,
    dot: "bg-accent-600 text-white",
    badge: "bg-teal-50 text-teal-800 ring-teal-600/20",
    tile: "bg-teal-50 text-teal-900",
    bar: "bg-accent-500",
  },
  "in-progress": {
    icon: Clock,
    dot: "bg-brand-600 text-white",
    badge: "bg-brand-50 text-brand-800 ring-brand-600/20",
    tile: "bg-brand-50 text-brand-900",
    bar: "bg-brand-500",
  },
  planned: {
    icon: CircleDashed,
    dot: "border-2 border-slate-300 bg-white text-slate-500",
    badge: "bg-slate-100 text-slate-700 ring-slate-500/20",
    tile: "bg-slate-100 text-slate-800",
    bar: "bg-slate-300",
  },
};

export default function TimelinePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = parseRoadmapFilter(searchParams.get(FILTER_PARAM));
  const visible = filterMilestones(milestones, filter);
  const counts = countByStatus(visible);
  const filterLabel = roadmapFilters.find((option) => option.id === filter)?.label ?? "";

  // Without JavaScript the chips submit the GET form below; with it, the query changes in place.
  const choose = (id: RoadmapFilter) => (event: React.MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (id === "all") next.delete(FILTER_PARAM);
        else next.set(FILTER_PARAM, id);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  const { hero, cta } = roadmapPage;
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} title={hero.title} lead={hero.lead} />

      <div className="container-page section">
        <form method="get">
          <fieldset aria-label={roadmapPage.filtersLabel} className="flex flex-wrap gap-2">
            {roadmapFilters.map((option) => {
              const pressed = option.id === filter;
              return (
                <button
                  key={option.id}
                  type="submit"
                  name={option.id === "all" ? undefined : FILTER_PARAM}
                  value={option.id === "all" ? undefined : option.id}
                  aria-pressed={pressed}
                  onClick={choose(option.id)}
                  className={`rounded-full px-4 py-2 text-sm font-semibold transition-colors ${
                    pressed
                      ? "bg-brand-600 text-white shadow-sm hover:bg-brand-700"
                      : "border border-slate-300 bg-white text-slate-700 hover:border-brand-300 hover:bg-brand-50"
                  }`}
                >
                  {option.label}
                </button>
              );
            })}
          </fieldset>
        </form>

        <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
          <section aria-labelledby="overview-heading" className="card lg:sticky lg:top-24 lg:order-last">
            <h2 id="overview-heading" className="text-lg font-semibold">
              {roadmapPage.overviewTitle}
            </h2>
            <dl className="mt-4 grid grid-cols-3 gap-2">
              {statusOrder.map((status) => (
                <div key={status} className={`flex flex-col-reverse items-center rounded-xl px-2 py-3 text-center ${statusStyle[status].tile}`}>
                  <dt className="text-xs font-medium">{statusLabels[status]}</dt>
                  <dd data-status={status} className="text-2xl font-bold tabular-nums">
                    {counts[status]}
                  </dd>
                </div>
              ))}
            </dl>
            <div aria-hidden className="mt-5 flex h-2 overflow-hidden rounded-full bg-slate-100">
              {visible.length > 0 &&
                statusOrder.map((status) => (
                  <div key={status} className={statusStyle[status].bar} style={{ width: `${(counts[status] / visible.length) * 100}%` }} />
                ))}
            </div>
            <p className="mt-3 text-sm text-slate-600">{roadmapPage.overviewSummary(counts.completed, visible.length)}</p>
          </section>

          <section aria-labelledby="milestones-heading">
            <h2 id="milestones-heading" className="sr-only">
              {roadmapPage.listTitle}
            </h2>
            <p role="status" className="text-sm font-medium text-slate-600">
              {roadmapPage.showing(visible.length, filterLabel)}
            </p>
            {visible.length === 0 ? (
              <p className="card mt-6 text-slate-600">{roadmapPage.empty}</p>
            ) : (
              <ol aria-labelledby="milestones-heading" className="mt-6 ml-3.5 space-y-6 border-l-2 border-slate-200 pl-8 sm:pl-10">
                {visible.map((milestone) => {
                  const style = statusStyle[milestone.status];
                  const Icon = style.icon;
                  return (
                    <li key={milestone.title} className="relative">
                      <span
                        aria-hidden
                        className={`absolute top-6 -left-[2.95rem] flex size-7 items-center justify-center rounded-full ring-4 ring-white sm:-left-[3.45rem] ${style.dot}`}
                      >
                        <Icon className="size-4" />
                      </span>
                      <article className="card">
                        <div className="flex flex-wrap items-center gap-2 text-sm">
                          <span className="font-semibold text-slate-900">{milestone.quarter}</span>
                          <span
                            data-status={milestone.status}
                            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${style.badge}`}
                          >
                            {statusLabels[milestone.status]}
                          </span>
                          <span className="rounded-full border border-slate-200 px-2.5 py-0.5 text-xs font-medium text-slate-600">
                            {categoryLabels[milestone.category]}
                          </span>
                        </div>
                        <h3 className="mt-3 text-xl font-semibold">{milestone.title}</h3>
                        <p className="mt-2 text-slate-600">{milestone.description}</p>
                        {/* Only a done milestone's items are ticked off. */}
                        <CheckList items={milestone.items} marker={milestone.status === "completed" ? "check" : "bullet"} />
                      </article>
                    </li>
                  );
                })}
              </ol>
            )}
            <p className="mt-8 text-sm text-slate-600">{roadmapPage.note}</p>
          </section>
        </div>
      </div>

      <CtaBand cta={cta} />
    </>
  );
}
