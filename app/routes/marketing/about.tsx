import { ArrowRight, Globe, MapPin, ShieldCheck, Sparkles, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { CtaBand } from "~/components/marketing/cta-band";
import { PageHero } from "~/components/marketing/page-hero";
import { SectionHeading } from "~/components/marketing/section-heading";
import { about, type AboutValueIcon } from "~/content/about";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = (args) => pageMeta(args, about.meta);

const valueIcons: Record<AboutValueIcon, LucideIcon> = { globe: Globe, shield: ShieldCheck, sparkles: Sparkles };

export default function AboutPage() {
  const { hero, mission, values, story, team, join } = about;
  const { founder } = team;
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} title={hero.title} lead={hero.lead} />

      <section aria-labelledby="mission-heading" className="container-page section">
        <div className="grid gap-10 lg:grid-cols-2 lg:gap-16">
          <div>
            <p className="eyebrow">{mission.eyebrow}</p>
            <h2 id="mission-heading" className="heading-2 mt-2">
              {mission.title}
            </h2>
          </div>
          <div className="space-y-5 text-lg leading-relaxed text-slate-700">
            {mission.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="values-heading" className="bg-slate-50">
        <div className="container-page section">
          <SectionHeading id="values-heading" eyebrow={values.eyebrow} title={values.title} lead={values.lead} align="center" />
          <ul className="mt-12 grid gap-6 md:grid-cols-3">
            {values.items.map((value) => {
              const Icon = valueIcons[value.icon];
              return (
                <li key={value.title} className="card">
                  <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                    <Icon className="size-6" aria-hidden />
                  </span>
                  <h3 className="mt-5 text-xl font-semibold">{value.title}</h3>
                  <p className="mt-3 text-slate-600">{value.description}</p>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section aria-labelledby="story-heading" className="container-page section">
        <div className="mx-auto max-w-3xl">
          <p className="eyebrow">{story.eyebrow}</p>
          <h2 id="story-heading" className="heading-2 mt-2">
            {story.title}
          </h2>
          <div className="mt-8 space-y-5 text-lg leading-relaxed text-slate-700">
            {story.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <Link
            to={story.roadmapLink.to}
            className="mt-8 inline-flex items-center gap-2 rounded font-semibold text-brand-700 hover:text-brand-900 hover:underline"
          >
            {story.roadmapLink.label}
            <ArrowRight className="size-4" aria-hidden />
          </Link>
        </div>
      </section>

      <section aria-labelledby="team-heading" className="bg-slate-50">
        <div className="container-page section">
          <SectionHeading id="team-heading" eyebrow={team.eyebrow} title={team.title} lead={team.lead} align="center" />
          <article className="card mx-auto mt-12 flex max-w-3xl flex-col items-center gap-6 text-center sm:flex-row sm:items-start sm:text-left">
            <img
              src={founder.avatar.src}
              alt={founder.avatar.alt}
              width={160}
              height={160}
              loading="lazy"
              className="size-32 shrink-0 rounded-full sm:size-40"
            />
            <div>
              <h3 className="text-2xl font-semibold">{founder.name}</h3>
              <p className="mt-1 font-medium text-brand-700">{founder.role}</p>
              <p className="mt-1 inline-flex items-center gap-1.5 text-sm text-slate-600">
                <MapPin className="size-4" aria-hidden />
                {founder.location}
              </p>
              <p className="mt-4 text-slate-700">{founder.bio}</p>
            </div>
          </article>
        </div>
      </section>

      <div className="pt-16 sm:pt-24">
        <CtaBand cta={join} />
      </div>
    </>
  );
}
