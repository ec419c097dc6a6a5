// GET /lt/languages: LibreTranslate's list of {code, name, targets}, from the engines the screen uses. A language is
// listed when some engine translates from it. The list is kept per isolate for a minute (it walks every language).
import { LANGUAGES } from "@core/languages";
import type { TranslationRouter } from "../../services/translation";

type LtLanguage = { code: string; name: string; targets: string[] };

const TTL_MS = 60_000;
const cache = new Map<string, { at: number; list: Promise<LtLanguage[]> }>();
const ALL_CODES = LANGUAGES.map(({ code }) => code);

async function build(router: TranslationRouter): Promise<LtLanguage[]> {
  const list: LtLanguage[] = [];
  for (const { code, label } of LANGUAGES) {
    const reach = await router.reachableTargets(code);
    const targets = reach === "all" ? ALL_CODES.filter((target) => target !== code) : [...reach];
    if (targets.length) list.push({ code, name: label, targets });
  }
  return list;
}

export function ltLanguages(router: TranslationRouter): Promise<LtLanguage[]> {
  // One isolate serves one configuration: the engines' names tell its lists apart.
  const key = router.engines.map((engine) => engine.id).join(",");
  const known = cache.get(key);
  if (known && Date.now() - known.at < TTL_MS) return known.list;
  const list = build(router);
  cache.set(key, { at: Date.now(), list });
  list.catch(() => cache.delete(key));
  return list;
}
