// The Studio's rooms (docs/product.md#studio), in the order its navigation shows them. The first is where /studio
// leads. Each room is its own route under app/routes/studio/, and its loader checks ownership again on the server.
export type StudioSection = { to: string; label: string };

export const studioSections: StudioSection[] = [
  { to: "/studio/inbox", label: "Inbox" },
  { to: "/studio/subscribers", label: "Subscribers" },
  { to: "/studio/newsletters", label: "Newsletter" },
  { to: "/studio/posts", label: "Posts" },
  { to: "/studio/comments", label: "Comments" },
  { to: "/studio/people", label: "People" },
];

export const studioArea = {
  text: "Only the site's owners can open the Studio.",
  back: { to: "/", label: "Back to the home page" },
};
