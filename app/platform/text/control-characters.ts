/**
 * C0 control characters and DEL. Never part of a path, a query value, a name, an email or a token;
 * a NUL cannot even be stored in a PostgreSQL text column.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/** The same less tab, line feed and carriage return, which a multi-line text field may hold. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
export const CONTROL_CHARACTER_BUT_WHITESPACE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
