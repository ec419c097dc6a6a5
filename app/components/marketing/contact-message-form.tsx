import { SelectField, TextAreaField, TextField } from "~/components/forms/fields";
import { useApiForm } from "~/components/forms/use-api-form";
import { contactCategoryLabels, contactForm } from "~/content/contact";
import { CONTACT_CATEGORIES } from "@core/schemas/forms";

const categoryOptions = CONTACT_CATEGORIES.map((value) => ({ value, label: contactCategoryLabels[value] }));

/** The contact page's message form (stored through /api/forms/contact). */
export function ContactMessageForm({ labelledBy }: { labelledBy?: string }) {
  const { onSubmit, errors, pending } = useApiForm("contact", {
    successTitle: contactForm.successTitle,
    successDescription: contactForm.successDescription,
  });
  return (
    <form method="post" noValidate onSubmit={onSubmit} aria-labelledby={labelledBy} className="grid gap-5 sm:grid-cols-2">
      <TextField
        name="name"
        label={contactForm.name.label}
        placeholder={contactForm.name.placeholder}
        autoComplete={contactForm.name.autoComplete}
        error={errors.name}
      />
      <TextField
        name="email"
        type="email"
        inputMode="email"
        label={contactForm.email.label}
        placeholder={contactForm.email.placeholder}
        autoComplete={contactForm.email.autoComplete}
        error={errors.email}
      />
      <SelectField
        name="category"
        label={contactForm.category.label}
        placeholder={contactForm.category.placeholder}
        options={categoryOptions}
        error={errors.category}
        className="sm:col-span-2"
      />
      <TextAreaField
        name="message"
        label={contactForm.message.label}
        placeholder={contactForm.message.placeholder}
        error={errors.message}
        rows={6}
        className="sm:col-span-2"
      />
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={pending}>
          {pending ? contactForm.pending : contactForm.submit}
        </button>
      </div>
    </form>
  );
}
