import { Disclosure } from "~/components/ui/disclosure";
import { industriesIntro, type Industry } from "~/content/business";
import { BusinessIconTile } from "./business-icons";

/**
 * One industry: a collapsible card with its feature table. Each card keeps its own open state, so
 * any number of them can be open at once (docs/product.md#public-site: they expand independently).
 */
export function BusinessIndustryCard({ industry }: { industry: Industry }) {
  return (
    <Disclosure
      headingLevel={3}
      className="rounded-2xl border border-slate-200 bg-white shadow-sm data-[state=open]:border-brand-200 data-[state=open]:shadow-md"
      buttonClassName="rounded-2xl p-5 hover:bg-slate-50 sm:p-6"
      panelClassName="border-t border-slate-200 px-5 pb-6 pt-4 sm:px-6"
      summary={
        <span className="flex items-start gap-4">
          <BusinessIconTile icon={industry.icon} />
          <span className="min-w-0">
            <span className="block text-lg font-semibold text-slate-900">{industry.title}</span>
            <span className="mt-1 block text-sm font-normal text-slate-600">{industry.tagline}</span>
          </span>
        </span>
      }
    >
      <p className="text-sm text-slate-600">
        <span className="font-medium text-slate-800">For:</span> {industry.audience}
      </p>
      <div className="mt-4 overflow-x-auto">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">{`${industry.title}: features`}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
              <th scope="col" className="w-2/5 py-2 pr-4 font-semibold">
                {industriesIntro.tableFeatureHeading}
              </th>
              <th scope="col" className="py-2 font-semibold">
                {industriesIntro.tableDescriptionHeading}
              </th>
            </tr>
          </thead>
          <tbody>
            {industry.features.map((row) => (
              <tr key={row.feature} className="border-b border-slate-100 last:border-0">
                <th scope="row" className="py-3 pr-4 align-top font-medium text-slate-900">
                  {row.feature}
                </th>
                <td className="py-3 align-top text-slate-600">{row.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Disclosure>
  );
}
