// Types for bundle-size.mjs.
import type { CommandEnv } from "../offline-env.mjs";
export type BundleSize = { raw: number; gzip: number };

export const PAID_PLAN_LIMIT_BYTES: number;
export function dryRunBundle(options: { wrangler: string; cwd: string; outdir: string; env: CommandEnv }): void;
export function bundleFiles(outdir: string): string[];
export function measureBundle(contents: Uint8Array[]): BundleSize;
export function measureOutdir(outdir: string): BundleSize;
export function bundleReport(size: BundleSize, limit?: number): { line: string; over: boolean };
