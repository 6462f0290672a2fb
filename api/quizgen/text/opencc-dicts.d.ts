// opencc-js ships its dictionaries as plain modules ("a b|c d|...") without type declarations.
declare module 'opencc-js/dict/*' {
  const entries: string;
  export default entries;
}
