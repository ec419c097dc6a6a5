import { ChevronDown } from "lucide-react";
import { useId } from "react";

type Common = { name: string; label: string; error?: string; hint?: string; optional?: boolean; className?: string };

function useFieldIds(name: string) {
  const base = useId();
  return { inputId: `${base}-${name}`, errorId: `${base}-${name}-error`, hintId: `${base}-${name}-hint` };
}

function describedBy(ids: ReturnType<typeof useFieldIds>, error?: string, hint?: string) {
  return [hint ? ids.hintId : null, error ? ids.errorId : null].filter(Boolean).join(" ") || undefined;
}

function FieldFrame({
  ids,
  label,
  error,
  hint,
  optional,
  className = "",
  children,
}: Common & { ids: ReturnType<typeof useFieldIds>; children: React.ReactNode }) {
  return (
    <div className={className}>
      <label className="label" htmlFor={ids.inputId}>
        {label}
        {optional && <span className="ml-1 font-normal text-slate-500">(optional)</span>}
      </label>
      {children}
      {hint && (
        <p id={ids.hintId} className="mt-1.5 text-sm text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={ids.errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

type InputProps = Common & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name">;

export function TextField({ name, label, error, hint, optional, className, ...input }: InputProps) {
  const ids = useFieldIds(name);
  return (
    <FieldFrame ids={ids} name={name} label={label} error={error} hint={hint} optional={optional} className={className}>
      <input
        id={ids.inputId}
        name={name}
        className="input"
        required={!optional}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, error, hint)}
        {...input}
      />
    </FieldFrame>
  );
}

type TextAreaProps = Common & Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, "name">;

export function TextAreaField({ name, label, error, hint, optional, className, rows = 5, ...textarea }: TextAreaProps) {
  const ids = useFieldIds(name);
  return (
    <FieldFrame ids={ids} name={name} label={label} error={error} hint={hint} optional={optional} className={className}>
      <textarea
        id={ids.inputId}
        name={name}
        rows={rows}
        className="input resize-y"
        required={!optional}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, error, hint)}
        {...textarea}
      />
    </FieldFrame>
  );
}

type SelectProps = Common &
  Omit<React.SelectHTMLAttributes<HTMLSelectElement>, "name"> & { options: ReadonlyArray<{ value: string; label: string }>; placeholder?: string };

export function SelectField({ name, label, error, hint, optional, className, options, placeholder, ...select }: SelectProps) {
  const ids = useFieldIds(name);
  return (
    <FieldFrame ids={ids} name={name} label={label} error={error} hint={hint} optional={optional} className={className}>
      {/* Native for the keyboard, screen readers and browsers without JavaScript; drawn like the translator's pickers. */}
      <div className="relative">
        <select
          id={ids.inputId}
          name={name}
          className="input cursor-pointer appearance-none pr-10 font-medium"
          required={!optional}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ids, error, hint)}
          defaultValue={placeholder ? "" : undefined}
          {...select}
        >
          {placeholder && (
            <option value="" disabled>
              {placeholder}
            </option>
          )}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden />
      </div>
    </FieldFrame>
  );
}
