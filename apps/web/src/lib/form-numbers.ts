/** A number input's text as a number; blank is undefined (a browser leaves non-numbers blank too). */
export const numberOrBlank = (text: string) => (text.trim() === '' ? undefined : Number(text));
