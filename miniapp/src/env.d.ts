declare module 'virtual:miniapp-strings' {
  const strings: Record<'en' | 'ru', Record<string, string>>;
  export default strings;
}
