// Reasoning models write their thinking in <think>…</think> before the answer. The screen hides it while
// streaming; saved answers keep only the answer.

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
