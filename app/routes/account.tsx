// The account page (SPEC section 2): who is signed in, a way to the chat, sign out, and the user's
// own history in three tabs. The later issues fill the lists; until then each tab shows its empty state.
import { BookOpen, Languages, MessageSquare, MessagesSquare, type LucideIcon } from "lucide-react";
import { useId, useRef } from "react";
import { data, Link, useLoaderData, useSearchParams, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { RequireUser } from "~/components/auth/require-user";
import { SignOutButton } from "~/components/auth/sign-out-button";
import { pageMeta } from "~/lib/meta";
import { requireSignedIn, sessionHeaders } from "~/lib/session.server";

/** The route guard on the server: signed-out visitors go to /auth?next=/account before anything renders. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const resolved = await requireSignedIn(request, context);
  return data<AccountLoaderData>({ email: resolved.session!.user.email }, { headers: sessionHeaders(resolved) });
}

/** What the loader returns (the server work owns the loader; the page renders from this). */
export type AccountLoaderData = { email: string };

export const meta: MetaFunction = (args) => [
  ...pageMeta(args, { title: "Your account", description: "Your Parley account: your AI conversations, translations and blog responses.", path: "/account" }),
  { name: "robots", content: "noindex" },
];

const TABS = [
  { id: "ai", label: "AI History", icon: MessagesSquare, empty: "No conversations yet.", link: { to: "/ai", label: "Start a conversation" } },
  { id: "translate", label: "Translations", icon: Languages, empty: "No translations yet.", link: { to: "/translate", label: "Open the translator" } },
  { id: "blog", label: "Blog Responses", icon: BookOpen, empty: "No entries yet.", link: { to: "/blog", label: "Read the blog" } },
] as const satisfies ReadonlyArray<{ id: string; label: string; icon: LucideIcon; empty: string; link: { to: string; label: string } }>;

type TabId = (typeof TABS)[number]["id"];
const isTabId = (value: string | null): value is TabId => TABS.some((tab) => tab.id === value);

export default function AccountPage() {
  const { email } = useLoaderData<AccountLoaderData>();
  return (
    <RequireUser>
      <section className="container-page section">
        <div className="flex flex-col gap-6 sm:flex-row sm:items-end sm:justify-between">
          <div className="min-w-0">
            <p className="eyebrow">Account</p>
            <h1 className="heading-2 mt-3">Your account</h1>
            <p className="mt-3 text-slate-600">
              Signed in as <span className="font-medium break-all text-slate-900">{email}</span>
            </p>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Link to="/ai" className="btn-primary">
              <MessageSquare className="size-4" aria-hidden />
              Open AI Chat
            </Link>
            <SignOutButton />
          </div>
        </div>
        <HistoryTabs />
      </section>
    </RequireUser>
  );
}

/** WAI-ARIA tabs with automatic activation: arrow keys, Home and End move between tabs; the tab is kept in `?tab=`. */
function HistoryTabs() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get("tab");
  const active: TabId = isTabId(requested) ? requested : "ai";
  const baseId = useId();
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  function select(id: TabId, focus = false) {
    setSearchParams(
      (params) => {
        const nextParams = new URLSearchParams(params);
        if (id === "ai") nextParams.delete("tab");
        else nextParams.set("tab", id);
        return nextParams;
      },
      { replace: true, preventScrollReset: true },
    );
    if (focus) tabRefs.current[TABS.findIndex((tab) => tab.id === id)]?.focus();
  }

  function onKeyDown(event: React.KeyboardEvent, index: number) {
    const last = TABS.length - 1;
    const target =
      event.key === "ArrowRight" ? (index === last ? 0 : index + 1)
      : event.key === "ArrowLeft" ? (index === 0 ? last : index - 1)
      : event.key === "Home" ? 0
      : event.key === "End" ? last
      : null;
    if (target === null) return;
    event.preventDefault();
    select(TABS[target]!.id, true);
  }

  return (
    <div className="mt-10">
      <div role="tablist" aria-label="Your history" className="flex gap-1 overflow-x-auto border-b border-slate-200">
        {TABS.map((tab, index) => {
          const selected = tab.id === active;
          const Icon = tab.icon;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${tab.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => select(tab.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={`-mb-px inline-flex shrink-0 items-center gap-2 border-b-2 px-3 py-3 sm:px-4 text-sm font-medium whitespace-nowrap transition-colors ${
                selected ? "border-brand-600 text-brand-800" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
              }`}
            >
              <Icon className="hidden size-4 sm:block" aria-hidden />
              {tab.label}
            </button>
          );
        })}
      </div>
      {TABS.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-panel-${tab.id}`}
          aria-labelledby={`${baseId}-tab-${tab.id}`}
          hidden={tab.id !== active}
          tabIndex={0}
          className="py-8"
        >
          <div className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-12 text-center">
            <p className="text-slate-700">{tab.empty}</p>
            <Link to={tab.link.to} className="btn-secondary mt-4">
              {tab.link.label}
            </Link>
          </div>
        </div>
      ))}
    </div>
  );
}
