// The translator's history list (docs/product.md#translator): the page's data first, then the API's list for a
// signed-in user, and again after each translation.
import { useCallback, useEffect, useState } from "react";
import type { TranslationRecord } from "@core/schemas/translate";
import { apiRequest } from "~/lib/api";

/**
 * The list the history panel shows (null until known), and `reload` to ask the API again. A history form's answer
 * brings the page's data again (a star, clear all): the list follows it from that render on (an effect would render
 * the page once more after it hydrates, for nothing).
 */
export function useTranslationHistory(fromPage: TranslationRecord[] | null, userId: string | null) {
  const [history, setHistory] = useState(fromPage);
  const [pageData, setPageData] = useState(fromPage);
  if (pageData !== fromPage) {
    setPageData(fromPage);
    setHistory(fromPage);
  }

  const reload = useCallback(async () => {
    try {
      const { translations } = await apiRequest<{ translations: TranslationRecord[] }>("/translate", { method: "GET" });
      setHistory(translations);
    } catch {
      setHistory((current) => current ?? []);
    }
  }, []);

  // Asked again when someone else signs in (in another tab too).
  useEffect(() => {
    if (userId) void reload();
  }, [userId, reload]);

  return { history, reload };
}
