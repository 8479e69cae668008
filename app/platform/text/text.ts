/**
 * True when `text` holds a C0 control character other than tab, line feed and carriage return,
 * or DEL. Such characters (NUL above all) have no place in a form field and PostgreSQL refuses NUL.
 */
export function hasControlChars(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return true;
  }
  return false;
}

export const noControlChars = (text: string) => !hasControlChars(text);
