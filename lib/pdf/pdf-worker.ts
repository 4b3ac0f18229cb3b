// Entry of the pdf.js worker; importing it in a worker scope starts its message handler.
import 'pdfjs-dist/build/pdf.worker.min.mjs';
