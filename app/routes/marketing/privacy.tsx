import { Mail, TriangleAlert } from "lucide-react";
import { pageMeta } from "~/lib/meta";
import {
  placeholderNotice,
  privacyContact,
  privacyHeader,
  privacyHighlights,
  privacyMeta,
  privacySections,
  tocTitle,
  type PrivacyBlock,
} from "~/content/privacy";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = (args) => pageMeta(args, privacyMeta);

export default function PrivacyPage() {
  return (
    <article className="container-page section">
      <header className="max-w-3xl">
        <p className="eyebrow">{privacyHeader.eyebrow}</p>
        <h1 className="heading-1 mt-4">{privacyHeader.title}</h1>
        <p className="mt-4 text-sm font-medium text-slate-600">{privacyHeader.lastUpdated}</p>
        <p className="lead mt-6">{privacyHeader.lead}</p>
      </header>

      <aside
        role="note"
        aria-labelledby="placeholder-notice-title"
        className="mt-8 flex max-w-3xl gap-3 rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950"
      >
        <TriangleAlert className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden />
        <div>
          <p id="placeholder-notice-title" className="font-semibold">
            {placeholderNotice.title}
          </p>
          <p className="mt-1 text-sm">{placeholderNotice.text}</p>
        </div>
      </aside>

      <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {privacyHighlights.map((highlight) => (
          <li key={highlight.title} className="rounded-xl border border-slate-200 bg-slate-50 p-5">
            <p className="font-semibold text-slate-900">{highlight.title}</p>
            <p className="mt-1 text-sm text-slate-600">{highlight.text}</p>
          </li>
        ))}
      </ul>

      <div className="mt-12 grid gap-12 lg:grid-cols-[14rem_1fr]">
        <nav aria-labelledby="privacy-toc-title" className="lg:sticky lg:top-24 lg:self-start">
          <p id="privacy-toc-title" className="text-sm font-semibold text-slate-900">
            {tocTitle}
          </p>
          <ol className="mt-3 space-y-2 border-l border-slate-200 text-sm">
            {privacySections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="-ml-px block border-l-2 border-transparent pl-3 text-slate-600 hover:border-brand-600 hover:text-slate-950"
                >
                  {section.title}
                </a>
              </li>
            ))}
            <li>
              <a
                href="#privacy-contact"
                className="-ml-px block border-l-2 border-transparent pl-3 text-slate-600 hover:border-brand-600 hover:text-slate-950"
              >
                {privacyContact.title}
              </a>
            </li>
          </ol>
        </nav>

        <div className="max-w-3xl space-y-12">
          {privacySections.map((section) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-24">
              <h2 id={`${section.id}-title`} className="text-2xl font-bold tracking-tight">
                {section.title}
              </h2>
              <div className="mt-4 space-y-4 text-slate-700">
                {section.blocks.map((block, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the policy's text is fixed and never reordered, so a block's place is its identity
                  <Block key={index} block={block} />
                ))}
              </div>
            </section>
          ))}

          <section
            id="privacy-contact"
            aria-labelledby="privacy-contact-title"
            className="scroll-mt-24 rounded-2xl border border-brand-200 bg-brand-50 p-6"
          >
            <h2 id="privacy-contact-title" className="text-2xl font-bold tracking-tight">
              {privacyContact.title}
            </h2>
            <p className="mt-3 text-slate-700">{privacyContact.text}</p>
            <a
              href={`mailto:${privacyContact.email}`}
              className="mt-3 inline-flex items-center gap-2 font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
            >
              <Mail className="size-4" aria-hidden />
              {privacyContact.email}
            </a>
            <p className="mt-5 text-sm text-slate-600">{privacyContact.postalIntro}</p>
            <address className="mt-1 text-sm not-italic text-slate-700">
              <span className="block">{privacyContact.address.name}</span>
              {privacyContact.address.lines.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
          </section>
        </div>
      </div>
    </article>
  );
}

function Block({ block }: { block: PrivacyBlock }) {
  switch (block.kind) {
    case "paragraph":
      return <p>{block.text}</p>;
    case "list":
      return (
        <ul className="space-y-3">
          {block.items.map((item) => (
            <li key={item.term} className="border-l-2 border-brand-200 pl-4">
              <span className="font-semibold text-slate-900">{item.term}.</span> {item.text}
            </li>
          ))}
        </ul>
      );
    case "table":
      return (
        <div className="overflow-x-auto rounded-xl border border-slate-200">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">{block.caption}</caption>
            <thead className="bg-slate-50 text-slate-900">
              <tr>
                <th scope="col" className="w-1/3 px-4 py-3 font-semibold">
                  {block.headings[0]}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {block.headings[1]}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {block.rows.map(([data, period]) => (
                <tr key={data}>
                  <th scope="row" className="px-4 py-3 align-top font-medium text-slate-900">
                    {data}
                  </th>
                  <td className="px-4 py-3 align-top text-slate-700">{period}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
  }
}
