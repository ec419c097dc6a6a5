// The choices of the public forms' selects, kept free of zod: a page lists them in its first JavaScript while the
// schemas that check them (forms.ts) load after it has hydrated (app/components/forms/form-schemas.ts).
export const ROLE_CATEGORIES = ["engineering", "design", "partnerships", "marketing", "other"] as const;
export const CONTACT_CATEGORIES = ["support", "sales", "partnership", "press", "general"] as const;
