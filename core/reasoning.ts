// Reasoning models write their thinking in <think>…</think> before the answer. The chat screen shows only
// the answer while streaming, and saved answers (and translations) keep only the answer: one rule for both.

const OPEN = "<think>";
const CLOSE = "</think>";

/**
 * The answer without reasoning: complete <think>…</think> blocks are removed; a closing tag without an
 * opening one (servers that start the reply inside the reasoning) drops everything before it; an unfinished
 * block (stopped or cut while thinking) drops everything from its opening tag.
 */
export function stripReasoning(text: string): string {
  let answer = text.replace(/<think>[\s\S]*?<\/think>/g, "");
  const strayClose = answer.lastIndexOf(CLOSE);
  if (strayClose >= 0) answer = answer.slice(strayClose + CLOSE.length);
  const open = answer.indexOf(OPEN);
  if (open >= 0) answer = answer.slice(0, open);
  return answer.trim();
}

/** Whether the reasoning block has closed (the chat may switch to the answer at once). */
export const reasoningClosed = (raw: string) => raw.includes(CLOSE);
