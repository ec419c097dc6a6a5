// POST /translate/document: a document translated for the signed-in user (docs/product.md#translator, documents).
// Its only door is this action: the screen's file form posts here without JavaScript and gets the translated file
// as a download; with JavaScript it asks for progress lines and the file at the end. Nothing is stored.
import { redirect } from "react-router";
import type { Route } from "./+types/document";
import { translateDocumentAction } from "./document.server";

export const action = (args: Route.ActionArgs) => translateDocumentAction(args);

/** Nothing to show here: a visit lands on the translator. */
export const loader = () => redirect("/translate");
