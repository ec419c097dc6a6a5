// A QR code drawn as React SVG from uqr's module matrix, in the page itself: the secret it carries never leaves the
// browser for a QR service (docs/decisions/0015-two-factor.md). No markup string is injected anywhere.
import { encode } from "uqr";

/** One path of unit squares, one per dark module: small to send and crisp at any size. */
function modulesPath(matrix: boolean[][]) {
  const parts: string[] = [];
  matrix.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x} ${y}h1v1h-1z`);
    });
  });
  return parts.join("");
}

export function QrCode({ value, label, size = 192 }: { value: string; label: string; size?: number }) {
  const { data } = encode(value, { ecc: "M", border: 2 });
  const modules = data.length;
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      className="rounded-lg border border-slate-200 bg-white"
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={modulesPath(data)} fill="#0f172a" />
    </svg>
  );
}
