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

/** Set on a form whose own submit handler checks its fields first and then calls `holdForProof` (useFormAction). */
export const CHECKS_FIRST_ATTRIBUTE = "data-proof-after-check";

const gates = new WeakMap<HTMLFormElement, ProofGate>();

/**
 * For a submit handler that validated the form: true when the send must wait for its proof (the event is stopped
 * and sent again once the proof is ready), false when it may go now (a proof is ready, or the form has none).
 */
export function holdForProof(event: { currentTarget: EventTarget | null; nativeEvent: Event }) {
  const form = event.currentTarget instanceof HTMLFormElement ? event.currentTarget : null;
  const gate = form ? gates.get(form) : undefined;
  return gate ? gate.hold(event.nativeEvent as SubmitEvent) : false;
}

export class ProofGate {
  private widget: Widget | null = null;
  private ready: Promise<Widget> | null = null;
  /** A submit waiting for its proof, with the button that sent it. */
  private held: { submitter: HTMLElement | null } | null = null;
  /** The proof the last send carried: spent, even while the widget still shows it. */
  private sent: string | null = null;
  /** The submit event that is carrying it, which holdForProof then lets go. */
  private carrying: Event | null = null;
  /** The one solve in flight: a second verify() would abort the first, which then reports a failure. */
  private solving: Promise<unknown> | null = null;

  constructor(
    private readonly form: HTMLFormElement,
    private readonly container: HTMLElement,
    private readonly onState: (state: CheckState) => void,
  ) {
    form.addEventListener("focusin", this.start);
    // Capturing, on the form: ahead of React's submit handlers, which a held submit never reaches.
    form.addEventListener("submit", this.onSubmit, { capture: true });
    gates.set(form, this);
  }

  dispose() {
    this.form.removeEventListener("focusin", this.start);
    this.form.removeEventListener("submit", this.onSubmit, { capture: true });
    this.widget?.removeEventListener("statechange", this.onWidgetState);
    gates.delete(this.form);
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
      if (widget.getState() === "unverified") this.solve(widget);
    });
  };

  private solve(widget: Widget) {
    this.solving ??= widget.verify().finally(() => {
      this.solving = null;
    });
  }

  /** The solved proof in the widget's hidden field, unless the last send used it already. */
  private freshProof() {
    const field = this.container.querySelector<HTMLInputElement>(`input[name="${PROOF_FIELD}"]`);
    return this.widget?.getState() === "verified" && field?.value && field.value !== this.sent ? field.value : null;
  }

  private onSubmit = (event: SubmitEvent) => {
    const widget = this.widget;
    const proof = this.freshProof();
    if (widget && proof) {
      // This send carries the proof (its fields are read while the event is handled); the next needs a new one.
      this.sent = proof;
      this.carrying = event;
      setTimeout(() => {
        if (this.sent === proof && widget.getState() === "verified") widget.reset();
      }, 0);
      return;
    }
    // A form that checks its fields first holds through holdForProof: a wrong field is said at once, without a wait.
    if (this.form.hasAttribute(CHECKS_FIRST_ATTRIBUTE)) return;
    event.stopImmediatePropagation();
    this.hold(event);
  };

  /** Stops this submit and sends it again once the proof is ready; false when a proof is ready already. */
  hold(event: SubmitEvent) {
    if (event === this.carrying || this.freshProof()) return false;
    event.preventDefault();
    this.held = { submitter: event.submitter };
    void this.load().then((loaded) => {
      if (this.freshProof()) this.release();
      else this.solve(loaded);
    });
    return true;
  }

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
