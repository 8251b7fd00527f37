declare module 'virtual:miniapp-strings' {
  /** Each installed language's `miniapp-` messages, by language tag (`en` always among them). */
  const strings: Record<string, Record<string, string>> & { en: Record<string, string> };
  export default strings;
}

declare module 'virtual:app-strings' {
  /** Each installed language's `app-` messages (the customers' app), by language tag. */
  const strings: Record<string, Record<string, string>> & { en: Record<string, string> };
  export default strings;
}
