// The text a person's identity is written with, wherever an account is found or created by it
// (single sign-on, SCIM, password sign-in, invites, the bootstrap): one spelling of an email address,
// so that the same person is one account whichever path created it, and names that show as they
// read. Accounts are matched by `lower(email)` (the unique index users_email_key); the address is
// stored as the person spelled it otherwise.

/**
 * Control characters (C0, DEL, C1) and the bidirectional embeddings, overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069): a name holding them cannot be stored (NUL) or shows other than it
 * reads ("Corp\u202Eevil" shows as "Corplive").
 */
export const UNSAFE_TEXT = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const UNSAFE_ALL = new RegExp(UNSAFE_TEXT.source, 'g');
/** How a refusal names UNSAFE_TEXT: "<field> must not contain …". */
export const UNSAFE_TEXT_RULE = 'must not contain control characters or bidirectional overrides (U+202A–U+202E, U+2066–U+2069)';

/** What canonicalEmail asks of an address, for the refusals that name it: "… is not an email address (EMAIL_RULE)". */
export const EMAIL_RULE = 'no spaces, control or bidirectional characters; a domain such as example.com';

export const hasUnsafeText = (text: string): boolean => UNSAFE_TEXT.test(text);
export const withoutUnsafeText = (text: string): string => text.replace(UNSAFE_ALL, '');

export const MAX_EMAIL = 320;
/**
 * An unquoted local part: no spaces or separators, no control or format characters (zero-width and
 * bidi ones included: they make two addresses look alike), none of RFC 5322's specials.
 */
const LOCAL = /^[^\s\p{Z}\p{Cc}\p{Cf}@"(),:;<>[\\\]]{1,64}$/u;
/** A DNS name of at least two labels (internationalized ones as their letters); no empty label. */
const LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}\p{M}-]{0,61}[\p{L}\p{N}\p{M}])?$/u;

/**
 * The spelling Hangar stores and looks an address up by (with lower()): trimmed, and without the one
 * trailing dot a fully qualified domain may carry (`dana@corp.test.` is `dana@corp.test`). Undefined
 * when what remains is not an address: no domain, spaces, control or bidi characters.
 */
export function canonicalEmail(raw: string): string | undefined {
  const email = raw.trim();
  if (email.length > MAX_EMAIL + 1) return undefined;
  const at = email.lastIndexOf('@');
  if (at < 1) return undefined;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1).replace(/\.$/, '');
  if (!LOCAL.test(local) || domain.length > 253) return undefined;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return undefined;
  const canonical = `${local}@${domain}`;
  return canonical.length <= MAX_EMAIL ? canonical : undefined;
}
