import { Link } from "react-router";

/** A Studio list's Previous / Page n of m / Next, shown only when the list has more than one page. */
export function StudioPager({
  label,
  page,
  pageCount,
  pageLink,
}: {
  label: string;
  page: number;
  pageCount: number;
  pageLink: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center gap-3 text-sm">
      {page > 1 && <Link to={pageLink(page - 1)}>Previous</Link>}
      <span>{`Page ${page} / ${pageCount}`}</span>
      {page < pageCount && <Link to={pageLink(page + 1)}>Next</Link>}
    </nav>
  );
}
