import { TextAreaField, TextField } from "~/components/forms/fields";
import { useApiForm } from "~/components/forms/use-api-form";
import { securityDocsSection } from "~/content/business";

const copy = securityDocsSection.form;

/** The security documentation request (stored through /api/forms/security). */
export function BusinessSecurityDocsForm({ labelledBy }: { labelledBy?: string }) {
  const { onSubmit, errors, pending } = useApiForm("security", { successTitle: copy.successTitle, successDescription: copy.successDescription });
  return (
    <form method="post" noValidate onSubmit={onSubmit} aria-labelledby={labelledBy} className="grid gap-5 sm:grid-cols-2">
      <TextField name="name" label={copy.name.label} placeholder={copy.name.placeholder} autoComplete={copy.name.autoComplete} error={errors.name} />
      <TextField
        name="company"
        label={copy.company.label}
        placeholder={copy.company.placeholder}
        autoComplete={copy.company.autoComplete}
        error={errors.company}
        optional
      />
      <TextField
        name="email"
        type="email"
        inputMode="email"
        label={copy.email.label}
        placeholder={copy.email.placeholder}
        autoComplete={copy.email.autoComplete}
        error={errors.email}
        className="sm:col-span-2"
      />
      <TextAreaField
        name="message"
        label={copy.message.label}
        placeholder={copy.message.placeholder}
        error={errors.message}
        optional
        rows={4}
        className="sm:col-span-2"
      />
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={pending}>
          {pending ? copy.pending : copy.submit}
        </button>
      </div>
    </form>
  );
}
