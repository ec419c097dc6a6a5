// Chat branches (docs/decisions/0026-chat-branches.md): the stream request's branch fields and the branch switch.
// An edit sends new text beside the edited message (its parentId); a regeneration names the user message to answer
// again and sends no text. The server checks that every id named is in the user's own conversation (else 404).
import * as z from "zod/mini";

const messageId = z.string().check(z.minLength(1), z.maxLength(64));

export const REGENERATE_ALONE = "A regeneration sends no text and no parentId: it answers the stored message again.";

/** Added to POST /api/ai-stream's body (core/schemas/chat.ts chatStreamSchema). */
export const branchFields = {
  /**
   * The message the new one follows: the last message of the branch the user sees, or for an edit the edited
   * message's own parent (null: a new first message). Omitted: after the end of the conversation's active branch.
   */
  parentId: z.optional(z.nullable(messageId)),
  /** The id of a user message to answer again: a new answer beside its others. */
  regenerate: z.optional(messageId),
};

type BranchRequest = { regenerate?: string; parentId?: string | null; text?: string; messages?: unknown[] };

/** A regeneration carries neither text nor a parent: both are the stored message's. */
export const regenerateAlone = z.refine<BranchRequest>(
  (input) => input.regenerate === undefined || (input.text === undefined && input.messages === undefined && input.parentId === undefined),
  { error: REGENERATE_ALONE, path: ["regenerate"] },
);

export const TEMPORARY_HAS_NO_BRANCHES = "A temporary chat has no versions: its messages cannot be edited or answered again.";

/** A temporary chat (docs/decisions/0027-temporary-chats.md) lives in the hub's memory as one line of messages. */
export const temporaryWithoutBranches = z.refine<BranchRequest & { temporary?: boolean }>(
  (input) => !input.temporary || (input.regenerate === undefined && input.parentId == null),
  { error: TEMPORARY_HAS_NO_BRANCHES, path: ["temporary"] },
);

/** POST /api/conversations/:id/branch: the message whose branch becomes the active one. */
export const branchSwitchSchema = z.object({ messageId });
