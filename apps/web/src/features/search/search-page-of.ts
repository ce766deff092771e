/** The results page of the words `text`. */
export const searchPageOf = (text: string) => `/search?${new URLSearchParams({ q: text.trim() }).toString()}`;
