import { useId } from "react";

type CtaBandProps = {
  title: string;
  body: string;
  /** Links or buttons, laid out in a wrapping row. */
  actions: React.ReactNode;
};

/** A closing call to action: a rounded brand panel inside the page container. */
export function CtaBand({ title, body, actions }: CtaBandProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="container-page pb-16 sm:pb-24">
      <div className="rounded-3xl bg-gradient-to-br from-brand-700 to-brand-900 px-6 py-12 text-center text-white sm:px-12 sm:py-16">
        <h2 id={headingId} className="heading-2">
          {title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-100">{body}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div>
      </div>
    </section>
  );
}
