// The translator (docs/product.md#translator): source and target panels, detected language, copy, and the user's 20
// most recent translations. Signed-out visitors see the page and an invitation to sign in. With JavaScript the
// screen calls the API; without, the form posts to this route's action and the page comes back translated.
import { ArrowLeftRight, BookOpen, Copy, Languages, Loader2 } from "lucide-react";
import { startTransition, useEffect, useRef, useState } from "react";
import { data, Link, type MetaFunction, useActionData, useLoaderData } from "react-router";
import { FormNotice, IntentField } from "~/components/forms/form-notice";
import { LanguageSelect } from "~/components/translator/language-select";
import { FormalityChoice, formalityShown } from "~/components/translator/formality-choice";
import { HistoryPanel } from "~/components/translator/history-panel";
import { useTranslationHistory } from "~/components/translator/use-history";
import { SpeakButton } from "~/components/translator/speak-button";
import { Alternatives, GlossaryApplied } from "~/components/translator/translation-extras";
import type { Formality } from "@core/languages/formality";
import type { FormResult } from "@core/schemas/form-result";
import { DetectionNote } from "~/components/translator/detection-note";
import { DocumentTranslator } from "~/components/translator/document-translator";
import { notConfiguredMessage, TranslatorNotConfigured } from "~/components/translator/not-configured";
import { useUser } from "~/components/auth/user-context";
import { apiRequest, errorMessage } from "~/lib/api";
import { AUTO } from "@core/languages";
import { formatCount } from "@core/format";
import { CATALOGUE_SIZE } from "@core/languages/size";
import { pageMeta } from "~/lib/meta";
import { notify } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";
import {
  MAX_ALTERNATIVES,
  MAX_TRANSLATION_CHARS,
  SHORT_INPUT_CHARS,
  TRANSLATION_NOT_CONFIGURED,
  type ReachableTargets,
  type TranslateResult,
  type TranslationRecord,
} from "@core/schemas/translate";
import type { Route } from "./+types/route";
import { translatorAction } from "./action.server";
import { translatorFeatures } from "./controls.server";
import { translatorHistory, type PageTranslation } from "./translate.server";

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: "Translator", description: `Translate text between ${CATALOGUE_SIZE} languages, privately.`, path: "/translate" });

export async function loader(args: Route.LoaderArgs) {
  const { history, controls, headers } = await translatorHistory(args);
  return data({ history, controls, features: translatorFeatures(args.context) }, { headers });
}

/** Names the translator's form to the action (the page has only this one). */
const TRANSLATE_INTENT = "translate";

/** The form's post from a browser without JavaScript. */
export const action = (args: Route.ActionArgs) => translatorAction(args, TRANSLATE_INTENT);

