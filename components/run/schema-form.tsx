'use client';

import { useMemo } from 'react';
import type { JsonSchema } from '@/lib/json-schema/json-schema';
import { deriveFormFields, type FormField } from '@/lib/state/forms/schema-form-fields';
import { formDefaultValue } from '@/lib/state/run/run-store';
import { useRunStore } from '@/lib/state/run/run-store';
import styles from './run.module.css';

/** The input of a worker with an input schema, one control per field (derived in lib, rendered here). */
export function SchemaForm({ schema }: { schema: JsonSchema }) {
  const fields = useMemo(() => deriveFormFields(schema), [schema]);
  const values = useRunStore((state) => state.formValues);
  const setValue = useRunStore((state) => state.setFormValue);
  return (
    <fieldset style={{ border: 'none', margin: 0, padding: 0 }} data-testid="run-input-form">
      <legend className={styles.label}>Input (from the worker&apos;s input schema)</legend>
      {fields.map((field) => (
        <FieldControl key={field.name} field={field} value={values.get(field.name) ?? formDefaultValue(field)} onChange={(value) => setValue(field.name, value)} />
      ))}
    </fieldset>
  );
}

interface FieldControlProps {
  field: FormField;
  value: string | boolean | readonly string[] | undefined;
  onChange: (value: string | boolean) => void;
}

function FieldControl({ field, value, onChange }: FieldControlProps) {
  const id = `run-field-${field.name || 'input'}`;
  const text = typeof value === 'string' ? value : Array.isArray(value) ? value.join('\n') : '';
  const label = (
    <label className={styles.label} htmlFor={id}>
      {field.label}
      {field.required ? ' *' : ''}
    </label>
  );
  const help = field.description === undefined ? null : <p className={styles.hint}>{field.description}</p>;
  // The schema's own example, never an invented one.
  const placeholder = field.example === undefined ? undefined : `e.g. ${field.example}`;
  switch (field.kind) {
    case 'boolean':
      return (
        <div>
          <label className={styles.label}>
            <input id={id} type="checkbox" checked={value === true || value === 'true'} onChange={(event) => onChange(event.target.checked)} /> {field.label}
          </label>
          {help}
        </div>
      );
    case 'enum':
      return (
        <div>
          {label}
          <select id={id} className={styles.select} value={text} onChange={(event) => onChange(event.target.value)}>
            <option value="">{field.required ? 'Choose…' : '(none)'}</option>
            {(field.options ?? []).map((option) => (
              <option key={String(option)} value={String(option)}>
                {String(option)}
              </option>
            ))}
          </select>
          {help}
        </div>
      );
    case 'string-list':
    case 'json':
      return (
        <div>
          {label}
          <textarea id={id} className={styles.textarea} value={text} onChange={(event) => onChange(event.target.value)} placeholder={placeholder ?? (field.kind === 'json' ? 'JSON value' : 'One item per line')} />
          {help}
        </div>
      );
    default:
      return (
        <div>
          {label}
          {field.multiline ? (
            <textarea id={id} className={styles.textarea} value={text} placeholder={placeholder} onChange={(event) => onChange(event.target.value)} />
          ) : (
            <input id={id} className={styles.input} inputMode={field.kind === 'string' ? 'text' : 'decimal'} value={text} placeholder={placeholder} onChange={(event) => onChange(event.target.value)} />
          )}
          {help}
        </div>
      );
  }
}
