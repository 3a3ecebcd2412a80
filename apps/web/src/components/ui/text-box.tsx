import { useId } from 'react';
import './text-box.css';

export type TextBoxMessage = { tone: 'ok' | 'error'; text: string };

/**
 * A labelled text input, or text area (`multiline`), with the form's own words under it: its
 * character counter (`counter`, such as "12 / 1000") and a message, read out when it changes.
 * `labelHidden` keeps the label for screen readers only, where the placeholder and the screen say it.
 * `fieldClassName` sizes the field (a text area's height); `className` is added to the wrapper.
 */
export function TextBox({
  label,
  labelHidden = false,
  value,
  onChange,
  multiline = false,
  rows,
  type = 'text',
  inputMode,
  autoComplete,
  maxLength,
  placeholder,
  disabled,
  fieldClassName,
  className,
  counter,
  message,
}: {
  label: string;
  labelHidden?: boolean;
  value: string;
  onChange(value: string): void;
  multiline?: boolean;
  rows?: number;
  type?: 'text' | 'email' | 'url';
  inputMode?: 'numeric' | 'email' | 'url';
  autoComplete?: string;
  maxLength?: number;
  placeholder?: string;
  disabled?: boolean;
  fieldClassName?: string;
  className?: string;
  counter?: string;
  message?: TextBoxMessage | null;
}) {
  const id = useId();
  const messageId = useId();
  const field = {
    id,
    className: fieldClassName ? `text-field ${fieldClassName}` : 'text-field',
    value,
    maxLength,
    placeholder,
    disabled,
    'aria-describedby': message ? messageId : undefined,
    'aria-invalid': message?.tone === 'error' ? true : undefined,
  };
  return (
    <div className={className ? `text-box ${className}` : 'text-box'}>
      <label htmlFor={id} className={labelHidden ? 'visually-hidden' : 'field-label'}>
        {label}
      </label>
      {multiline ? (
        <textarea {...field} rows={rows} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...field} type={type} inputMode={inputMode} autoComplete={autoComplete} onChange={(event) => onChange(event.target.value)} />
      )}
      {counter !== undefined ? <span className="form-hint">{counter}</span> : null}
      {message ? (
        <p id={messageId} className={`form-message form-message--${message.tone}`} aria-live="polite">
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
