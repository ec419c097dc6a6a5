// The translator page's one action: the translate form, or one of the history forms (controls.server.ts), told
// apart by the posted `intent`.
import type { RouterContextProvider } from "react-router";
import { INTENT_FIELD } from "@core/schemas/form-result";
import { historyFormAction, isHistoryIntent } from "./controls.server";
import { translateAction } from "./translate.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export async function translatorAction(args: Args, translateIntent: string) {
  // A copy is read for the intent: the form that handles the post reads the body itself.
  const intent = (await args.request.clone().formData()).get(INTENT_FIELD);
  if (typeof intent === "string" && isHistoryIntent(intent)) return historyFormAction(args);
  return translateAction(args, translateIntent);
}
