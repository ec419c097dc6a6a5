import { index, route, type RouteConfig } from "@react-router/dev/routes";
import { crowdfundingPath, productPath } from "../core/site";

const path = (absolute: string) => absolute.slice(1);

export default [
  index("routes/home.tsx"),
  route(path(crowdfundingPath), "routes/kickstarter.tsx"),
  route("about", "routes/about.tsx"),
  route("timeline", "routes/timeline.tsx"),
  route("business", "routes/business.tsx"),
  route(path(productPath("ai")), "routes/models.tsx"),
  route(path(productPath("apps")), "routes/apps.tsx"),
  route("join", "routes/join.tsx"),
  route("contact", "routes/contact.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("auth", "routes/auth.tsx", { id: "routes/auth" }),
  route("login", "routes/auth.tsx", { id: "routes/login" }),
  route("account", "routes/account.tsx"),
  route("translate", "routes/translate.tsx"),
  route("ai", "routes/ai.tsx"),
  route("dev/outbox", "routes/dev.outbox.tsx"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("blog", "routes/blog.tsx"),
  route("blog/new", "routes/blog.new.tsx"),
  route("blog/rss.xml", "routes/blog.rss[.]xml.ts"),
  route("blog/:slug", "routes/blog.post.tsx"),
  route("blog/:slug/edit", "routes/blog.edit.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
