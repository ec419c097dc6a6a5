// Glossaries (docs/product.md#translator): pick a language pair, then edit its terms in a small table, or import and
// export them as CSV. The translator applies the pair's terms to every translation and says which it used.
import { ArrowLeft } from "lucide-react";
import { useId } from "react";
import { data, Link, useLoaderData } from "react-router";
import { GlossaryTable } from "~/components/translator/glossary-table";
import { pageMeta } from "~/lib/meta";
import { LANGUAGES_BY_LABEL } from "@core/languages";
import type { Route } from "./+types/glossary";
import { glossaryAction, glossaryLoader } from "./glossary.server";

export async function loader(args: Route.LoaderArgs) {
  const { headers, ...page } = await glossaryLoader(args);
  return data(page, { headers });
}

export const action = (args: Route.ActionArgs) => glossaryAction(args);

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { title: "Glossaries", description: "Your translation glossaries.", path: "/translate/glossary" }),
  { name: "robots", content: "noindex" },
];

function LanguageField({ name, label, value }: { name: string; label: string; value: string }) {
  const id = useId();
  // The label is tied by id, not by wrapping: the select's name is then the label alone, not its options too.
  return (
    <div className="flex flex-col gap-1 text-sm text-slate-700">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} className="input" defaultValue={value}>
        {LANGUAGES_BY_LABEL.map((language) => (
          <option key={language.code} value={language.code}>
            {language.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export default function GlossaryPage() {
  const { pair, pairError, terms } = useLoaderData<typeof loader>();
  return (
    <section className="container-page section">
      <p className="eyebrow">Translator</p>
      <h1 className="heading-2 mt-3">Glossaries</h1>
      <p className="mt-3 max-w-2xl text-slate-600">
        For each language pair, tell the translator how to translate your terms: product names, house style, words that must never change.
      </p>
      <p className="mt-3">
        <Link to="/translate" className="inline-flex items-center gap-2 font-medium text-sky-800 underline">
          <ArrowLeft className="size-4" aria-hidden />
          Back to the translator
        </Link>
      </p>
      {/* The pair is a choice of languages, not user text: it may sit in the address. */}
      <form method="get" aria-label="Language pair" className="card mt-6 flex flex-wrap items-end gap-3" key={`${pair.source}-${pair.target}`}>
        <LanguageField name="source" label="From" value={pair.source} />
        <LanguageField name="target" label="To" value={pair.target} />
        <button type="submit" className="btn-secondary">
          Show glossary
        </button>
      </form>
      {pairError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {pairError}
        </p>
      ) : null}
      <h2 className="mt-8 text-xl font-semibold text-slate-900">
        {LANGUAGES_BY_LABEL.find((language) => language.code === pair.source)?.label} →{" "}
        {LANGUAGES_BY_LABEL.find((language) => language.code === pair.target)?.label}
      </h2>
      <GlossaryTable pair={pair} terms={terms} />
    </section>
  );
}
