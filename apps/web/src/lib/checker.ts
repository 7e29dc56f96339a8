/**
 * The generic form checker of the spec (section 5). A rule set names each field with its own
 * message and an ordered list of rules; fields are checked in the order the set lists them and
 * the first failing rule's message is returned.
 *
 * Format rules (phone, email, idcard, url, reg, number, string) skip an empty value: emptiness
 * is the `required` rule's business, so an optional field can still carry a format. `same`
 * always runs (an empty confirmation of a non-empty password must fail).
 */

export type FormatRuleType = 'phone' | 'email' | 'idcard' | 'url' | 'number';

export type Rule =
  | { type: 'required'; message?: string }
  | { type: FormatRuleType; message?: string }
  /** Custom pattern; without a message: the field's message + ' Validation failed'. */
  | { type: 'reg'; pattern: RegExp; message?: string }
  /** Must equal another field of the same data. */
  | { type: 'same'; field: string; message?: string }
  /** Exact length in characters. */
  | { type: 'string'; length: number; message?: string };

export interface FieldRules {
  /** The field's message: the default for its rules. */
  message: string;
  rules: readonly Rule[];
}

export type RuleSet = Readonly<Record<string, FieldRules>>;

export interface CheckFailure {
  field: string;
  message: string;
}

const PATTERNS: Record<FormatRuleType, RegExp> = {
  phone: /^1\d{10}$/,
  email: /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/,
  idcard: /^(\d{15}|\d{17}[\dXx])$/,
  url: /^(https?|ftp):\/\/[^\s/?#]+(?:[/?#]\S*)?$/i,
  number: /^\d+$/,
};

/** A falsy value, or a string of only whitespace. */
export function isEmpty(value: unknown): boolean {
  return !value || (typeof value === 'string' && value.trim() === '');
}

function passes(rule: Rule, value: unknown, data: Readonly<Record<string, unknown>>): boolean {
  if (rule.type === 'required') return !isEmpty(value);
  if (rule.type === 'same') return value === data[rule.field];
  if (isEmpty(value)) return true;
  const text = String(value);
  switch (rule.type) {
    case 'reg':
      // A global or sticky pattern keeps state between calls; start from the beginning each time.
      rule.pattern.lastIndex = 0;
      return rule.pattern.test(text);
    case 'string':
      return [...text].length === rule.length;
    default:
      return PATTERNS[rule.type].test(text);
  }
}

function messageOf(rule: Rule, field: FieldRules): string {
  if (rule.message) return rule.message;
  return rule.type === 'reg' ? `${field.message} Validation failed` : field.message;
}

/** The first failing rule of one field, or null. */
export function checkField(
  value: unknown,
  field: FieldRules,
  data: Readonly<Record<string, unknown>> = {},
): string | null {
  for (const rule of field.rules) {
    if (!passes(rule, value, data)) return messageOf(rule, field);
  }
  return null;
}

/** The first failure over the fields in rule-set order, or null when everything passes. */
export function check(data: Readonly<Record<string, unknown>>, rules: RuleSet): CheckFailure | null {
  for (const [name, field] of Object.entries(rules)) {
    const message = checkField(data[name], field, data);
    if (message !== null) return { field: name, message };
  }
  return null;
}
