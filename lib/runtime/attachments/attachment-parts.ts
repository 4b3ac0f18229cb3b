import type { FilePart, TextPart } from 'ai';
import type { WorkerDefinition } from '@/lib/worker/worker-schema';
import { MAX_REQUEST_BYTES } from '@/lib/model/protocol/step-protocol';
import { formatBytes } from '@/lib/text/format-bytes';
import { isTextPath } from '@/lib/vfs/mime-type';
import { decodeProjectText, isValidUtf8 } from '@/lib/vfs/utf8';
import { AttachmentError, type Attachment } from './attachment';
import { encodeBase64 } from '@/lib/encoding/base64';
import type { PdfTextExtractor } from './pdf-text-extractor';
import { formatExtractedPdfText } from '@/lib/pdf/format-extracted-text';
import { errorMessage } from '@/lib/errors/error-message';

/**
 * Turns attachments into the content parts of the child's first user message.
 * PDFs go as file parts to models that read PDFs natively, or as labelled,
 * page-marked extracted text to those that do not; text files always go as
 * text (every model reads text, and it costs fewer tokens than a file part).
 */
export type AttachmentPart = TextPart | FilePart;

export type PdfInputMode = 'native' | 'text';

/**
 * How PDFs reach the model: the worker's `pdf_input` wins when it says
 * "native" or "text"; "auto" (the default) asks the model (ModelOption.supportsPdf).
 */
export function resolvePdfInputMode(
  workerPdfInput: WorkerDefinition['pdf_input'],
  modelSupportsPdf: boolean,
): PdfInputMode {
  if (workerPdfInput === 'native' || workerPdfInput === 'text') return workerPdfInput;
  return modelSupportsPdf ? 'native' : 'text';
}

export interface AttachmentPartsOptions {
  pdfInput: PdfInputMode;
  /** Needed when pdfInput is "text" and a PDF is attached. */
  extractPdfText?: PdfTextExtractor;
  /**
   * Largest total the parts may add to a model request; defaults to the proxy's
   * MAX_REQUEST_BYTES less headroom for the rest of the conversation. Base64
   * grows files by a third, so a 50 MB PDF the VFS accepts cannot be sent as a
   * file part: better to say so now than to get a 413 from the proxy.
   */
  maxRequestBytes?: number;
}

/** Room left in a request for instructions, the conversation and tool schemas. */
const REQUEST_HEADROOM_BYTES = 1024 * 1024;

const PDF_MIME_TYPE = 'application/pdf';

export async function buildAttachmentParts(
  attachments: readonly Attachment[],
  options: AttachmentPartsOptions,
): Promise<AttachmentPart[]> {
  const limit = options.maxRequestBytes ?? MAX_REQUEST_BYTES - REQUEST_HEADROOM_BYTES;
  const parts: AttachmentPart[] = [];
  let total = 0;
  for (const attachment of attachments) {
    let part: AttachmentPart;
    if (attachment.mimeType === PDF_MIME_TYPE && options.pdfInput === 'text') {
      part = await extractedTextPart(attachment, options.extractPdfText);
    } else if (isTextPath(attachment.path) && isValidUtf8(attachment.bytes)) {
      part = textFilePart(attachment);
    } else {
      // Checked before encoding: no point building a 70 MB string that cannot be sent.
      total += Math.ceil(attachment.size / 3) * 4;
      if (total > limit) throw tooLargeForRequest(attachment, limit);
      parts.push(filePart(attachment));
      continue;
    }
    // Text parts: UTF-16 length is a fair lower bound of their JSON size.
    total += part.text.length;
    if (total > limit) throw tooLargeForRequest(attachment, limit);
    parts.push(part);
  }
  return parts;
}

function tooLargeForRequest(attachment: Attachment, limit: number): AttachmentError {
  const advice =
    attachment.mimeType === PDF_MIME_TYPE
      ? 'Pass fewer or smaller files, or set pdf_input: text on the worker to send extracted text.'
      : 'Pass fewer or smaller files.';
  return new AttachmentError({ code: 'too_large', message: `Cannot send "${attachment.path}" to the model: with the other attachments it exceeds the ${formatBytes(limit)} ` +
        `a model request may carry (files are base64-encoded, a third larger). ${advice}`, path: attachment.path });
}

export function filePart(attachment: Attachment): FilePart {
  return {
    type: 'file',
    data: encodeBase64(attachment.bytes),
    mediaType: attachment.mimeType,
    filename: attachment.name,
  };
}

export function textFilePart(attachment: Attachment): TextPart {
  // Only called for valid UTF-8 (checked above); the one project decoder, so a byte-order mark is dropped as everywhere.
  const text = decodeProjectText(attachment.bytes, attachment.path);
  return { type: 'text', text: `Contents of ${attachment.path}:\n${text}` };
}

async function extractedTextPart(attachment: Attachment, extract: PdfTextExtractor | undefined): Promise<TextPart> {
  if (extract === undefined) {
    throw new AttachmentError({ code: 'read_failed', message: `Cannot pass "${attachment.path}" as text: no PDF text extractor is available in this environment.`, path: attachment.path });
  }
  let pages: string[];
  try {
    ({ pages } = await extract(attachment.bytes));
  } catch (error) {
    const reason = errorMessage(error);
    throw new AttachmentError({ code: 'read_failed', message: `${attachment.path} is not a readable PDF: ${stripPathPrefix(reason)}`, path: attachment.path });
  }
  return { type: 'text', text: formatExtractedPdfText(attachment.path, pages) };
}

// Extractors may already say "… is not a readable PDF: reason"; keep just the reason.
function stripPathPrefix(reason: string): string {
  const marker = 'is not a readable PDF: ';
  const index = reason.indexOf(marker);
  return index === -1 ? reason : reason.slice(index + marker.length);
}
