// Copy of the Stay Updated dialog and the /subscribe page (the answer to a subscription sent without JavaScript).
import { site } from "@core/site";

export const stayUpdated = {
  title: "Stay Updated",
  description: `Launch news, early-bird offers and the occasional product update from ${site.name}. No tracking pixels, ever.`,
  successTitle: "Thanks for subscribing!",
  successDescription: "Check your inbox for product updates & launch invites.",
  back: "Back to where you were",
};

export const subscribeMeta = { title: stayUpdated.title, description: stayUpdated.description };
