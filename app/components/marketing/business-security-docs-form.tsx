import { TextAreaField, TextField } from "~/components/forms/fields";
import { FormNotice, IntentField } from "~/components/forms/form-notice";
import { useFormAction } from "~/components/forms/use-form-action";
import { securityDocsSection } from "~/content/business";
import { formSchemaLoader } from "~/components/forms/form-schemas";
import { HumanCheck } from "~/components/forms/human-check";

const copy = securityDocsSection.form;

/** The security documentation request (the business page's action stores it like POST /api/forms/security). */
export function BusinessSecurityDocsForm({ labelledBy }: { labelledBy?: string }) {
  const { Form, formProps, intent, errors, pending, values, notice } = useFormAction({
    intent: "security",
    schema: formSchemaLoader("security"),
    action: `/business#${securityDocsSection.id}`,
    success: { title: copy.successTitle, description: copy.successDescription },
  });
  return (
    <Form {...formProps} aria-labelledby={labelledBy} className="grid gap-5 sm:grid-cols-2">
      <IntentField intent={intent} />
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
        name="company"
        label={copy.company.label}
        placeholder={copy.company.placeholder}
        autoComplete={copy.company.autoComplete}
        defaultValue={values.company}
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
        defaultValue={values.email}
        error={errors.email}
        className="sm:col-span-2"
      />
      <TextAreaField
        name="message"
        label={copy.message.label}
        placeholder={copy.message.placeholder}
        defaultValue={values.message}
        error={errors.message}
        optional
        rows={4}
        className="sm:col-span-2"
      />
      <HumanCheck className="text-slate-600 sm:col-span-2" />
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={pending}>
          {pending ? copy.pending : copy.submit}
        </button>
      </div>
    </Form>
  );
}
