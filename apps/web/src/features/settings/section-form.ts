/**
 * A settings section as a form: the section's view as form values (numbers and lists as the text the
 * merchant types), those values as the PUT's body, and a resolver that checks that body with the
 * domain's own input schema, so the screen refuses exactly what the API refuses.
 */
import {
  type CompanySettings,
  type FieldMeta,
  GATEWAY_CREDENTIAL_FIELDS,
  SETTINGS_SECTIONS,
  type SettingsSectionKey,
} from '@rentloop/domain/settings';
import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';

export type FormValues = Record<string, unknown>;
type Gateway = keyof typeof GATEWAY_CREDENTIAL_FIELDS;

const fieldsOf = (key: SettingsSectionKey) =>
  Object.entries(SETTINGS_SECTIONS[key].fields) as [
    string,
    FieldMeta & { schema: { safeParse(v: unknown): { success: boolean } } },
  ][];

/** Whether a field takes null (an empty text or select then means "none"). */
const nullable = (key: SettingsSectionKey, name: string) =>
  (
    SETTINGS_SECTIONS[key].fields as Record<
      string,
      { schema: { safeParse(v: unknown): { success: boolean } } }
    >
  )[name]?.schema.safeParse(null).success ?? false;

const emptyCredentials = () =>
  Object.fromEntries(
    (Object.entries(GATEWAY_CREDENTIAL_FIELDS) as [Gateway, readonly string[]][])
      .filter(([, fields]) => fields.length > 0)
      .map(([gateway, fields]) => [gateway, Object.fromEntries(fields.map((f) => [f, '']))]),
  );

/** The section as the form shows it. */
export function toFormValues(key: SettingsSectionKey, view: CompanySettings[SettingsSectionKey]): FormValues {
  const v = view as Record<string, unknown>;
  const out: FormValues = {};
  for (const [name, f] of fieldsOf(key)) {
    const value = v[name];
    switch (f.kind) {
      case 'switch':
        out[name] = Boolean(value);
        break;
      case 'multiselect':
        out[name] = Array.isArray(value) ? value : [];
        break;
      case 'numberlist':
      case 'codelist':
        out[name] = Array.isArray(value) ? value.join(', ') : '';
        break;
      default:
        out[name] = value === null || value === undefined ? '' : String(value);
    }
  }
  if (key === 'payment_service_provider') out.credentials = emptyCredentials();
  if (key === 'credit_check') out.secret = '';
  if (key === 'debt_collection') out.api_key = '';
  return out;
}

const listOf = (text: unknown) =>
  String(text ?? '')
    .split(/[\s,;]+/)
    .filter(Boolean);
const numberOf = (text: string) => (/^-?\d+$/.test(text.trim()) ? Number(text.trim()) : text);

/** The form's values as the PUT's body. */
export function toPayload(key: SettingsSectionKey, values: FormValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, f] of fieldsOf(key)) {
    const value = values[name];
    switch (f.kind) {
      case 'switch':
      case 'multiselect':
        out[name] = value;
        break;
      case 'number':
        out[name] = numberOf(String(value ?? ''));
        break;
      case 'numberlist':
        out[name] = listOf(value).map(numberOf);
        break;
      case 'codelist':
        out[name] = listOf(value).map((c) => c.toLowerCase());
        break;
      default: {
        const text = typeof value === 'string' && f.kind !== 'textarea' ? value.trim() : String(value ?? '');
        out[name] = text === '' && nullable(key, name) ? null : text;
      }
    }
  }
  if (key === 'payment_service_provider') {
    // Only credentials typed in are sent: the others stay as stored.
    const typed = Object.entries((values.credentials ?? {}) as Record<string, Record<string, string>>).filter(
      ([, fields]) => Object.values(fields).some((v) => v.trim() !== ''),
    );
    if (typed.length > 0) {
      out.credentials = Object.fromEntries(
        typed.map(([gateway, fields]) => [
          gateway,
          Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.trim()])),
        ]),
      );
    }
  }
  // The credit check's secret: only sent when typed in (else the stored one stays).
  if (key === 'credit_check' && typeof values.secret === 'string' && values.secret.trim() !== '') {
    out.secret = values.secret.trim();
  }
  // The debt collection agency's API key, the same way.
  if (key === 'debt_collection' && typeof values.api_key === 'string' && values.api_key.trim() !== '') {
    out.api_key = values.api_key.trim();
  }
  return out;
}

/** Puts a message at a dotted path of the errors object (the first one wins). */
function setError(errors: Record<string, unknown>, path: string[], error: FieldError) {
  let node = errors;
  for (const part of path.slice(0, -1)) {
    node[part] ??= {};
    node = node[part] as Record<string, unknown>;
  }
  const last = path.at(-1) ?? 'root';
  if (!node[last]) node[last] = error;
}

/**
 * The domain's input schema on the body the values make. An issue inside a list ("retry_schedule_days.1")
 * is shown on the list's field; a credential's on its own field.
 */
export function sectionResolver(
  key: SettingsSectionKey,
): Resolver<FormValues, unknown, Record<string, unknown>> {
  return async (values) => {
    const payload = toPayload(key, values);
    const parsed = SETTINGS_SECTIONS[key].input.safeParse(payload);
    if (parsed.success) return { values: parsed.data as Record<string, unknown>, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String);
      const at = path[0] === 'credentials' ? path.slice(0, 3) : path.slice(0, 1);
      setError(errors, at.length > 0 ? at : ['root'], { type: issue.code, message: issue.message });
    }
    return { values: {}, errors: errors as FieldErrors<FormValues> };
  };
}
