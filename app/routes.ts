import { index, route, type RouteConfig } from "@react-router/dev/routes";
import { crowdfundingPath, productPath } from "../core/site";

const path = (absolute: string) => absolute.slice(1);

export default [
  index("routes/marketing/home.tsx"),
  route(path(crowdfundingPath), "routes/marketing/kickstarter.tsx"),
  route("about", "routes/marketing/about.tsx"),
  route("timeline", "routes/marketing/timeline.tsx"),
  route("business", "routes/marketing/business.tsx"),
  route(path(productPath("ai")), "routes/marketing/models.tsx"),
  route(path(productPath("apps")), "routes/marketing/apps.tsx"),
  route("join", "routes/marketing/join.tsx"),
  route("contact", "routes/marketing/contact.tsx"),
  route("subscribe", "routes/marketing/subscribe.tsx"),
  route("subscribe/confirm", "routes/marketing/subscribe-confirm.tsx"),
  route("unsubscribe", "routes/marketing/unsubscribe.tsx"),
  route("privacy", "routes/marketing/privacy.tsx"),
  route("auth", "routes/auth/route.tsx", { id: "routes/auth" }),
  route("login", "routes/auth/route.tsx", { id: "routes/login" }),
  route("auth/sign-out", "routes/auth/sign-out.ts"),
  route("account", "routes/account/route.tsx"),
  route("translate", "routes/translate/route.tsx"),
  route("translate/glossary", "routes/translate/glossary.tsx"),
  route("translate/glossary.csv", "routes/translate/glossary[.]csv.ts"),
  route("translate/document", "routes/translate/document.ts"),
  route("ai", "routes/chat/route.tsx"),
  route("dev/outbox", "routes/dev/outbox.tsx"),
  route("robots.txt", "routes/site/robots[.]txt.ts"),
  route("sitemap.xml", "routes/site/sitemap[.]xml.ts"),
  route("blog", "routes/blog/index.tsx"),
  route("blog/new", "routes/blog/new.tsx"),
  route("blog/rss.xml", "routes/blog/rss[.]xml.ts"),
  route("blog/:slug", "routes/blog/post.tsx"),
  route("blog/:slug/edit", "routes/blog/edit.tsx"),
  // The Studio (docs/product.md#studio): its layout checks ownership; each room is a child route.
  route("studio", "routes/studio/layout.tsx", [
    route("inbox", "routes/studio/inbox.tsx"),
    route("inbox/:id", "routes/studio/inbox-thread.tsx"),
    route("subscribers", "routes/studio/subscribers.tsx"),
    route("newsletters", "routes/studio/newsletters.tsx"),
    route("newsletters/:id", "routes/studio/newsletter.tsx"),
    route("posts", "routes/studio/posts.tsx"),
    route("comments", "routes/studio/comments.tsx"),
    route("people", "routes/studio/people.tsx"),
  ]),
  route("*", "routes/site/not-found.tsx"),
] satisfies RouteConfig;
