// A part of a language's catalog (src/i18n/messages/parts.ts), cut at build by scripts/vite-precompiled-messages.ts.
declare module '*.json?part=first-paint' {
  const messages: Record<string, string>;
  export default messages;
}
declare module '*.json?part=rest' {
  const messages: Record<string, string>;
  export default messages;
}
declare module '*.json?part=shell' {
  const messages: Record<string, string>;
  export default messages;
}
declare module '*.json?part=book' {
  const messages: Record<string, string>;
  export default messages;
}
