// The automatic human check's hold on a form (docs/decisions/0018-bot-protection.md): the ALTCHA widget solves a
// proof when the visitor starts on the form, and a submit that comes before the proof is held until it is ready,
// then sent again. Each proof is used once: after a send the next one is solved afresh.
import { PROOF_CHALLENGE_PATH, PROOF_FIELD } from "@core/bot-protection";

/** The widget's own states (altcha's State enum). */
type WidgetState = "unverified" | "verifying" | "verified" | "error" | "expired" | "code";
type Widget = HTMLElement & { getState(): WidgetState; verify(): Promise<unknown>; reset(): void };

/** What the form's status line says. */
export type CheckState = "idle" | "verifying" | "verified" | "error" | "expired";

const shown = (state: WidgetState): CheckState => (state === "unverified" || state === "code" ? "idle" : state);

/** Loads the widget (our bundle only, no other host) into `container`, once it is needed. */
async function mountWidget(container: HTMLElement): Promise<Widget> {
  await import("~/lib/human-check.client");
  const widget = document.createElement("altcha-widget") as Widget;
  widget.setAttribute("challenge", PROOF_CHALLENGE_PATH);
  widget.setAttribute("name", PROOF_FIELD);
  widget.setAttribute("auto", "off");
  // No vendor logo or link, no interaction recording, no artificial delay: the status line is the only UI.
  widget.setAttribute("configuration", JSON.stringify({ hideFooter: true, hideLogo: true, humanInteractionSignature: false, minDuration: 0 }));
  const loaded = new Promise<void>((resolve) => widget.addEventListener("load", () => resolve(), { once: true }));
  container.appendChild(widget);
  await loaded;
  return widget;
}

export class ProofGate {
  private widget: Widget | null = null;
  private ready: Promise<Widget> | null = null;
  /** A submit waiting for its proof, with the button that sent it. */
  private held: { submitter: HTMLElement | null } | null = null;

  constructor(
    private readonly form: HTMLFormElement,
    private readonly container: HTMLElement,
    private readonly onState: (state: CheckState) => void,
  ) {
    form.addEventListener("focusin", this.start);
    // Capturing, on the form: ahead of React's submit handlers, which a held submit never reaches.
    form.addEventListener("submit", this.onSubmit, { capture: true });
  }

  dispose() {
    this.form.removeEventListener("focusin", this.start);
    this.form.removeEventListener("submit", this.onSubmit, { capture: true });
    this.widget?.removeEventListener("statechange", this.onWidgetState);
  }

  private load() {
    this.ready ??= mountWidget(this.container).then((widget) => {
      this.widget = widget;
      widget.addEventListener("statechange", this.onWidgetState);
      return widget;
    });
    return this.ready;
  }

  /** The visitor is on the form: solve a proof now, so that it is ready when they send. */
  private start = () => {
    void this.load().then((widget) => {
      if (widget.getState() === "unverified") void widget.verify();
    });
  };

  private onSubmit = (event: SubmitEvent) => {
    const widget = this.widget;
    if (widget?.getState() === "verified") {
      // This send carries the proof (its fields are read while the event is handled); the next needs a new one.
      setTimeout(() => widget.reset(), 0);
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    this.held = { submitter: event.submitter };
    void this.load().then((loaded) => {
      const state = loaded.getState();
      if (state === "verified") this.release();
      else if (state !== "verifying") void loaded.verify();
    });
  };

  private onWidgetState = (event: Event) => {
    const state = (event as CustomEvent<{ state: WidgetState }>).detail.state;
    this.onState(shown(state));
    if (state === "verified") this.release();
    // A failed check does not send by itself later: the visitor sends again, which tries again.
    if (state === "error") this.held = null;
  };

  private release() {
    const held = this.held;
    this.held = null;
    if (held)
      this.form.requestSubmit(held.submitter instanceof HTMLButtonElement || held.submitter instanceof HTMLInputElement ? held.submitter : null);
  }
}
