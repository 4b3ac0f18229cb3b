// The browser build ships without its own declarations; its API is the package's main one.
declare module 'pdfjs-dist/build/pdf.mjs' {
  export * from 'pdfjs-dist';
}
