// Kept free of zod so that pages can share these without loading the validation library.

/** docs/product.md#subscriptions: text, an at sign, text, a dot, text, and no spaces anywhere. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const INVALID_EMAIL_MESSAGE = "Please enter a valid email.";
