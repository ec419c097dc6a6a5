// GET /translate/glossary.csv?source=…&target=…: the signed-in user's glossary for a pair, as a CSV download.
import type { Route } from "./+types/glossary[.]csv";
import { glossaryExport } from "./glossary.server";

export const loader = (args: Route.LoaderArgs) => glossaryExport(args);
