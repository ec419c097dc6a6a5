import { SelectField, TextAreaField, TextField } from "~/components/forms/fields";
import { FormNotice, IntentField } from "~/components/forms/form-notice";
import { useFormAction } from "~/components/forms/use-form-action";
import { contactCategoryLabels, contactForm } from "~/content/contact";
import { CONTACT_CATEGORIES } from "@core/schemas/form-choices";
import { formSchemaLoader } from "~/components/forms/form-schemas";
import { HumanCheck } from "~/components/forms/human-check";

const categoryOptions = CONTACT_CATEGORIES.map((value) => ({ value, label: contactCategoryLabels[value] }));

/** The contact page's message form (its action stores it like POST /api/forms/contact). */
export function ContactMessageForm({ labelledBy }: { labelledBy?: string }) {
  const { Form, formProps, intent, errors, pending, values, notice } = useFormAction({
    intent: "contact",
    schema: formSchemaLoader("contact"),
    action: "/contact",
    success: { title: contactForm.successTitle, description: contactForm.successDescription },
  });
  return (
    <Form {...formProps} aria-labelledby={labelledBy} className="grid gap-5 sm:grid-cols-2">
      <IntentField intent={intent} />
      <div className="sm:col-span-2 empty:hidden">
        <FormNotice notice={notice} />
      </div>
      <TextField
        name="name"
        label={contactForm.name.label}
        placeholder={contactForm.name.placeholder}
        autoComplete={contactForm.name.autoComplete}
        defaultValue={values.name}
        error={errors.name}
      />
      <TextField
        name="email"
        type="email"
        inputMode="email"
        label={contactForm.email.label}
        placeholder={contactForm.email.placeholder}
        autoComplete={contactForm.email.autoComplete}
        defaultValue={values.email}
        error={errors.email}
      />
      <SelectField
        name="category"
        label={contactForm.category.label}
        placeholder={contactForm.category.placeholder}
        options={categoryOptions}
        defaultValue={values.category ?? ""}
        error={errors.category}
        className="sm:col-span-2"
      />
      <TextAreaField
        name="message"
        label={contactForm.message.label}
        placeholder={contactForm.message.placeholder}
        defaultValue={values.message}
        error={errors.message}
        rows={6}
        className="sm:col-span-2"
      />
      <HumanCheck className="text-slate-600 sm:col-span-2" />
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={pending}>
          {pending ? contactForm.pending : contactForm.submit}
        </button>
      </div>
    </Form>
  );
}
