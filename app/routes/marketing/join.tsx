import { Briefcase, CodeXml, Handshake, Mail, MapPin, Megaphone, Palette, Upload, type LucideIcon } from "lucide-react";
import { SelectField, TextAreaField, TextField } from "~/components/forms/fields";
import { FormNotice, IntentField } from "~/components/forms/form-notice";
import { useFormAction } from "~/components/forms/use-form-action";
import {
  applicationSection,
  careerCategories,
  careersHero,
  careersMeta,
  careersRolesIntro,
  careersValues,
  careersValuesHeading,
  roleCategoryLabels,
  type CareerCategory,
  type CareersIcon,
} from "~/content/careers";
import { clientFormAction } from "~/lib/client-form-action";
import { pageMeta } from "~/lib/meta";
import { ROLE_CATEGORIES } from "@core/schemas/form-choices";
import { formSchemaLoader } from "~/components/forms/form-schemas";
import type { Route } from "./+types/join";
import { publicFormAction } from "./public-forms.server";
import { SectionHeading } from "~/components/marketing/section-heading";
import { HumanCheck } from "~/components/forms/human-check";

export const meta: Route.MetaFunction = (args) => pageMeta(args, careersMeta);

/** The application form posts here when the browser runs no JavaScript (and through a fetcher when it does). */
export const action = (args: Route.ActionArgs) => publicFormAction(args, ["application"]);

/** A post that never reached the server is answered as the form's failure, not with the error page. */
export const clientAction = (args: Route.ClientActionArgs) => clientFormAction(args);

const icons: Record<CareersIcon, LucideIcon> = { code: CodeXml, palette: Palette, handshake: Handshake, megaphone: Megaphone };

const roleOptions = ROLE_CATEGORIES.map((value) => ({ value, label: roleCategoryLabels[value] }));

