type SectionHeadingProps = {
  /** Id of the h2, for the section's aria-labelledby. */
  id: string;
  eyebrow?: string;
  title: string;
  lead?: string;
  align?: "left" | "center";
};

/** Eyebrow, h2 and lead at the top of a page section. */
export function SectionHeading({ id, eyebrow, title, lead, align = "left" }: SectionHeadingProps) {
  return (
    <div className={align === "center" ? "mx-auto max-w-3xl text-center" : "max-w-3xl"}>
      {eyebrow && <p className="eyebrow">{eyebrow}</p>}
      <h2 id={id} className="heading-2 mt-2">
        {title}
      </h2>
      {lead && <p className="lead mt-4">{lead}</p>}
    </div>
  );
}
