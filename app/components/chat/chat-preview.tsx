// What a signed-out visitor sees of the chat (docs/product.md#ai-chat): the same screen, every control disabled, under
// the invitation to sign in (as on /translate), so that they know what they are signing in for.
import { chat } from "~/content/chat";
import { ChatToggles } from "./chat-toggles";
import { Composer } from "./composer";
import { ConversationBar } from "./conversation-bar";
import { MessageList } from "./message-list";

const nothing = () => undefined;
const refused = async () => false;
const TOGGLES: Parameters<typeof ChatToggles>[0]["toggles"] = { internet: false, persona: false, personaKind: "general", longMode: false };

export function ChatPreview() {
  return (
    <div className="mt-6 flex flex-col gap-4" data-testid="chat-preview">
      <ConversationBar
        conversations={[]}
        selectedId={null}
        disabled
        onSelect={nothing}
        onNewChat={nothing}
        onRename={refused}
        onArchive={async () => undefined}
        onDelete={refused}
        onShowShortcuts={nothing}
      />
      <ChatToggles toggles={TOGGLES} onChange={nothing} internetAvailable disabled />
      <MessageList messages={[]} serverHtml={{}} liveStreams={[]} pending={null} loading={false} emptyText={chat.signIn.text} onRetry={nothing} />
      <Composer value="" onChange={nothing} onSend={nothing} onStop={nothing} busy={false} stopping={false} disabled inputRef={{ current: null }} />
    </div>
  );
}
