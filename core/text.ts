// Text cuts shared by the screens and the server (titles, previews), counted in characters (code points),
// so that an emoji is never cut in half.

/** Whitespace collapsed: titles and previews are one line. */
export const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** At most `max` characters, cut silently (a title). */
export function truncate(text: string, max: number) {
  const characters = Array.from(text);
  return characters.length > max ? characters.slice(0, max).join("").trimEnd() : text;
}

/** At most `max` characters, ending with … when cut (a preview). */
export function preview(text: string, max: number) {
  return Array.from(text).length > max ? `${truncate(text, max - 1)}…` : text;
}
