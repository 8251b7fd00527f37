declare module 'virtual:miniapp-strings' {
  /** Each installed language's `miniapp-` messages, by language tag (`en` always among them). */
  const strings: Record<string, Record<string, string>> & { en: Record<string, string> };
  export default strings;
}
