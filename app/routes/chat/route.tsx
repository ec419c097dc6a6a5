// The AI chat (/ai, docs/product.md#ai-chat): a conversation picker, toggles, streaming answers, live updates across
// tabs. Signed-out visitors see the page and an invitation to sign in. ?c={id} opens a conversation.
import { FlaskConical, LockKeyhole, LogIn } from "lucide-react";
import { useRef, useState } from "react";
import { data, Link, useLoaderData, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import chatStyles from "~/components/chat/chat.css?inline";
import { ChatToggles } from "~/components/chat/chat-toggles";
import { InlineStyles } from "~/components/layout/inline-styles";
import { Composer } from "~/components/chat/composer";
import { ConversationBar } from "~/components/chat/conversation-bar";
import { MessageList } from "~/components/chat/message-list";
import { NotConfigured } from "~/components/chat/not-configured";
import { useChat, type ChatInitialData } from "~/components/chat/use-chat";
import { ChatPreview } from "~/components/chat/chat-preview";
import { editLastMessage } from "~/components/chat/edit-last-message";
import { ShortcutsDialog } from "~/components/chat/shortcuts-dialog";
import { TemporaryBanner, TemporaryToggle } from "~/components/chat/temporary-banner";
import { useChatShortcuts } from "~/components/chat/use-chat-shortcuts";
import { useUser } from "~/components/auth/user-context";
import { chat } from "~/content/chat";
import { pageMeta } from "~/lib/meta";
import { getRequestSession, sessionHeaders } from "~/lib/session.server";
import { database } from "@worker/db/client";
import { chatConfig } from "@worker/services/ai/config";
import { renderMarkdown } from "@worker/services/blog/markdown";
import { linkCitations } from "@core/chat/citations";
import { conversationMessages, findConversation, listConversations } from "@worker/services/chat/conversations";
import type { Route } from "./+types/route";
import { workerEnv } from "@worker/load-context";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args, { title: chat.meta.title, description: chat.meta.description, path: "/ai" })];

const SIGNED_OUT: ChatInitialData = { config: null, conversations: null, selected: null, html: {} };

/**
 * Signed in, the page arrives ready: the model configuration, the conversation list and the messages of
 * ?c= (their Markdown rendered and sanitized on the server). A signed-out visitor gets the invitation.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const resolved = await getRequestSession(request, context);
  const user = resolved.session?.user ?? null;
  if (!user) return data({ initial: SIGNED_OUT }, { headers: sessionHeaders(resolved) });
  const env = workerEnv(context);
  const db = database(env.DB);
  const requested = new URL(request.url).searchParams.get("c");
  const [conversations, selected] = await Promise.all([
    listConversations(db, user.id),
    // The conversation and its messages at once (docs/decisions/0028-the-d1-round-trip-budget.md): the messages are
    // filtered by the user too, and shown only when the conversation is theirs.
    requested
      ? Promise.all([findConversation(db, user.id, requested), conversationMessages(db, user.id, requested)]).then(([row, messages]) =>
          row ? { id: row.id, messages, activeMessageId: row.activeMessageId } : null,
        )
      : null,
  ]);
  const html: Record<string, string> = {};
  for (const message of selected?.messages ?? []) {
    if (message.role === "assistant" && message.status !== "streaming" && message.content) {
      html[message.id] = renderMarkdown(linkCitations(message.content, message.sources), "chat");
    }
  }
  const initial: ChatInitialData = {
    config: chatConfig(env),
    conversations,
    selected,
    html,
  };
  return data({ initial }, { headers: sessionHeaders(resolved) });
}

/** The screen keeps its own state once loaded: changing ?c= here does not run the loader again. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

export default function AiChatPage() {
  const { initial } = useLoaderData<typeof loader>();
  const { user } = useUser();
  const [searchParams] = useSearchParams();
  const requested = searchParams.get("c");
  // After signing in, come back here (to the linked conversation, if there was one).
  const signInHref = requested ? `/auth?next=${encodeURIComponent(`/ai?c=${requested}`)}` : "/auth?next=/ai";
  return (
    <section className="container-page py-6 sm:py-8">
      {/* Inline rather than a render-blocking request; a client-side navigation brings it in the route's chunk. */}
      <InlineStyles href="parley-chat" css={chatStyles} />
      <p className="eyebrow">{chat.eyebrow}</p>
      <h1 className="heading-2 mt-3">{chat.heading}</h1>
      <p className="mt-3 text-slate-600">{chat.intro}</p>
      <div className="mt-3 flex flex-col gap-2 text-sm sm:flex-row sm:flex-wrap sm:gap-x-6">
        <p role="note" className="flex items-start gap-2 text-slate-600">
          <FlaskConical className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden />
          {chat.experimentalNotice}
        </p>
        <p className="flex items-start gap-2 text-slate-600">
          <LockKeyhole className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden />
          {chat.privacyNotice}
        </p>
      </div>
      {user ? (
        <ChatScreen key={user.id} initial={initial} />
      ) : (
        <>
          <div className="card mt-8 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between" role="note">
            <p className="text-slate-700">{chat.signIn.text}</p>
            <Link to={signInHref} className="btn-primary">
              <LogIn className="size-4" aria-hidden />
              {chat.signIn.cta}
            </Link>
          </div>
          <ChatPreview />
        </>
      )}
    </section>
  );
}

function ChatScreen({ initial }: { initial: ChatInitialData }) {
  const state = useChat({ initial, enabled: true });
  const inputRef = useRef<HTMLInputElement>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  useChatShortcuts(true, () => inputRef.current, {
    newChat: () => {
      state.newChat();
      inputRef.current?.focus();
    },
    focusInput: () => inputRef.current?.focus(),
    stop: () => {
      if (!state.busy) return false;
      void state.stop();
      return true;
    },
    editLast: () => editLastMessage(state),
    showHelp: () => setHelpOpen(true),
  });
  const notConfigured = state.config !== null && state.config.provider === null;
  const liveStreams = Object.values(state.liveStreams).filter((stream) => stream.conversationId === state.selectedId);
  return (
    <div className="mt-5 flex flex-col gap-4">
      {notConfigured ? <NotConfigured /> : null}
      <ConversationBar
        conversations={state.conversations}
        selectedId={state.selectedId}
        disabled={false}
        onSelect={(id) => state.openConversation(id)}
        onNewChat={() => {
          state.newChat();
          inputRef.current?.focus();
        }}
        onRename={state.rename}
        onArchive={state.archive}
        onDelete={state.remove}
        onShowShortcuts={() => setHelpOpen(true)}
      />
      <ChatToggles
        toggles={state.toggles}
        onChange={state.setToggles}
        internetAvailable={state.config?.internetAvailable ?? false}
        disabled={notConfigured}
      >
        {state.temporary.available ? <TemporaryToggle checked={state.temporary.active} onChange={state.temporary.setActive} /> : null}
        <TemporaryBanner active={state.temporary.active} />
      </ChatToggles>
      <MessageList
        key={state.selectedId ?? "new"}
        messages={state.messages}
        serverHtml={state.serverHtml}
        liveStreams={liveStreams}
        pending={state.pending}
        loading={state.messagesLoading}
        emptyText={state.temporary.active ? chat.temporary.empty : chat.emptyConversation}
        onRetry={(message) => void state.retry(message)}
        branches={state.branches}
      />
      <Composer
        value={state.input}
        onChange={state.setInput}
        onSend={() => void state.send()}
        onStop={() => void state.stop()}
        busy={state.busy}
        stopping={state.pending?.stopping ?? false}
        disabled={notConfigured}
        inputRef={inputRef}
      />
      <ShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
    </div>
  );
}
