import { Clock, Mail, MapPin, MessageCircle, Phone } from "lucide-react";
import { useState } from "react";
import { Link, useActionData, useSearchParams } from "react-router";
import { ContactLiveChat, ContactLiveChatPanel } from "~/components/marketing/contact-live-chat";
import { ContactMessageForm } from "~/components/marketing/contact-message-form";
import { Disclosure } from "~/components/ui/disclosure";
import { contactForm, contactHero, contactMeta, contactOptions, faqs, faqSection, liveChat, officeSection, responsePromise } from "~/content/contact";
import { clientFormAction } from "~/lib/client-form-action";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/contact";
import { publicFormAction } from "./public-forms.server";

export const meta: Route.MetaFunction = (args) => pageMeta(args, contactMeta);

/** The message form and the Live Chat's offline form post here (through a fetcher when the browser runs JavaScript). */
export const action = (args: Route.ActionArgs) => publicFormAction(args, ["contact", "live-chat"]);

/** A post that never reached the server is answered as the form's failure, not with the error page. */
export const clientAction = (args: Route.ClientActionArgs) => clientFormAction(args);

const iconTile = "inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700";
const textLink = "font-medium text-brand-700 underline decoration-brand-300 underline-offset-2 hover:text-brand-900 hover:decoration-brand-700";

/** The query that asks for the Live Chat panel in the page: what the "Start Live Chat" button sends without JavaScript. */
const CHAT_PARAM = "chat";

export default function ContactPage() {
  const [chatOpen, setChatOpen] = useState(false);
  const [searchParams] = useSearchParams();
  const answered = useActionData<typeof action>();
  // Without JavaScript the dialog cannot open: the panel is part of the page instead (one Live Chat form at a time).
  const chatInPage = !chatOpen && (searchParams.get(CHAT_PARAM) === "open" || answered?.intent === "live-chat");
  return (
    <>
      <section className="bg-linear-to-b from-brand-50 to-white">
        <div className="container-page grid items-center gap-12 py-16 sm:py-24 lg:grid-cols-[1.2fr_1fr]">
          <div>
            <p className="eyebrow">{contactHero.eyebrow}</p>
            <h1 className="heading-1 mt-4">{contactHero.title}</h1>
            <p className="lead mt-6 max-w-2xl">{contactHero.lead}</p>
          </div>
          <img src={contactHero.image.src} alt={contactHero.image.alt} width={480} height={360} className="mx-auto hidden w-full max-w-md lg:block" />
        </div>
      </section>

      <section aria-labelledby="options-heading" className="container-page pb-16">
        <h2 id="options-heading" className="sr-only">
          {contactOptions.title}
        </h2>
        <ul className="grid gap-6 md:grid-cols-3">
          <li className="card flex flex-col">
            <span className={iconTile}>
              <Mail className="size-5" aria-hidden />
            </span>
            <h3 className="mt-4 text-lg font-semibold">{contactOptions.email.title}</h3>
            <p className="mt-2 text-slate-600">{contactOptions.email.text}</p>
            <ul className="mt-4 space-y-1 text-sm">
              {contactOptions.email.addresses.map((address) => (
                <li key={address.email}>
                  <span className="text-slate-500">{address.label}: </span>
                  <a href={`mailto:${address.email}`} className={textLink}>
                    {address.email}
                  </a>
                </li>
              ))}
            </ul>
          </li>
          <li className="card flex flex-col">
            <span className={iconTile}>
              <MessageCircle className="size-5" aria-hidden />
            </span>
            <h3 className="mt-4 text-lg font-semibold">{contactOptions.chat.title}</h3>
            <p className="mt-2 text-slate-600">{contactOptions.chat.text}</p>
            {/* With JavaScript the click opens the dialog; without, it asks the server for the page with the panel open. */}
            <form method="get" action={`/contact#${liveChat.id}`} className="mt-4 self-start">
              <button
                type="submit"
                name={CHAT_PARAM}
                value="open"
                className="btn-primary"
                aria-haspopup="dialog"
                onClick={(event) => {
                  event.preventDefault();
                  setChatOpen(true);
                }}
              >
                {contactOptions.chat.button}
              </button>
            </form>
          </li>
          <li className="card flex flex-col">
            <span className={iconTile}>
              <Phone className="size-5" aria-hidden />
            </span>
            <h3 className="mt-4 text-lg font-semibold">{contactOptions.phone.title}</h3>
            <p className="mt-2 text-slate-600">{contactOptions.phone.text}</p>
            <a href={contactOptions.phone.href} className={`${textLink} mt-4 text-sm`}>
              {contactOptions.phone.number}
            </a>
          </li>
        </ul>
        {chatInPage && <ContactLiveChatPanel />}
        <ContactLiveChat open={chatOpen} onClose={() => setChatOpen(false)} />
      </section>

      <section id={contactForm.id} className="section scroll-mt-16 bg-slate-50" aria-labelledby="message-heading">
        <div className="container-page grid gap-12 lg:grid-cols-[1.4fr_1fr]">
          <div className="card sm:p-8">
            <h2 id="message-heading" className="heading-2">
              {contactForm.title}
            </h2>
            <p className="mt-2 mb-8 text-slate-600">{contactForm.lead}</p>
            <ContactMessageForm labelledBy="message-heading" />
          </div>
          <aside className="space-y-6" aria-label={officeSection.title}>
            <div className="card">
              <span className={iconTile}>
                <Clock className="size-5" aria-hidden />
              </span>
              <h2 className="mt-4 text-lg font-semibold">{responsePromise.title}</h2>
              <p className="mt-2 text-slate-600">{responsePromise.text}</p>
            </div>
            <div className="card">
              <span className={iconTile}>
                <MapPin className="size-5" aria-hidden />
              </span>
              <h2 className="mt-4 text-lg font-semibold">{officeSection.title}</h2>
              <p className="mt-3 text-sm font-semibold uppercase tracking-wide text-brand-700">{officeSection.headquarters.label}</p>
              <address className="mt-1 not-italic text-slate-700">
                <span className="block font-medium text-slate-900">{officeSection.headquarters.name}</span>
                {officeSection.headquarters.lines.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
              <p className="mt-4 text-sm text-slate-600">{officeSection.remote}</p>
            </div>
          </aside>
        </div>
      </section>

      <section className="section" aria-labelledby="faq-heading">
        <div className="container-page max-w-3xl">
          <p className="eyebrow">{faqSection.eyebrow}</p>
          <h2 id="faq-heading" className="heading-2 mt-3">
            {faqSection.title}
          </h2>
          <div className="mt-10 divide-y divide-slate-200 border-y border-slate-200">
            {faqs.map((faq) => (
              <Disclosure
                key={faq.id}
                headingLevel={3}
                summary={<span className="text-base font-semibold text-slate-900 sm:text-lg">{faq.question}</span>}
                buttonClassName="py-5"
                panelClassName="pb-6 pr-8 text-slate-600"
              >
                {faq.answer.map((paragraph) => (
                  <p key={paragraph} className="mt-3 first:mt-0">
                    {paragraph}
                  </p>
                ))}
                {faq.link && (
                  <Link to={faq.link.to} className={`${textLink} mt-3 inline-block`}>
                    {faq.link.label}
                  </Link>
                )}
              </Disclosure>
            ))}
          </div>
        </div>
      </section>
    </>
  );
}
