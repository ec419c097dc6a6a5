// Text rules of the account lists (docs/product.md#account-page): what an assistant message says, its title
// line (previews are cut by @core/text).

type TextPart = { type?: unknown; text?: unknown };

function textOfParts(parts: unknown[]) {
  const texts: string[] = [];
  for (const part of parts) {
    if (typeof part === "string") texts.push(part);
    else if (part && typeof part === "object" && typeof (part as TextPart).text === "string") texts.push((part as TextPart).text as string);
  }
  return texts.length > 0 ? texts.join("") : null;
}

/** The readable text of a structured answer, or null when the value has none of the known shapes. */
function textOfStructured(value: unknown): string | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const choices = record.choices;
  if (Array.isArray(choices)) {
    const message = (choices[0] as { message?: { content?: unknown } } | undefined)?.message;
    if (typeof message?.content === "string") return message.content;
    if (Array.isArray(message?.content)) return textOfParts(message.content);
  }
  if (typeof record.output_text === "string") return record.output_text;
  if (typeof record.content === "string") return record.content;
  if (Array.isArray(record.content)) return textOfParts(record.content);
  return null;
}

/**
 * docs/product.md#account-page: a stored answer is plain text, or a JSON string holding choices[0].message.content,
 * output_text, or content as a string or an array of text parts. Anything else is shown as it is.
 */
export function assistantText(content: string): string {
  const trimmed = content.trim();
  if (!trimmed.startsWith("{")) return content;
  try {
    return textOfStructured(JSON.parse(trimmed)) ?? content;
  } catch {
    return content;
  }
}

/** The first non-blank line of a text, trimmed; "" when there is none. */
export function firstLine(text: string) {
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed) return trimmed;
  }
  return "";
}