export default function TranslatePage() {
  const { user } = useUser();
  const hydrated = useHydrated();
  const { history: firstHistory, controls, features } = useLoaderData<typeof loader>();
  // Only a post without JavaScript has an answer here: the page starts from it, with the text kept. The history
  // forms post to the same action; their answers are theirs (components/translator/history-panel.tsx).
  const posted = useActionData<typeof action>() as FormResult<PageTranslation> | undefined;
  const answer = posted?.intent === TRANSLATE_INTENT ? posted : undefined;
  const translated = answer?.ok ? answer.data : undefined;
  const refused = answer && !answer.ok ? answer : undefined;
  const [source, setSource] = useState(translated?.source ?? refused?.values.source ?? AUTO);
  const [target, setTarget] = useState(translated?.target ?? refused?.values.target ?? "es");
  const [input, setInput] = useState(translated?.text ?? refused?.values.text ?? "");
  const [output, setOutput] = useState(translated?.output ?? "");
  const [detected, setDetected] = useState<string | null>(translated?.detectedSource ?? null);
  const [formality, setFormality] = useState<Formality>((refused?.values.formality as Formality | undefined) ?? "auto");
  const [glossaryApplied, setGlossaryApplied] = useState(translated?.glossaryApplied);
  const [alternatives, setAlternatives] = useState(translated?.alternatives);
  const [detection, setDetection] = useState<Pick<TranslateResult, "detectedConfidence" | "nextLikelySource">>(translated ?? {});
  const [busy, setBusy] = useState(false);
  const { history, reload: loadHistory } = useTranslationHistory(firstHistory, user?.id ?? null);
  const showFormality = formalityShown(features.formality, target);
  const [reachable, setReachable] = useState<"all" | Set<string> | undefined>(undefined);
  /** The server's explanation when it has no translation engine (shown instead of a toast, and Translate is off). */
  const [unavailable, setUnavailable] = useState<string | null>(refused?.error.code === TRANSLATION_NOT_CONFIGURED ? refused.error.message : null);

  // The server's latest word on whether it has an engine wins: a list of targets asked before a translation was
  // refused for want of one must not clear that refusal when it arrives after it.
  const askedCount = useRef(0);
  const refusedBy = useRef(0);
  useEffect(() => {
    const controller = new AbortController();
    const asked = ++askedCount.current;
    apiRequest<ReachableTargets>(`/translate/targets?source=${encodeURIComponent(source)}`, { method: "GET", signal: controller.signal })
      // A transition: the two language lists render again in short slices, not in one task after the page loads.
      .then(({ targets }) =>
        startTransition(() => {
          setReachable(targets === "all" ? "all" : new Set(targets));
          if (asked > refusedBy.current) setUnavailable(null);
        }),
      )
      .catch((error: unknown) =>
        startTransition(() => {
          setReachable(undefined);
          const message = notConfiguredMessage(error);
          if (message) setUnavailable(message);
        }),
      );
    return () => controller.abort();
  }, [source]);

  const canTranslate = Boolean(user) && !unavailable && input.trim().length > 0 && !busy && input.length <= MAX_TRANSLATION_CHARS;

  /** `from`: the source to use now (the detection note's "translate from X instead" passes X). */
  async function runTranslate(from = source) {
    if (!canTranslate) return;
    setBusy(true);
    const asked = ++askedCount.current;
    try {
      const extras = {
        ...(showFormality ? { formality } : {}),
        ...(features.alternatives && input.trim().length <= SHORT_INPUT_CHARS ? { alternatives: MAX_ALTERNATIVES } : {}),
      };
      const result = await apiRequest<TranslateResult>("/translate", { json: { source: from, target, text: input, ...extras } });
      setOutput(result.output);
      setDetected(result.detectedSource ?? null);
      setDetection(result);
      setGlossaryApplied(result.glossaryApplied);
      setAlternatives(result.alternatives);
      void loadHistory();
    } catch (error) {
      const message = notConfiguredMessage(error);
      if (message) {
        refusedBy.current = asked;
        setUnavailable(message);
      } else notify("error", "Could not translate", error instanceof Error && error.message ? errorMessage(error) : "Please try again");
    } finally {
      setBusy(false);
    }
  }

  function swap() {
    if (source === AUTO) return;
    setSource(target);
    setTarget(source);
    setInput(output);
    setOutput(input);
    setDetected(null);
    setGlossaryApplied(undefined);
    setAlternatives(undefined);
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(output);
      notify("success", "Copied to clipboard", "Translation copied successfully");
    } catch {
      notify("error", "Could not copy", "Please select the text and copy it.");
    }
  }

  function load(record: TranslationRecord) {
    setSource(record.source);
    setTarget(record.target);
    setInput(record.input);
    setOutput(record.output);
    setDetected(record.detectedSource);
    setGlossaryApplied(undefined);
    setAlternatives(undefined);
    window.scrollTo({ top: 0, behavior: "smooth" });
  }

  return (
    <section className="container-page section">
      <p className="eyebrow">Translator</p>
      <h1 className="heading-2 mt-3">Translate</h1>
      <p className="mt-3 text-slate-600">{`Private translation between ${CATALOGUE_SIZE} languages. Nothing is shared with third parties.`}</p>

      {!user ? (
        <div className="card mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between" role="note">
          <p className="text-slate-700">Sign in to translate and keep your recent translations.</p>
          <Link to="/auth?next=/translate" className="btn-primary">
            Sign in to translate
          </Link>
        </div>
      ) : null}

      {unavailable ? <TranslatorNotConfigured message={unavailable} /> : null}
      {refused && !unavailable ? (
        <div className="mt-6">
          <FormNotice notice={{ kind: "error", title: "Could not translate", description: refused.error.message }} />
        </div>
      ) : null}

      <form
        method="post"
        aria-label="Translator"
        className="mt-8 grid gap-4 lg:grid-cols-[1fr_auto_1fr]"
        onSubmit={(event) => {
          event.preventDefault();
          void runTranslate();
        }}
      >
        <IntentField intent={TRANSLATE_INTENT} />
        {/* Without JavaScript the server still gives alternatives for a short text (it decides what is short). */}
        {features.alternatives ? <input type="hidden" name="alternatives" value={MAX_ALTERNATIVES} /> : null}
        <fieldset className="card flex flex-col gap-3" aria-label="Source">
          <LanguageSelect
            label="Source language"
            name="source"
            value={source}
            onChange={(code) => {
              setSource(code);
              setDetected(null);
            }}
            withAuto
          />
          <textarea
            aria-label="Text to translate"
            name="text"
            dir="auto"
            className="input min-h-[200px] resize-y"
            value={input}
            placeholder="Type or paste text…"
            onChange={(event) => setInput(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
                event.preventDefault();
                void runTranslate();
              }
            }}
          />
          <div className="flex items-center justify-between text-sm text-slate-500">
            <span aria-live="polite">
              {detected && source === AUTO ? (
                <DetectionNote
                  detected={detected}
                  confidence={detection.detectedConfidence}
                  nextLikely={detection.nextLikelySource}
                  textLength={input.length}
                  onOverride={(code) => {
                    setSource(code);
                    void runTranslate(code);
                  }}
                />
              ) : (
                ""
              )}
            </span>
            <SpeakButton text={input} lang={source === AUTO ? detected : source} label="Read the text aloud" />
            <span data-testid="source-count" className={input.length > MAX_TRANSLATION_CHARS ? "font-medium text-red-600" : ""}>
              {formatCount(input.length)} / {formatCount(MAX_TRANSLATION_CHARS)}
            </span>
          </div>
          {/* Before React runs (and for good without JavaScript) only the server's knowledge decides: a signed-in user may post. */}
          <button type="submit" className="btn-primary" disabled={hydrated ? !canTranslate : !user}>
            {busy ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Languages className="size-4" aria-hidden />}
            {busy ? "Translating…" : "Translate"}
          </button>
          <p className="text-xs text-slate-500">Ctrl+Enter (⌘+Enter) translates.</p>
        </fieldset>

        <div className="flex items-center justify-center">
          <button
            type="button"
            className="btn-secondary"
            aria-label="Swap languages"
            title={source === AUTO ? "Choose a source language to swap" : "Swap languages and texts"}
            disabled={source === AUTO}
            onClick={swap}
          >
            <ArrowLeftRight className="size-4" aria-hidden />
          </button>
        </div>

        <fieldset className="card flex flex-col gap-3" aria-label="Target">
          <LanguageSelect label="Target language" name="target" value={target} onChange={setTarget} reachable={reachable} />
          {showFormality ? <FormalityChoice value={formality} onChange={setFormality} /> : null}
          <textarea aria-label="Translation" dir="auto" readOnly className="input min-h-[200px] resize-y bg-slate-50" value={output} />
          <div className="flex items-center justify-between text-sm text-slate-500">
            <span data-testid="target-count">{formatCount(output.length)} characters</span>
            <span className="flex items-center gap-2">
              <SpeakButton text={output} lang={target} label="Read the translation aloud" />
              <button type="button" className="btn-secondary" disabled={!output} onClick={() => void copy()}>
                <Copy className="size-4" aria-hidden />
                Copy
              </button>
            </span>
          </div>
          <GlossaryApplied terms={glossaryApplied} />
          <Alternatives items={alternatives} onPick={hydrated ? setOutput : undefined} />
        </fieldset>
      </form>

      {user ? <DocumentTranslator initialTarget={target} /> : null}

      {user ? (
        <p className="mt-4 text-sm">
          <Link to="/translate/glossary" className="inline-flex items-center gap-2 font-medium text-sky-800 underline">
            <BookOpen className="size-4" aria-hidden />
            Your glossaries
          </Link>
        </p>
      ) : null}

      {user && controls ? <HistoryPanel history={history} favourites={controls.favourites} saveHistory={controls.saveHistory} onLoad={load} /> : null}
    </section>
  );
}
