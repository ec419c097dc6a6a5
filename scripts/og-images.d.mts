// Types for og-images.mjs, for vite.config.ts and the TypeScript tests that use it.
import type { Plugin } from "vite";

export type CardSize = { width: number; height: number };
export type PageArtwork = { name: string; artwork: string };
export type SocialImagesOptions = { publicDir: string; size: CardSize; pages: readonly PageArtwork[]; covers: readonly string[] };

export function pageCardSvg(size: CardSize, logoSvg: string, artworkSvg: string): string;
export function coverCardSvg(size: CardSize, coverSvg: string): string;
export function pngSize(bytes: Uint8Array): CardSize | null;
export function renderPng(svg: string, size: CardSize): Promise<Uint8Array>;
export function generateSocialImages(options: SocialImagesOptions & { outDir: string }): Promise<string[]>;
export function socialImagesPlugin(options: SocialImagesOptions): Plugin;