export default function JoinPage() {
  return (
    <>
      <section className="bg-linear-to-b from-brand-50 to-white">
        <div className="container-page grid items-center gap-12 py-16 sm:py-24 lg:grid-cols-[1.2fr_1fr]">
          <div>
            <p className="eyebrow">{careersHero.eyebrow}</p>
            <h1 className="heading-1 mt-4">{careersHero.title}</h1>
            <p className="lead mt-6 max-w-2xl">{careersHero.lead}</p>
            <a href={careersHero.cta.href} className="btn-primary mt-10">
              {careersHero.cta.label}
            </a>
          </div>
          <img src={careersHero.image.src} alt={careersHero.image.alt} width={480} height={400} className="mx-auto hidden w-full max-w-md lg:block" />
        </div>
        <div className="container-page pb-16">
          <h2 className="sr-only">{careersValuesHeading}</h2>
          <ul className="grid gap-6 md:grid-cols-3">
            {careersValues.map((value) => (
              <li key={value.title} className="card">
                <h3 className="text-lg font-semibold">{value.title}</h3>
                <p className="mt-2 text-slate-600">{value.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id={careersRolesIntro.id} className="section scroll-mt-16" aria-labelledby="roles-heading">
        <div className="container-page">
          <SectionHeading id="roles-heading" eyebrow={careersRolesIntro.eyebrow} title={careersRolesIntro.title} lead={careersRolesIntro.lead} />
          <div className="mt-12 grid gap-6 lg:grid-cols-2">
            {careerCategories.map((category) => (
              <CategoryCard key={category.id} category={category} />
            ))}
          </div>
        </div>
      </section>

      <section id={applicationSection.id} className="section scroll-mt-16 bg-slate-50" aria-labelledby="apply-heading">
        <div className="container-page grid gap-12 lg:grid-cols-[1fr_1.4fr]">
          <div>
            <p className="eyebrow">{applicationSection.eyebrow}</p>
            <h2 id="apply-heading" className="heading-2 mt-3">
              {applicationSection.title}
            </h2>
            <p className="lead mt-4">{applicationSection.lead}</p>
            <p className="mt-8 text-sm text-slate-600">
              {applicationSection.directContact.label}{" "}
              <a
                href={`mailto:${applicationSection.directContact.email}`}
                className="inline-flex items-center gap-1 font-medium text-brand-700 underline hover:text-brand-900"
              >
                <Mail className="size-4" aria-hidden />
                {applicationSection.directContact.email}
              </a>
            </p>
          </div>
          <div className="card sm:p-8">
            <ApplicationForm />
          </div>
        </div>
      </section>
    </>
  );
}

function CategoryCard({ category }: { category: CareerCategory }) {
  const Icon = icons[category.icon];
  const headingId = `category-${category.id}`;
  return (
    <article className="card flex flex-col" aria-labelledby={headingId}>
      <div className="flex items-start gap-4">
        <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <Icon className="size-5" aria-hidden />
        </span>
        <div>
          <h3 id={headingId} className="text-xl font-semibold">
            {category.title}
          </h3>
          <p className="mt-1 text-slate-600">{category.description}</p>
        </div>
      </div>
      <h4 className="mt-6 text-sm font-semibold uppercase tracking-wide text-slate-500">{careersRolesIntro.rolesHeading}</h4>
      <ul className="mt-3 divide-y divide-slate-100">
        {category.roles.map((role) => (
          <li key={role.title} className="py-3 first:pt-0">
            <p className="font-medium text-slate-900">{role.title}</p>
            <p className="mt-1 text-sm text-slate-600">{role.summary}</p>
            <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500">
              <span className="inline-flex items-center gap-1">
                <Briefcase className="size-3.5" aria-hidden />
                {role.type}
              </span>
              <span className="inline-flex items-center gap-1">
                <MapPin className="size-3.5" aria-hidden />
                {role.location}
              </span>
            </p>
          </li>
        ))}
      </ul>
      <h4 className="mt-4 text-sm font-semibold uppercase tracking-wide text-slate-500">{careersRolesIntro.skillsHeading}</h4>
      <ul className="mt-3 flex flex-wrap gap-2">
        {category.skills.map((skill) => (
          <li key={skill} className="rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-700">
            {skill}
          </li>
        ))}
      </ul>
    </article>
  );
}

function ApplicationForm() {
  const copy = applicationSection.form;
  const { Form, formProps, intent, errors, pending, values, notice } = useFormAction({
    intent: "application",
    schema: formSchemaLoader("application"),
    action: `/join#${applicationSection.id}`,
    success: { title: copy.successTitle, description: copy.successDescription },
  });
  return (
    <Form {...formProps} aria-labelledby="application-form-heading" className="grid gap-5 sm:grid-cols-2">
      <IntentField intent={intent} />
      <h3 id="application-form-heading" className="text-xl font-semibold sm:col-span-2">
        {copy.title}
      </h3>
      <div className="sm:col-span-2 empty:hidden">
        <FormNotice notice={notice} />
      </div>
      <TextField
        name="name"
        label={copy.name.label}
        placeholder={copy.name.placeholder}
        autoComplete={copy.name.autoComplete}
        defaultValue={values.name}
        error={errors.name}
      />
      <TextField
        name="email"
        type="email"
        inputMode="email"
        label={copy.email.label}
        placeholder={copy.email.placeholder}
        autoComplete={copy.email.autoComplete}
        defaultValue={values.email}
        error={errors.email}
      />
      <TextField
        name="linkedin"
        type="url"
        inputMode="url"
        label={copy.linkedin.label}
        placeholder={copy.linkedin.placeholder}
        autoComplete={copy.linkedin.autoComplete}
        defaultValue={values.linkedin}
        error={errors.linkedin}
        optional
        className="sm:col-span-2"
      />
      <SelectField
        name="role"
        label={copy.role.label}
        placeholder={copy.role.placeholder}
        options={roleOptions}
        defaultValue={values.role ?? ""}
        error={errors.role}
        className="sm:col-span-2"
      />
      <TextAreaField
        name="message"
        label={copy.message.label}
        placeholder={copy.message.placeholder}
        defaultValue={values.message}
        error={errors.message}
        rows={6}
        className="sm:col-span-2"
      />
      <div className="sm:col-span-2">
        {/* Résumé upload is not available yet: the button is shown but inert, and the note says what to do instead. */}
        <button type="button" className="btn-secondary" disabled aria-describedby="resume-upload-note">
          <Upload className="size-4" aria-hidden />
          {copy.resume.label}
        </button>
        <p id="resume-upload-note" className="mt-2 text-sm text-slate-600">
          {copy.resume.note}
        </p>
      </div>
      <HumanCheck className="text-slate-600 sm:col-span-2" />
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={pending}>
          {pending ? copy.pending : copy.submit}
        </button>
      </div>
    </Form>
  );
}
