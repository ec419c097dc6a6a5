// The browser tests' `test`: Playwright's, plus sign-in and account fixtures and a log of what the page did.
import { test as base, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { createAccount, signInDirectly } from "./login";

export { expect } from "@playwright/test";

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;
type Viewport = { width: number; height: number };

/** What the test's browser context requested and logged, in order. */
export type PageLog = {
  /** Every URL requested by any tab of the context. */
  requests: string[];
  /** Console messages as "type: text". */
  console: string[];
};

/** Starts recording what `target` (a tab, or every tab of a context) requests and logs. */
export function logPage(target: Page | BrowserContext): PageLog {
  const log: PageLog = { requests: [], console: [] };
  target.on("request", (request) => log.requests.push(request.url()));
  target.on("console", (message) => log.console.push(`${message.type()}: ${message.text()}`));
  return log;
}

/**
 * Accounts made once per worker by the login fixture (login.ts): tests that only need "some signed-in person"
 * share one session, as they shared the one they once signed in through the outbox for.
 */
export class Accounts {
  private readonly states = new Map<string, Promise<StorageState>>();

  constructor(
    private readonly browser: Browser,
    private readonly baseURL: string | undefined,
  ) {}

  /** The cookies of a session for `email` (a passwordless account), made the first time it is asked for. */
  sessionOf(email: string): Promise<StorageState> {
    let state = this.states.get(email);
    if (!state) {
      state = this.inOwnBrowser((page) => signInDirectly(page, email));
      this.states.set(email, state);
    }
    return state;
  }

  /** A confirmed password account, signed in nowhere, so that tests start signed out. */
  async create(email: string, password: string) {
    await createAccount(email, password);
  }

  private async inOwnBrowser(act: (page: Page) => Promise<void>): Promise<StorageState> {
    const context = await this.browser.newContext({ baseURL: this.baseURL });
    try {
      await act(await context.newPage());
      return await context.storageState();
    } finally {
      await context.close();
    }
  }
}

type VisitorOptions = { signedInAs?: string; viewport?: Viewport };

type TestFixtures = {
  /** When set (with `test.use`), the test's context starts with this person's session. */
  signedInAs: string | undefined;
  pageLog: PageLog;
  /** Signs the test's `page` in as `email` (an account made with `password`, or none); it ends on /account, hydrated. */
  signIn: (email: string, password?: string) => Promise<void>;
  /** A tab in a browser context of its own (another person), closed after the test. */
  newVisitor: (options?: VisitorOptions) => Promise<Page>;
};

type WorkerFixtures = { accounts: Accounts };

export const test = base.extend<TestFixtures, WorkerFixtures>({
  accounts: [async ({ browser }, use, workerInfo) => use(new Accounts(browser, workerInfo.project.use.baseURL)), { scope: "worker" }],

  signedInAs: [undefined, { option: true }],

  storageState: async ({ signedInAs, accounts, storageState }, use) => {
    await use(signedInAs ? await accounts.sessionOf(signedInAs) : storageState);
  },

  pageLog: async ({ context }, use) => {
    await use(logPage(context));
  },

  signIn: async ({ page }, use) => {
    await use((email, password) => signInDirectly(page, email, password ?? null));
  },

  newVisitor: async ({ browser, baseURL, viewport, accounts }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async ({ signedInAs, viewport: size = viewport ?? undefined } = {}) => {
      const storageState = signedInAs ? await accounts.sessionOf(signedInAs) : undefined;
      const context = await browser.newContext({ baseURL, viewport: size, storageState });
      contexts.push(context);
      return context.newPage();
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});
